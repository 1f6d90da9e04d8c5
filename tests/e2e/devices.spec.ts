import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signIn } from './helpers';

// Runs against the in-process simulator (config.sim defaults to the demo fleet outside production).
test.describe.configure({ mode: 'serial' });

async function openHelmetDetail(page: Page): Promise<string> {
  await page.goto('/DeviceList');
  const table = page.getByTestId('data-table');
  await expect(table.getByText(/^86\d{13}$/).first()).toBeVisible();

  // Filter by kind: only helmets remain.
  const kind = page.getByTestId('resource-filters').getByPlaceholder('设备类型', { exact: true });
  await kind.click();
  await page.getByRole('option', { name: '智能安全帽', exact: true }).click();
  await expect(page).toHaveURL(/filters/);
  await expect(table.locator('tbody tr').first()).toContainText('智能安全帽');
  const kinds = await table.locator('tbody tr').allInnerTexts();
  for (const row of kinds) expect(row).toContain('智能安全帽');

  // Prefer a helmet that is online right now; the simulator keeps most of them connected.
  // An MQTT helmet (the JT/T 808 demo helmet is registered under its terminal number).
  const online = table
    .locator('tbody tr')
    .filter({ has: page.locator('[data-state="online"]') })
    .filter({ hasText: /86\d{13}/ })
    .first();
  await expect(online).toBeVisible({ timeout: 30_000 });
  const imei = (await online.getByText(/^86\d{13}$/).innerText()).trim();
  await online.getByTestId('row-profile').click();
  await expect(page).toHaveURL(new RegExp(`/map/DeviceDtail\\?imei=${imei}`));
  await expect(page.getByTestId('device-imei')).toHaveText(imei);
  return imei;
}

test('demo opens the device list, filters by kind, changes a setting and sees a command acknowledged', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signIn(page, 'demo');
  await openHelmetDetail(page);

  // Settings: change the welcome message and save; the form reports the push.
  const welcome = `E2E ${Date.now().toString(36)}`;
  const form = page.getByTestId('settings-form');
  await form.getByTestId('setting-welcome').fill(welcome);
  await form.getByTestId('settings-save').click();
  await expect(form.getByTestId('settings-version')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('setting-welcome')).toHaveValue(welcome);

  // Command: locate now, then the log shows the device's acknowledgement.
  const panel = page.getByTestId('command-panel');
  await expect(page.getByTestId('device-header').getByTestId('device-state')).toHaveAttribute('data-state', 'online', {
    timeout: 30_000,
  });
  await panel.getByTestId('cmd-locate').click();
  const row = page.getByTestId('command-log').getByTestId('command-row').first();
  await expect(row).toHaveAttribute('data-cmd', 'locate');
  await expect(row).toHaveAttribute('data-acked', 'yes', { timeout: 30_000 });
  await expect(row.getByTestId('command-ack')).toBeVisible();
});
