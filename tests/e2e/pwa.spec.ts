import { expect, test } from '@playwright/test';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { waitForServiceWorker, workDir } from './helpers';

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

test('a waiting service worker brings up the update prompt', async ({ page }) => {
  await page.goto('/login');
  await waitForServiceWorker(page);
  await expect(page.getByTestId('update-prompt')).toHaveCount(0);
  // Publish a "new version": any byte change to sw.js makes the browser install it and wait.
  appendFileSync(join(workDir(), 'static', 'sw.js'), `\n// e2e update ${Date.now()}\n`);
  await page.evaluate(async () => { await (await navigator.serviceWorker.getRegistration())?.update(); });
  await expect(page.getByTestId('update-prompt')).toBeVisible({ timeout: 20_000 });
});
