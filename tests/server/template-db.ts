import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { createHasher } from '../../src/server/auth/passwords';
import { openDatabase, type Database, type Db } from '../../src/server/db/driver';
import { seed } from '../../src/server/db/seed';

/**
 * The seeded template of the test databases. Migrating and seeding took about 3.5 s per test file
 * on PostgreSQL and 5.8 s on PGlite (its empty start alone is 3.3 s); the server suite has over a
 * hundred files. The global setup (global-setup.ts) migrates and seeds once: a database that
 * `freshPostgres` copies (CREATE DATABASE ... TEMPLATE), or PGlite's data directory, unpacked once
 * on a memory-backed file system, that each test's PGlite opens a copy of. A copy is what a service finds that started some minutes after
 * its database was seeded: the demo's times are not moved (moving them would move the seeded
 * punches' times of day). A test app built on another day than the template's seeds afresh.
 */

// Test apps hash with this (helper.ts CHEAP_ARGON2); the template's demo passwords must verify with it.
export const CHEAP_ARGON2 = { memoryCost: 1024, timeCost: 1 };

const ENV_PG = 'TEST_TEMPLATE_PG';
const ENV_PGLITE = 'TEST_TEMPLATE_PGLITE';
const ENV_PGLITE_DIR = 'TEST_TEMPLATE_PGLITE_DIR';

/** Where the template's unpacked data directory and each test's copy of it go: memory-backed where the machine has it. */
const scratchRoot = () => (existsSync('/dev/shm') ? '/dev/shm' : tmpdir());
const TEMPLATE_PREFIX = 'console-test-template-';

/** Templates of runs that died before their teardown (their process is gone): on /dev/shm they hold memory. */
function removeStaleTemplates(ownerPid: number): void {
  for (const name of readdirSync(scratchRoot())) {
    const pid = Number(/^console-test-template-(\d+)-/.exec(name)?.[1]);
    if (!pid || pid === process.pid || pid === ownerPid) continue;
    try {
      process.kill(pid, 0);
    } catch {
      rmSync(join(scratchRoot(), name), { recursive: true, force: true });
    }
  }
}
const ENV_SEEDED_AT = 'TEST_TEMPLATE_SEEDED_AT';

/**
 * Whether this process was handed a PGlite template in its environment that is still there
 * (scripts/test.mjs builds one before the phases that use it, tests/server/template-cli.ts); a
 * run on PostgreSQL (DATABASE_URL) builds its own.
 */
export function givenTemplate(): boolean {
  const dir = process.env[ENV_PGLITE_DIR];
  return !process.env.DATABASE_URL && Boolean(dir) && existsSync(join(dir!, 'pglite'));
}

/**
 * Builds the template for this run (PostgreSQL when DATABASE_URL is set) and names it in the
 * environment. `ownerPid`: the process whose end makes the PGlite folder stale (this one unless
 * another process keeps the template for its children).
 */
