import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signIn } from './helpers';

// The ways out to other systems (docs/integrations.md), walked as an administrator would: an
// integration key made on its screen and used by a program, a webhook endpoint with its guard and
// its deliveries, a scheduled report sent now with its file, and (super administrator) a tenant's
// forwarding to the machine's RabbitMQ, tested from its row.
const stamp = Date.now().toString(36);

/** Deletes a list row as a user does, confirming the question; the row goes. */
async function deleteRow(page: Page, row: Locator): Promise<void> {
  await row.getByRole('button', { name: '删除', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: '删除', exact: true }).click();
  await expect(row).toHaveCount(0);
}

/** Opens a multi-select of a form: its input is hidden under the pills box, which takes the click. */
async function pickMany(page: Page, input: Locator, ...options: string[]): Promise<void> {
  await input.locator('xpath=ancestor::div[contains(@class, "mantine-MultiSelect-input")]').click();
  for (const option of options) await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
}

test('an integration key made on its screen reads the devices, cannot change one, and stops once revoked', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'demo');
  await page.goto('/integrationKeyList');
  await page.getByTestId('integration-key-add').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('integration-key-name').fill(`Dispatch ${stamp}`);
  // Read only: the menu without its buttons (ticking a menu with its buttons shown ticks them all).
  await dialog.getByTestId('integration-key-read-only').check();
  await expect(dialog.getByRole('checkbox', { name: '修改设备', exact: true })).toHaveCount(0);
  await dialog.getByRole('checkbox', { name: '设备列表', exact: true }).first().check();
  await dialog.getByTestId('integration-key-save').click();
  const secret = (await page.getByTestId('integration-key-secret').textContent())!.trim();
  expect(secret).toMatch(/^ik_[0-9a-f]{12}_/);
  await page.getByRole('button', { name: '我已保存' }).click();
  const row = page.getByRole('row', { name: new RegExp(`Dispatch ${stamp}`) });
  await expect(row).toBeVisible();
  // The list shows the key's prefix, never the secret.
  await expect(page.getByText(secret)).toHaveCount(0);

  const headers = { authorization: `Bearer ${secret}` };
  const listed = await (await request.post('/api/device/device/list', { data: { pageSize: 5 }, headers })).json();
  expect(listed.code, listed.msg).toBe(0);
  expect(listed.data.total).toBeGreaterThan(0);
  const device = listed.data.rows[0];
  const change = await (
    await request.post('/api/device/device/update', { data: { id: device.id, name: 'renamed' }, headers })
  ).json();
  expect(change).toMatchObject({ code: 403, key: 'noPermission' });

  await row.getByTestId('row-revoke').click();
  await page.getByRole('dialog').getByRole('button', { name: '吊销' }).click();
  // A revoked key keeps its row (the audit names it) with its revocation time, and offers no more moves.
  await expect(row.getByTestId('row-revoke')).toHaveCount(0);
  await expect(row.getByTestId('row-rotate')).toHaveCount(0);
  const after = await (await request.post('/api/device/device/list', { data: { pageSize: 5 }, headers })).json();
  expect(after.key).toBe('apiKeyRevoked');
});

test('a webhook to a private address is refused in the form; a public one is kept, and its test event is in the deliveries', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'demo');
  await page.goto('/webhookList');
  await page.getByTestId('resource-add').click();
  const drawer = page.getByRole('dialog');
  await drawer.getByLabel(/^名称/).fill(`Desk ${stamp}`);
  await drawer.getByLabel(/^推送地址/).fill('http://127.0.0.1:9/hook');
  await pickMany(page, drawer.getByRole('combobox', { name: /^订阅事件/ }), '报警产生');
  await drawer
    .getByLabel(/^签名密钥/)
    .first()
    .fill('a-long-enough-shared-secret');
  await drawer.getByTestId('form-submit').click();
  // Server-side request forgery: the console says why and keeps the form.
  await expect(page.getByText('该地址为内网、回环或链路本地地址，Webhook 不可调用').first()).toBeVisible();
  await expect(drawer).toBeVisible();
  // A public address (documentation range: nothing answers it here).
  await drawer.getByLabel(/^推送地址/).fill('https://203.0.113.10/hook');
  await drawer.getByTestId('form-submit').click();
  await expect(drawer).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(`Desk ${stamp}`) });
  await expect(row).toBeVisible();
  await expect(row).not.toContainText('a-long-enough-shared-secret');

  await row.getByTestId('row-deliveries').click();
  const deliveries = page.getByTestId('webhook-deliveries');
  await expect(deliveries.getByTestId('webhook-deliveries-empty')).toBeVisible();
  await deliveries.getByTestId('webhook-test').click();
  // Nobody answers: the outcome says so, and the attempt is in the history.
  await expect(deliveries.getByRole('row').filter({ hasText: '测试事件' })).toBeVisible({ timeout: 30_000 });
  await expect(deliveries.getByTestId('webhook-deliveries-empty')).toBeHidden();
  await page.keyboard.press('Escape');
  await deleteRow(page, row);
});

test('the demo site’s daily alarm summary is sent now and its XLSX downloads from the history', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'demo');
  await page.goto('/reportSchedule');
  await page.getByTestId('report-schedule-open').filter({ hasText: '每日报警汇总' }).click();
  const runs = page.getByTestId('report-runs');
  await expect(runs).toBeVisible();
  const before = await runs.getByRole('row').count();
  await page.getByTestId('report-run-now').click();
  // Queued, then sent by the sweep "send now" starts (the history looks again while one is pending).
  await expect(runs.getByRole('row')).toHaveCount(before + 1);
  const newest = runs.getByRole('row').nth(1);
  await expect(newest).toContainText('手动');
  await expect(newest).toContainText('已发送', { timeout: 40_000 });
  const file = newest.getByRole('button', { name: /\.xlsx$/ });
  const download = page.waitForEvent('download');
  await file.click();
  const bytes = readFileSync((await (await download).path())!);
  // An XLSX is a ZIP archive.
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
});

test('the super administrator forwards a tenant’s events to RabbitMQ, with the password masked, and the test is confirmed', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin', 'admin123');
  await page.goto('/forwardTargets');
  await page.getByTestId('resource-add').click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('combobox', { name: /^所属企业/ }).click();
  await page.getByRole('option', { name: 'Demo Site', exact: true }).click();
  await drawer.getByLabel(/^名称/).fill(`Lake ${stamp}`);
  await drawer.getByRole('combobox', { name: /^协议/ }).click();
  await page.getByRole('option', { name: 'AMQP (RabbitMQ)', exact: true }).click();
  await drawer.getByLabel(/^代理地址/).fill('amqp://guest:guest@127.0.0.1:5672');
  await pickMany(page, drawer.getByRole('combobox', { name: /^转发事件/ }), '报警产生');
  await drawer.getByTestId('form-submit').click();
  await expect(drawer).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(`Lake ${stamp}`) });
  await expect(row).toContainText('amqp://guest:***@127.0.0.1:5672');
  await row.getByTestId('row-test').click();
  await expect(page.getByText(/代理已确认测试消息/).first()).toBeVisible({ timeout: 20_000 });
  // The other tests of this service raise alarms: nothing more of theirs goes to the broker.
  await deleteRow(page, row);
});
