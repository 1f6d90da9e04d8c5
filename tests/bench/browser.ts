import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Page } from '@playwright/test';
import { freePort } from '../server/mosquitto';
import { seedDataDir } from '../server/service-process';

/** Signs `page` in as the demo site's administrator through the login screen at `base`. */
export async function loginAsDemo(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/login`);
  const form = page.getByTestId('account-login');
  await form.getByRole('textbox').first().fill('demo');
  await form.locator('input[type="password"]').fill('demo123');
  await form.getByRole('button').last().click();
  await page.waitForURL((u) => !u.pathname.includes('/login'));
}

export interface BenchConsole {
  base: string;
  ports: { http: number; mqtt: number };
  /** Stops the service (SIGTERM, SIGKILL after 10 s) and resolves once it is gone. */
  stop(): Promise<void>;
}

/** Up to 3 minutes: a busy machine starts the service (migrations, seed) slowly. */
const START_MS = 180_000;

/**
 * The built console (dist/, `npm run build`) served by scripts/e2e-server.mjs as the e2e tests run
 * it, on a throwaway data directory and free ports: HTTP, and the embedded broker's TCP port when
 * `mqtt` (else MQTT over WebSocket only). The simulator's RTSP test cameras stay off: their
 * default port is fixed (8554), so two services on one machine collided there. Resolves once
 * /api/health answers; rejects when the service exits or does not answer in time.
 */
export async function startConsole(opts: { mqtt?: boolean; sim?: boolean } = {}): Promise<BenchConsole> {
  const ports = { http: await freePort(), mqtt: opts.mqtt ? await freePort() : 0 };
  // Its folder (scripts/e2e-server.mjs removes it at the end) holds the run's seeded demo when
  // BENCH_SMOKE made one (run.ts): a first start migrating and seeding took 42 s of the smoke run.
  const work = mkdtempSync(join(tmpdir(), 'console-bench-'));
  await seedDataDir(join(work, 'data'));
  const server = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    env: {
      ...process.env,
      E2E_WORK: work,
      PORT: String(ports.http),
      MQTT_PORT: String(ports.mqtt),
      SIM_RTSP_PORT: '0',
      ...(opts.sim === false ? { SIM: '0' } : {}),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));
  const stop = async () => {
    if (gone) return;
    server.kill('SIGTERM');
    const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  const base = `http://127.0.0.1:${ports.http}`;
  const until = Date.now() + START_MS;
  while (
    !(await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (gone || Date.now() > until) {
      await stop();
      throw new Error(
        gone ? 'the bench service exited at its start' : `the bench service did not answer within ${START_MS / 1000} s`,
      );
    }
    await sleep(500);
  }
  return { base, ports, stop };
}
