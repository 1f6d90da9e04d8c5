import { connect } from 'node:net';
import { randomInt } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { gt06Frames } from '../../src/sim/protocols/frames';
import { expectShell, loginWithAccount } from './helpers';

// A GT06 tracker on the service's GT06 port (playwright.config.ts starts the listener on a free port).
test.describe.configure({ mode: 'serial' });

/** A GT06 login; resolves with what the service answered once it answered 10 bytes (the login's echo) or closed. */
function gt06Login(imei: string): Promise<{ answer: Buffer; closed: boolean; end: () => void }> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(process.env.E2E_GT06_PORT), '127.0.0.1');
    let answer = Buffer.alloc(0);
    const end = () => socket.destroy();
    socket.on('error', reject);
    socket.on('data', (b) => {
      answer = Buffer.concat([answer, b]);
      if (answer.length >= 10) resolve({ answer, closed: false, end });
    });
    socket.on('close', () => resolve({ answer, closed: true, end }));
    socket.write(gt06Frames.login(imei, 1));
  });
}

test('the super administrator registers an unknown GT06 tracker, which is then let in and shows its raw frames', async ({ page }) => {
  test.setTimeout(120_000);
  const imei = `35${String(randomInt(1e6)).padStart(6, '0')}${String(randomInt(1e7)).padStart(7, '0')}`;
  const refused = await gt06Login(imei);
  expect(refused.closed).toBe(true);
  expect(refused.answer.length).toBe(0);

  await loginWithAccount(page, 'admin', 'admin123');
  await expectShell(page);
  await page.goto('/unknownDevices');
  const table = page.getByTestId('data-table');
  const row = table.locator('tbody tr').filter({ hasText: imei });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(row).toContainText(gt06Frames.login(imei, 1).toString('hex').slice(0, 16));

  await row.getByTestId('row-register').click();
  const form = page.getByTestId('unknown-register');
  await form.getByTestId('unknown-register-product').click();
  await page.getByRole('option').first().click();
  await form.getByTestId('unknown-register-tenant').click();
  await page.getByRole('option', { name: 'Demo Site', exact: true }).click();
  await form.getByTestId('unknown-register-kind').click();
  await page.getByRole('option', { name: '定位器', exact: true }).click();
  await form.getByTestId('unknown-register-name').fill('E2E tracker');
  await form.getByTestId('unknown-register-submit').click();
  await expect(form).toBeHidden();
  await expect(table.locator('tbody tr').filter({ hasText: imei })).toHaveCount(0);

  // Let in on its next login: the echo 78 78 05 01 ...
  const admitted = await gt06Login(imei);
  try {
    expect(admitted.answer.subarray(0, 4).toString('hex')).toBe('78780501');
    await page.goto(`/map/DeviceDtail?imei=${imei}`);
    const log = page.getByTestId('frame-log');
    await expect(log.getByTestId('frame-row')).toHaveCount(2);
    await expect(log.getByTestId('frame-row').first()).toHaveAttribute('data-dir', 'out');
  } finally {
    admitted.end();
  }
});
