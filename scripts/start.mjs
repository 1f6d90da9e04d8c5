#!/usr/bin/env node
// `npm start`: build the client when its sources are newer than dist/, then run the service
// as the one long-lived process (a signal it alone gets is forwarded, so one Ctrl+C or kill closes it cleanly).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { generate } from './entities.mjs';

const root = new URL('..', import.meta.url).pathname;
const inputs = [
  'src/client',
  'src/shared',
  'src/entities',
  'sw',
  'locales',
  'public',
  'index.html',
  'vite.config.ts',
  'package.json',
];

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), st.mtimeMs);
}

// The entity lists (src/entities/*.gen.ts) follow the folders before the build and the service read them.
generate();

const built = join(root, 'dist', 'index.html');
const stale = !existsSync(built) || inputs.some((p) => newest(join(root, p)) > statSync(built).mtimeMs);
if (stale && process.env.SKIP_BUILD !== '1') {
  console.log('Building the console (first start or sources changed)...');
  const r = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// V8 grows the old generation by up to 4x its live size before a full collection; under a fleet's
// traffic that is mostly garbage (the queued messages of a few seconds, promoted, then written):
// the heap reached 800 MB over 300 MB live. Growing it by half keeps the resident set near a
// gigabyte past capacity at the same rate (docs/performance.md "Ingest", docs/decisions.md). The
// bench (package.json "bench") runs with the same flag.
const SERVICE_NODE_FLAGS = ['--heap-growing-percent=50'];

/** How long a signal waits for the service to say it has it already, before it is forwarded. */
const FORWARD_AFTER_MS = 300;

const child = spawn(process.execPath, [...SERVICE_NODE_FLAGS, '--import', 'tsx', join(root, 'src/main.ts')], {
  cwd: root,
  // The IPC channel carries one message: the service saying it got a signal and is closing.
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
});
// A signal to the process group (Ctrl+C in a terminal) reaches the service directly as well: it
// is forwarded only when the service has not said, within a moment, that it is closing already
// (a signal sent to this process alone). The service takes a duplicate as the same shutdown anyway.
let closing = false;
child.on('message', (m) => {
  if (m && typeof m === 'object' && 'closing' in m) closing = true;
});
for (const sig of ['SIGINT', 'SIGTERM'])
  process.on(sig, () => {
    // Once it is closing, the service itself tells a duplicate from a second Ctrl+C (its grace period).
    if (closing) return void child.kill(sig);
    setTimeout(() => {
      if (!closing && child.exitCode === null && child.signalCode === null) child.kill(sig);
    }, FORWARD_AFTER_MS);
  });
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
