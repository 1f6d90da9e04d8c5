import { expect, test, type Page } from '@playwright/test';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expectShell, loginWithAccount } from './helpers';

// The live bridge and the global shell against the in-process simulator: a device event goes
// device -> broker -> ingest -> alarm engine -> push -> the console's MQTT -> the shell.
// The voice socket's heartbeat and reconnect timing are covered by the unit tests
// (tests/client/realtime/voiceSocket.test.ts): 25 s + 25 s + 6 s is too slow for a browser run.
test.describe.configure({ mode: 'serial' });

const run = promisify(execFile);
const simEnv = { ...process.env, PORT: process.env.E2E_PORT, MQTT_PORT: process.env.E2E_MQTT_PORT, HOST: '127.0.0.1' };

/** `npm run sim -- <args>` against the e2e service. */
async function sim(...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/sim/cli.ts', ...args], { env: simEnv, timeout: 60_000 });
  return stdout;
}

let roster: { imei: string; kind: string }[] | undefined;
async function deviceOf(kind: string): Promise<string> {
  roster ??= (await sim('list'))
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((cols) => /^86\d{13}$/.test(cols[0] ?? ''))
    .map(([imei, k]) => ({ imei: imei!, kind: k! }));
  const found = roster.find((d) => d.kind === kind);
  if (!found) throw new Error(`no ${kind} in the demo roster`);
  return found.imei;
}

async function login(page: Page): Promise<void> {
  await loginWithAccount(page, 'demo', 'demo123');
  await expectShell(page);
}

async function waitConnected(page: Page): Promise<void> {
  // mqtt.js loads lazily after login; give it the time of its first connect.
  await expect(page.locator('html')).toHaveAttribute('data-live', 'connected', { timeout: 20_000 });
}

test('an SOS from a helmet opens SOS紧急求救 and the device button opens its detail', async ({ page }) => {
  await login(page);
  await waitConnected(page);
  const helmet = await deviceOf('helmet');
  await sim('send', '--imei', helmet, '--kind', 'sos');
  const dialog = page.getByRole('dialog').filter({ hasText: 'SOS紧急求救' });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await expect(dialog.getByTestId('sos-imei')).toHaveText(helmet);
  await dialog.getByTestId('sos-open-device').click();
  await expect(page).toHaveURL(new RegExp(`/map/DeviceDtail\\?imei=${helmet}`));
});

test('a new alarm raises a notification and appears in the alarm log without reload', async ({ page }) => {
  await login(page);
  await page.goto('/AlarmHistory');
  await waitConnected(page);
  const helmet = await deviceOf('helmet');
  const table = page.getByTestId('data-table');
  await expect(table).toBeVisible();
  await sim('send', '--imei', helmet, '--kind', 'fall');
  await expect(page.getByTestId('alarm-notification').first()).toBeVisible({ timeout: 15_000 });
  await expect(table.locator('tbody tr').first()).toContainText(helmet, { timeout: 15_000 });
});

test('door call: countdown, busy, ignore; answer opens the call dialog; unlock shows 已开锁', async ({ page }) => {
  await login(page);
  await waitConnected(page);
  const door = await deviceOf('doorUnit');
  const drawer = page.getByTestId('call-status');

  await sim('send', '--imei', door, '--kind', 'call', '--value', '0301');
  await expect(drawer).toHaveText('门口机正在发起呼叫请求...', { timeout: 15_000 });
  await expect(page.getByTestId('call-countdown')).toHaveText(/^00:(30|29|28|27)$/);
  // Busy: a second call while ringing changes nothing.
  await sim('send', '--imei', door, '--kind', 'call', '--value', '0999');
  await expect(page.getByText(/0999/)).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeVisible();
  await page.getByTestId('call-ignore').click();
  await expect(drawer).toHaveText('已忽略');
  await expect(drawer).toBeHidden();

  await sim('send', '--imei', door, '--kind', 'call', '--value', '0302');
  await expect(drawer).toHaveText('门口机正在发起呼叫请求...', { timeout: 15_000 });
  await page.getByTestId('call-unlock').click();
  await expect(drawer).toHaveText('已开锁', { timeout: 15_000 });
  await expect(drawer).toBeHidden();

  await sim('send', '--imei', door, '--kind', 'call', '--value', '0303');
  await expect(drawer).toHaveText('门口机正在发起呼叫请求...', { timeout: 15_000 });
  await page.getByTestId('call-answer').click();
  await expect(drawer).toHaveText('接听中...');
  const hangUp = page.getByTestId('call-hangup');
  const toastInvalid = page.getByText('无效的数据，请检查服务');
  // With a token provider the dialog opens; a call without tokens is refused with the toast.
  await expect(hangUp.or(toastInvalid)).toBeVisible({ timeout: 5_000 });
  if (await hangUp.isVisible()) {
    await hangUp.click();
    await expect(hangUp).toBeHidden();
  }
  await expect(drawer).toBeHidden();
});

test('alarms raised while the browser was offline arrive after it comes back', async ({ page, context }) => {
  await login(page);
  await waitConnected(page);
  const helmet = await deviceOf('helmet');
  await context.setOffline(true);
  await expect(page.locator('html')).not.toHaveAttribute('data-live', 'connected', { timeout: 30_000 });
  await sim('send', '--imei', helmet, '--kind', 'collision');
  await context.setOffline(false);
  await waitConnected(page);
  await expect(page.getByTestId('alarm-notification').filter({ hasText: '碰撞告警' }).first()).toBeVisible({ timeout: 20_000 });
});
