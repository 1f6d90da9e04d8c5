import { defineConfig } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/chromium';

// Free ports are picked once here and handed to the workers through the environment.
function freePort(): number {
  const out = execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})",
  ]);
  return Number(String(out).trim());
}
process.env.E2E_PORT ??= String(freePort());
process.env.E2E_MQTT_PORT ??= String(freePort());
process.env.E2E_RTSP_PORT ??= String(freePort());
// The device protocol listeners (docs/protocols.md), off their Traccar ports so a local service keeps them.
process.env.E2E_WATCH_PORT ??= String(freePort());
process.env.E2E_GT06_PORT ??= String(freePort());
process.env.E2E_JT808_PORT ??= String(freePort());
process.env.E2E_OSMAND_PORT ??= String(freePort());
process.env.E2E_WORK ??= mkdtempSync(join(tmpdir(), 'console-e2e-'));
// The sandbox provider's callback secret, known to the tests so that they can sign a provider's
// notification themselves (billing.spec.ts sends one twice).
process.env.E2E_PAY_SANDBOX_SECRET ??= randomBytes(24).toString('hex');
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: process.env.E2E_PORT,
      MQTT_PORT: process.env.E2E_MQTT_PORT,
      SIM_RTSP_PORT: process.env.E2E_RTSP_PORT,
      WATCH_PORT: process.env.E2E_WATCH_PORT,
      GT06_PORT: process.env.E2E_GT06_PORT,
      JT808_PORT: process.env.E2E_JT808_PORT,
      OSMAND_PORT: process.env.E2E_OSMAND_PORT,
      E2E_WORK: process.env.E2E_WORK,
      PAY_SANDBOX_SECRET: process.env.E2E_PAY_SANDBOX_SECRET,
      PAY_SANDBOX: '1',
      HOST: '127.0.0.1',
    },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
