import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { demoFleet } from '../../src/shared/devices/demo';
import { onTenantClock, signIn } from './helpers';

// The five screens of wt-tools2 against the service, the seed and the in-process simulator.
// States are read from test ids and data attributes, not from translated texts.
test.describe.configure({ mode: 'serial' });

async function login(page: Page): Promise<void> {
  await signIn(page, 'demo', 'demo123');
}

test('/map/locations_jf: the locators at their newest fix with source and accuracy', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page);
  await page.goto('/map/locations_jf');
  const panel = page.getByTestId('jf-panel');
  await expect(panel).toHaveAttribute('data-count', /^[1-9]\d*$/, { timeout: 30_000 });
  const locators = demoFleet().filter((d) => d.kind === 'locator').length;
  expect(Number(await panel.getAttribute('data-count'))).toBe(locators);
  await expect(page.getByTestId('jf-accuracy').first()).toHaveText(/\d+(\.\d)? k?m/);
});

test('/map/Track_gps_jf: the seeded locator track lists each point’s source and accuracy', async ({ page }) => {
  test.setTimeout(120_000);
  // seedTracks writes a day for the second device of each moving kind.
  const imei = demoFleet().filter((d) => d.kind === 'locator')[1]!.imei;
  await login(page);
  const now = Date.now();
  await page.goto(
    `/map/Track_gps_jf?${new URLSearchParams({ imei, from: onTenantClock(new Date(now - 86_400_000)), to: onTenantClock(new Date(now + 60_000)) })}`,
  );
  const screen = page.getByTestId('track-screen');
  await expect(screen).toHaveAttribute('data-points', /^\d{2,}$/, { timeout: 30_000 });
  await expect(screen).toHaveAttribute('data-accuracy', 'true');
  await expect(page.getByTestId('track-row-accuracy').first()).toHaveText(/\d+(\.\d)? k?m/);
  const sources = await page
    .getByTestId('track-table')
    .locator('[data-source]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-source')));
  expect(new Set(sources).size).toBeGreaterThan(1);
});

test('/map/randomReload: a random sample of 3 online devices answers with acks', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page);
  await page.goto('/map/randomReload');
  await page.getByTestId('refresh-size').fill('3');
  await page.getByTestId('refresh-sample').click();
  await page.getByRole('dialog').getByRole('button').last().click();
  const report = page.getByTestId('refresh-report');
  await expect(report).toBeVisible();
  await expect(page.getByTestId('refresh-asked')).toHaveText('3');
  await expect(report).toHaveAttribute('data-done', 'true', { timeout: 40_000 });
  await expect(page.getByTestId('refresh-acked')).toHaveText(/^[1-3]$/);
});

test('/map/installationMap: the seeded records on the map and in the list', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page);
  await page.goto('/map/installationMap');
  await expect(page.getByTestId('installation-map')).toHaveAttribute('data-count', /^[1-9]\d*$/, { timeout: 30_000 });
  await expect(page.getByTestId('data-table').locator('tbody tr').first()).toBeVisible();
});

test('/map/drawingList1: the demo drawing opens with its base stations', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page);
  await page.goto('/map/drawingList1');
  await expect(page.getByTestId('drawing-card').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('station-marker').first()).toBeVisible({ timeout: 30_000 });
});
