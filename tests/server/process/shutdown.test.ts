import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../mosquitto';
import { healthy, seedDataDir, serviceEnv, startServiceProcess } from '../service-process';

const root = new URL('../../..', import.meta.url).pathname;

/** The service on PGlite in `dataDir` (the run's seeded demo), the simulator and device protocols off. */
async function envOf(dataDir: string): Promise<NodeJS.ProcessEnv> {
  await seedDataDir(dataDir);
  // The launcher (scripts/start.mjs) builds nothing here: the service runs from its sources.
  return { ...serviceEnv({ dataDir, port: await freePort(), mqttPort: await freePort() }), SKIP_BUILD: '1' };
}

/** Exit code and signal of `p`, and what it wrote to stderr. */
function ended(p: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  let stderr = '';
  p.stderr?.on('data', (b: Buffer) => (stderr += b.toString()));
  return new Promise((resolve) => p.once('exit', (code, signal) => resolve({ code, signal, stderr })));
}

describe('one graceful shutdown whatever the signals', () => {
  const dirs: string[] = [];
  const procs: ChildProcess[] = [];
  afterAll(() => {
    for (const p of procs) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  const dataDir = () => {
    const d = mkdtempSync(join(tmpdir(), 'shutdown-'));
    dirs.push(d);
    return d;
  };

  it('npm start (scripts/start.mjs) closes cleanly on SIGINT to its process group: exit 0, lock gone', async () => {
    const dir = dataDir();
    const env = await envOf(dir);
    // Its own process group, as a terminal gives `npm start`: Ctrl+C signals every process in it.
    const starter = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
      cwd: root,
      env,
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    procs.push(starter);
    const exit = ended(starter);
    await healthy(Number(env.PORT));
    expect(existsSync(join(dir, 'pglite.lock'))).toBe(true);
    process.kill(-starter.pid!, 'SIGINT');
    const { code, stderr } = await exit;
    expect(stderr).not.toContain('again: exiting without closing');
    expect(code).toBe(0);
    expect(existsSync(join(dir, 'pglite.lock'))).toBe(false);
  }, 180_000);

  it('the service takes SIGINT then SIGTERM within its grace period as one shutdown: exit 0, lock gone', async () => {
    const dir = dataDir();
    const env = await envOf(dir);
    const svc = startServiceProcess(env);
    procs.push(svc);
    const exit = ended(svc);
    await healthy(Number(env.PORT));
    svc.kill('SIGINT');
    await new Promise((r) => setTimeout(r, 50));
    svc.kill('SIGTERM');
    svc.kill('SIGINT');
    const { code, stderr } = await exit;
    expect(stderr).not.toContain('again: exiting without closing');
    expect(code).toBe(0);
    expect(existsSync(join(dir, 'pglite.lock'))).toBe(false);
  }, 180_000);
});
