#!/usr/bin/env node
// Starts the service for end-to-end tests on a throwaway data directory and a private copy of
// dist/ (the update-prompt test rewrites sw.js there to publish a "new version").
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const work = process.env.E2E_WORK ?? mkdtempSync(join(tmpdir(), 'console-e2e-'));
rmSync(join(work, 'static'), { recursive: true, force: true });
// E2E_DIST: a build other than ./dist, for running one spec against a private build.
cpSync(process.env.E2E_DIST ?? join(root, 'dist'), join(work, 'static'), { recursive: true });

const env = {
  ...process.env,
  DATA_DIR: join(work, 'data'),
  STATIC_DIR: join(work, 'static'),
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  SIM_CALL_EVERY_S: '0', // no random demo door calls (src/sim/fleet.ts) in the middle of a test
  // The site's helmets and UWB tags report whatever the hour (the indoor floor test runs in the evening too).
  SIM_SHIFTS: 'always',
};
// The e2e run always uses the embedded database and broker unless told otherwise.
if (!process.env.E2E_USE_EXTERNAL) {
  delete env.DATABASE_URL;
  delete env.MQTT_URL;
}
const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env,
});
const stop = (sig) => child.kill(sig);
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
child.on('exit', (code) => {
  rmSync(work, { recursive: true, force: true });
  process.exit(code ?? 0);
});