export async function createTemplate(ownerPid = process.pid): Promise<() => Promise<void>> {
  const base = process.env.DATABASE_URL;
  const seededAt = Date.now();
  if (base) {
    const name = `test_template_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = postgres(base, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${name}"`);
    const database = await openDatabase({ databaseUrl: withDatabase(base, name), dataDir: '' });
    try {
      await seedDemo(database.db);
    } finally {
      await database.close();
    }
    process.env[ENV_PG] = name;
    process.env[ENV_SEEDED_AT] = String(seededAt);
    return async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end({ timeout: 5 });
    };
  }
  const database = await openDatabase({ dataDir: '', memory: true });
  const file = join(tmpdir(), `console-test-template-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
  try {
    await seedDemo(database.db);
    const client = (database.db as unknown as { $client: PGlite }).$client;
    await client.exec('checkpoint');
    // The checkpoint's redo point is all a start needs of pg_wal: the segments before it are done
    // with and those after it are recycled ones, written over when reached.
    const { rows } = await client.query<{ wal: string }>(
      'select pg_walfile_name(redo_lsn) as wal from pg_control_checkpoint()',
    );
    const dump = await client.dumpDataDir('none');
    writeFileSync(file, withoutWal(Buffer.from(await dump.arrayBuffer()), rows[0]!.wal));
  } finally {
    await database.close();
  }
  // Unpacked once: a test's database is a copy of this folder (a native file copy, about a tenth
  // of the CPU of unpacking the dump into PGlite's in-memory file system in every test file).
  removeStaleTemplates(ownerPid);
  const dir = mkdtempSync(join(scratchRoot(), `${TEMPLATE_PREFIX}${ownerPid}-`));
  const unpacked = await openDatabase({ dataDir: dir, memory: false, loadDataDir: new Blob([readFileSync(file)]) });
  await unpacked.close();
  mkdirSync(join(dir, 'copies'));
  process.env[ENV_PGLITE] = file;
  process.env[ENV_PGLITE_DIR] = dir;
  process.env[ENV_SEEDED_AT] = String(seededAt);
  return async () => {
    rmSync(file, { force: true });
    rmSync(dir, { recursive: true, force: true });
  };
}

/**
 * A tar of a data directory without the WAL segments other than `keep`: 64 of the dump's 142 MB
 * were segments every test file's PGlite unpacked and never read.
 */
export function withoutWal(tar: Buffer, keep: string): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at + 512 <= tar.length) {
    const header = tar.subarray(at, at + 512);
    if (header.every((b) => b === 0)) break;
    const field = (from: number, length: number) =>
      header
        .subarray(from, from + length)
        .toString('latin1')
        .replace(/\0.*$/s, '');
    const name = `${field(345, 155)}${field(0, 100)}`;
    const size = parseInt(field(124, 12).trim() || '0', 8);
    const end = at + 512 + Math.ceil(size / 512) * 512;
    const segment = /(^|\/)pg_wal\/([0-9A-F]{24})$/.exec(name);
    if (!segment || segment[2] === keep) parts.push(tar.subarray(at, end));
    at = end;
  }
  parts.push(Buffer.alloc(1024));
  return Buffer.concat(parts);
}

async function seedDemo(db: Db): Promise<void> {
  await seed(db, { hasher: createHasher(CHEAP_ARGON2), production: false });
}

export function withDatabase(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The PostgreSQL template to copy, when this run has one and it is still usable. */
export function pgTemplate(): string | undefined {
  return usable() ? process.env[ENV_PG] : undefined;
}

/**
 * Puts a copy of the template's data directory in `dataDir` (empty or new), as the service keeps
 * its own there (`<dataDir>/pglite`); false when this run has no template.
 */
export function copyTemplate(dataDir: string): boolean {
  const dir = process.env[ENV_PGLITE_DIR];
  if (!dir || !usable()) return false;
  cpSync(join(dir, 'pglite'), join(dataDir, 'pglite'), { recursive: true });
  return true;
}

/**
 * A PGlite opened on a copy of the template: in `dataDir` (empty or new) as the service keeps it,
 * or in a folder of its own under the template's, removed when it closes; undefined when there is none.
 */
export async function pgliteFromTemplate(dataDir?: string): Promise<Database | undefined> {
  const dir = process.env[ENV_PGLITE_DIR];
  if (!dir || !usable()) return undefined;
  if (dataDir) {
    copyTemplate(dataDir);
    return openDatabase({ dataDir, memory: false });
  }
  const own = mkdtempSync(join(dir, 'copies', 'db-'));
  try {
    copyTemplate(own);
    const database = await openDatabase({ dataDir: own, memory: false });
    return {
      ...database,
      close: async () => {
        try {
          await database.close();
        } finally {
          rmSync(own, { recursive: true, force: true });
        }
      },
    };
  } catch (err) {
    rmSync(own, { recursive: true, force: true });
    throw err;
  }
}

/** When the demo data a test app starts from was seeded: the template's time, else now (the app seeds afresh). */
export function seededAt(): number {
  return usable() ? Number(process.env[ENV_SEEDED_AT]) : Date.now();
}

/** Within the template's day (UTC and the service's zone alike): on the next, the demo's "today" would be yesterday. */
function usable(): boolean {
  const seededAt = Number(process.env[ENV_SEEDED_AT]);
  if (!seededAt) return false;
  const zones = ['UTC', process.env.TIME_ZONE || 'Asia/Shanghai'];
  return zones.every((timeZone) => {
    const day = (t: number) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(t);
    return day(seededAt) === day(Date.now());
  });
}
