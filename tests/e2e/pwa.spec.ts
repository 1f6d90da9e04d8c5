import { expect, test } from './fixtures';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { expectShell, loginWithAccount, waitForServiceWorker, workDir } from './helpers';

// The service worker is what this file tests (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

test('the manifest offers 192 and 512 icons', async ({ request }) => {
  const res = await request.get('/manifest.webmanifest');
  expect(res.ok()).toBe(true);
  const manifest = (await res.json()) as { icons: { sizes: string }[]; display: string };
  expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.display).toBe('standalone');
});

test('the shell reloads with the network offline', async ({ page, context }) => {
  await page.goto('/login');
  await waitForServiceWorker(page);
  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByTestId('account-login')).toBeVisible();
    await expect(page.getByTestId('offline-badge')).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
});

test('a signed-in console started with the network off shows the device list it last saw', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await loginWithAccount(page, 'demo', 'demo123');
  await expectShell(page);
  await waitForServiceWorker(page);
  await page.goto('/DeviceList');
  const rows = page.getByTestId('data-table').locator('tbody tr');
  // A device's IMEI, or a patrol phone's identifier (another test on this service may have shared one).
  const IDENTIFIER = /\d{15}|PHONE\d{10}/;
  await expect(rows.first()).toContainText(IDENTIFIER, { timeout: 30_000 });
  const imei = IDENTIFIER.exec(await rows.first().innerText())![0];
  // The persister writes at most once a second.
  await page.waitForTimeout(1_500);
  await context.setOffline(true);
  try {
    // A fresh start, as when the installed app is opened again: the shell from the service
    // worker, the rows from the persisted cache, nothing waiting for the network.
    const cold = await context.newPage();
    await cold.goto('/DeviceList');
    await expect(cold.getByTestId('offline-badge')).toBeVisible();
    await expect(cold.getByTestId('data-table').locator('tbody tr').first()).toContainText(imei, { timeout: 20_000 });
    // Its refetch fails (the emulated network is down while the page still thinks it is online, as
    // on a site Wi-Fi that reaches nothing) and the persister writes again: the rows must survive
    // that, so the next start offline shows them too.
    await cold.waitForTimeout(2_500);
    await cold.close();
    const again = await context.newPage();
    await again.goto('/DeviceList');
    await expect(again.getByTestId('data-table').locator('tbody tr').first()).toContainText(imei, { timeout: 20_000 });
    await again.close();
  } finally {
    await context.setOffline(false);
  }
});

test('on a network that reaches nothing, the dashboard opened twice shows its stored figures both times', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await loginWithAccount(page, 'demo', 'demo123');
  await expectShell(page);
  await waitForServiceWorker(page);
  await page.goto('/index');
  await expect(page.locator('[data-testid^=dash-figure-]').first()).toContainText(/\d/, { timeout: 30_000 });
  await page.waitForTimeout(1_500);
  // Closed, as the app is between two launches: an open page would keep writing its own cache.
  await page.close();
  // A site Wi-Fi without a way out: the browser says online, every service call fails.
  await context.route(/\/api\//, (route) => route.abort('internetdisconnected'));
  try {
    for (let start = 0; start < 2; start++) {
      const cold = await context.newPage();
      await cold.goto('/index');
      await expect(cold.locator('[data-testid^=dash-figure-]').first()).toContainText(/\d/, { timeout: 20_000 });
      // Its refetch fails meanwhile and the persister writes again: the figures must stay stored.
      await cold.waitForTimeout(2_500);
      await cold.close();
    }
  } finally {
    await context.unrouteAll();
  }
});

test('a waiting service worker brings up the update prompt', async ({ page }) => {
  await page.goto('/login');
  await waitForServiceWorker(page);
  await expect(page.getByTestId('update-prompt')).toHaveCount(0);
  // Publish a "new version": any byte change to sw.js makes the browser install it and wait.
  appendFileSync(join(workDir(), 'static', 'sw.js'), `\n// e2e update ${Date.now()}\n`);
  await page.evaluate(async () => {
    await (await navigator.serviceWorker.getRegistration())?.update();
  });
  await expect(page.getByTestId('update-prompt')).toBeVisible({ timeout: 20_000 });
});
