import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createHasher } from '../../../src/server/auth/passwords';
import { openDatabase, type Database } from '../../../src/server/db/driver';
import { DataDirLockedError, lockDataDir, ownerOf } from '../../../src/server/db/pglite-lock';
import { resources, roleResources, roles, tenants, users } from '../../../src/server/db/schema';
import { seed } from '../../../src/server/db/seed';
import { CHEAP_ARGON2, freshPostgres } from '../helper';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'console-db-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('PGlite directory lock', () => {
  it('refuses a second open of the same directory with a message naming the pid and directory', async () => {
    const dir = tempDir();
    const first = await openDatabase({ dataDir: dir });
    try {
      const err = await openDatabase({ dataDir: dir }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DataDirLockedError);
      expect((err as Error).message).toContain(`pid ${process.pid}`);
      expect((err as Error).message).toContain(dir);
      expect((err as Error).message).toContain('DATA_DIR');
    } finally {
      await first.close();
    }
    // closed: the directory opens again, with its data
    const again = await openDatabase({ dataDir: dir });
    await again.close();
  });

  it('takes over the stale lock of a dead process', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'pglite.lock'), '999999999');
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    release();
    lockDataDir(dir)();
  });

  const linux = existsSync('/proc/self/stat') && existsSync('/proc/sys/kernel/random/boot_id');
  const lockFile = (dir: string) => join(dir, 'pglite.lock');
  const takeOver = (dir: string) => {
    const told: string[] = [];
    const release = lockDataDir(dir, (m) => told.push(m));
    expect(JSON.parse(readFileSync(lockFile(dir), 'utf8'))).toMatchObject({ pid: process.pid });
    release();
    return told;
  };

  it.runIf(linux)(
    'takes over a lock naming our own pid with another start time (a container restarted as pid 1)',
    () => {
      const dir = tempDir();
      writeFileSync(lockFile(dir), JSON.stringify({ ...ownerOf(process.pid), startTime: '1' }));
      expect(takeOver(dir)).toEqual([
        expect.stringMatching(
          /^Took over the stale lock .*pglite\.lock \(pid \d+\): pid \d+ now belongs to another process$/,
        ),
      ]);
      // an old pid-only lock naming us is stale too
      writeFileSync(lockFile(dir), String(process.pid));
      expect(takeOver(dir)).toEqual([expect.stringContaining('is this process')]);
    },
  );

  it.runIf(linux)('takes over a lock from another boot even though its pid is alive with the same start time', () => {
    const dir = tempDir();
    writeFileSync(
      lockFile(dir),
      JSON.stringify({ ...ownerOf(process.ppid), bootId: '00000000-0000-0000-0000-000000000000' }),
    );
    expect(takeOver(dir)).toEqual([expect.stringContaining('before the machine restarted')]);
  });

  it('leaves the lock of a live process alone, and takes it once that process is gone', async () => {
    const dir = tempDir();
    const holder = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import('./src/server/db/pglite-lock.ts').then((m) => { m.lockDataDir(${JSON.stringify(dir)}); console.log('locked'); setInterval(() => {}, 1000); })`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      await new Promise<void>((resolve, reject) => {
        holder.stdout.on('data', (d: Buffer) => d.toString().includes('locked') && resolve());
        holder.once('exit', (code) => reject(new Error(`lock holder exited (${code})`)));
      });
      const err = (() => {
        try {
          lockDataDir(dir);
        } catch (e) {
          return e;
        }
      })();
      expect(err).toBeInstanceOf(DataDirLockedError);
      expect((err as Error).message).toContain(`pid ${holder.pid}`);
    } finally {
      const exited = new Promise((r) => holder.once('exit', r));
      holder.kill('SIGKILL');
      await exited;
    }
    expect(takeOver(dir)).toEqual([expect.stringContaining(`its process ${holder.pid} is gone`)]);
  }, 60_000);
});

describe('seed', () => {
  const hasher = createHasher(CHEAP_ARGON2);
  let db: Database | undefined;
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await db?.close();
    await drop?.();
  });

  it('seeds once: concurrent and repeated runs write nothing more', async () => {
    const pg = process.env.DATABASE_URL ? await freshPostgres(process.env.DATABASE_URL) : undefined;
    drop = pg?.drop;
    db = await openDatabase({ dataDir: '', memory: true, databaseUrl: pg?.url });
    const results = await Promise.all([
      seed(db.db, { hasher, production: false }),
      seed(db.db, { hasher, production: false }),
    ]);
    expect(results.filter((r) => r.seeded)).toHaveLength(1);
    expect((await seed(db.db, { hasher, production: false })).seeded).toBe(false);
    const [t] = await db.db.select({ n: count() }).from(tenants);
    expect(t!.n).toBe(2);
  });

  it('adds resources a newer release brings to an existing database and to the demo roles', async () => {
    const d = db!.db;
    const [device] = await d.select({ id: resources.id }).from(resources).where(eq(resources.value, 'DeviceList'));
    await d.delete(roleResources).where(eq(roleResources.resourceId, device!.id));
    await d.delete(resources).where(eq(resources.id, device!.id));
    expect((await seed(d, { hasher, production: false })).seeded).toBe(false);
    const [back] = await d
      .select({ id: resources.id, pid: resources.pid })
      .from(resources)
      .where(eq(resources.value, 'DeviceList'));
    expect(back?.id).toBeDefined();
    expect(back!.pid).toBeGreaterThan(0);
    const holders = await d
      .select({ role: roles.name })
      .from(roleResources)
      .innerJoin(roles, eq(roles.id, roleResources.roleId))
      .where(eq(roleResources.resourceId, back!.id));
    expect(holders.map((h) => h.role).sort()).toEqual(['Administrator', 'Visitor']);
    const before = await d.select({ n: count() }).from(resources);
    await seed(d, { hasher, production: false });
    expect(await d.select({ n: count() }).from(resources)).toEqual(before);
  });

  it('seeds production without demo data and with a generated administrator password', async () => {
    const prod = await openDatabase({ dataDir: '', memory: true, databaseUrl: undefined });
    try {
      const r = await seed(prod.db, { hasher, production: true });
      expect(r).toMatchObject({ seeded: true, demo: false });
      expect(r.generatedAdminPassword).toMatch(/^[A-Za-z0-9_-]{16}$/);
      const names = (await prod.db.select({ u: users.username }).from(users)).map((x) => x.u);
      expect(names).toEqual(['admin']);
      const [admin] = await prod.db.select().from(users);
      expect(await hasher.verify(admin!.passwordHash, r.generatedAdminPassword!)).toBe(true);
      expect(admin!.passwordHash).toMatch(/^\$argon2id\$/);
    } finally {
      await prod.close();
    }
  });
});
