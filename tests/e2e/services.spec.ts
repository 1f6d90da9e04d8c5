import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { e2eServices } from './services';

// Each worker has its own service (playwright.config.ts, tests/e2e/fixtures.ts): the page, the
// request fixture, a context the test opens itself and the environment the helpers read all reach
// service number parallelIndex, and no two services share a port or a data directory.
test('a worker uses only its own service: page, request, a new context, ports and data directory', async ({
  page,
  request,
  browser,
  baseURL,
  e2eService,
}, testInfo) => {
  const services = e2eServices();
  expect(services.length).toBeGreaterThanOrEqual(testInfo.config.workers);
  const ports = services.flatMap((s) => [s.port, s.mqttPort, s.rtspPort, ...Object.values(s.protocolPorts)]);
  expect(ports).toHaveLength(services.length * 10);
  expect(new Set(ports).size).toBe(ports.length);
  expect(new Set(services.map((s) => s.work)).size).toBe(services.length);

  expect(e2eService.index).toBe(testInfo.parallelIndex);
  const own = `http://127.0.0.1:${e2eService.port}`;
  expect(baseURL).toBe(own);
  expect(process.env.E2E_PORT).toBe(String(e2eService.port));
  expect(process.env.E2E_MQTT_PORT).toBe(String(e2eService.mqttPort));
  expect(process.env.E2E_GT06_PORT).toBe(String(e2eService.protocolPorts.gt06));
  expect(process.env.E2E_TELTONIKA_PORT).toBe(String(e2eService.protocolPorts.teltonika));
  expect(process.env.E2E_WORK).toBe(e2eService.work);
  // The service keeps its database in its own folder (scripts/e2e-server.mjs: E2E_WORK/data).
  expect(existsSync(join(e2eService.work, 'data'))).toBe(true);

  const health = await request.get('/api/health');
  expect(health.ok()).toBe(true);
  expect(new URL(health.url()).origin).toBe(own);

  await page.goto('/login');
  expect(new URL(page.url()).origin).toBe(own);
  // A second console of the same test (announcements, conference, escalation open one).
  const context = await browser.newContext();
  try {
    const other = await context.newPage();
    await other.goto('/login');
    expect(new URL(other.url()).origin).toBe(own);
  } finally {
    await context.close();
  }
});

// The tests of a file run in order in one worker: the second finds the first one's context gone.
let opened: BrowserContext | undefined;
test('a context a test opens and leaves open ...', async ({ browser }) => {
  opened = await browser.newContext();
  await (await opened.newPage()).goto('/login');
});

test('... is closed when that test ends (tests/e2e/fixtures.ts)', async ({ browser, page }) => {
  expect(opened).toBeDefined();
  expect(browser.contexts()).not.toContain(opened);
  expect(browser.contexts()).toEqual([page.context()]);
});
