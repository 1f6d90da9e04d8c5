import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signIn } from './helpers';

// The breaker screens against the service and the in-process simulator: the demo fleet's breakers
// sit behind 4G gateways (src/shared/devices/demo.ts) and obey switch commands (src/sim/breaker.ts).
// The first breaker of the fire site.
const IMEI = '860100000000015';

/** The first test meets a cold service (first login hashes, first chunks compile): try again. */
async function login(page: Page): Promise<void> {
  await signIn(page, 'demo', 'demo123');
}

const rowOf = (page: Page) => page.getByTestId('data-table').locator('tbody tr', { hasText: IMEI });

test('/cutoff: a closed demo breaker is opened after confirming; its ack and open state show', async ({ page }) => {
  test.setTimeout(200_000);
  await login(page);
  await page.goto('/cutoff');
  await expect(page.getByTestId('breaker-screen-open')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('breaker-lock-note')).toBeVisible();

  // Wait until the simulated breaker (and its gateway) are online and it has reported its switch.
  await expect(async () => {
    await page.reload();
    const row = rowOf(page);
    await expect(row.getByTestId('device-state')).toHaveAttribute('data-state', 'online', { timeout: 15_000 });
    await expect(row).toContainText('合闸', { timeout: 15_000 });
  }).toPass({ timeout: 100_000, intervals: [1_000] });

  // The action asks first.
  await rowOf(page).getByTestId('row-breaker-open').click();
  await expect(page.getByRole('dialog')).toContainText('分闸');
  await page.getByTestId('confirm-danger').click();

  const delivery = page.getByTestId('breaker-delivery').filter({ hasText: IMEI });
  await expect(delivery).toBeVisible();
  await expect(delivery).toHaveAttribute('data-acked', 'ack', { timeout: 20_000 });
  await expect(delivery.getByTestId('breaker-ack')).toContainText('opened');

  // The breaker reports its new state right after the ack, and the stored state follows: the row no
  // longer says closed (合闸). (The row's action button is labelled 分闸, so "contains 分闸" proves
  // nothing.) The list's own refetch at the ack can come before the report is stored, and it does
  // not refresh again by itself yet, so reload until the state shows.
  await expect(async () => {
    await page.reload();
    await expect(rowOf(page)).not.toContainText('合闸', { timeout: 5_000 });
  }).toPass({ timeout: 60_000, intervals: [1_000] });
});

test('/gateay_4G: a demo gateway lists the breakers behind it', async ({ page }) => {
  test.setTimeout(90_000);
  await login(page);
  await page.goto('/gateay_4G');
  const gateway = page.getByTestId('data-table').locator('tbody tr', { hasText: '860100000000037' });
  await expect(gateway).toBeVisible({ timeout: 30_000 });
  await gateway.getByTestId('row-sub-devices').click();
  const drawer = page.getByTestId('gateway-sub-devices');
  await expect(drawer.getByTestId('sub-device')).toHaveCount(2);
  await expect(drawer).toContainText(IMEI);
});
