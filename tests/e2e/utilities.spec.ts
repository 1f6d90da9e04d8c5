import { expect, test } from './fixtures';
import { api, type ApiRow as Row, signIn } from './helpers';

// A room's prepaid electricity topped up on /elecCard: the amount is checked, the sandbox pay page
// is paid, the payment's callback credits the account once, and the list and ledger show it.
test('a room is topped up on /elecCard through the sandbox pay page and its balance goes up', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const login = await request.post('/api/auth/auth/login', {
    data: { username: 'demo', password: 'demo123', language: 'CN' },
  });
  const token = String(login.headers().authorization);
  // A room of its own (no meter gateway: the simulated meters do not move its balance meanwhile).
  const units = await api<{ rows: Row[] }>(request, token, 'user/unit/list', { page: 1, size: 1 });
  const unitId = units.data.rows[0]!.id;
  const stamp = Date.now() % 1_000_000;
  const room = await api<Row>(request, token, 'user/room/add', {
    unitId,
    floor: 99,
    number: (stamp % 900) + 1,
    name: `E2E 房间 ${stamp}`,
  });
  expect(room.code, room.msg).toBe(0);
  const rooms = await api<{ rows: Row[] }>(request, token, 'user/room/list', {
    page: 1,
    size: 1,
    keyword: `E2E 房间 ${stamp}`,
  });
  const meterNo = `E2E${stamp}`;
  const added = await api<Row>(request, token, 'user/utilityAccount/add', {
    roomId: rooms.data.rows[0]!.id,
    kind: 1,
    meterNo,
    threshold: 20,
  });
  expect(added.code, added.msg).toBe(0);

  await signIn(page, 'demo', 'demo123');
  await page.goto(`/map/elecCard?keyword=${meterNo}`);
  const row = page.getByTestId('data-table').locator('tbody tr').filter({ hasText: meterNo });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(row.getByTestId(/utility-balance-/)).toHaveText('0.00');
  // A new account is below its threshold: low.
  await expect(row).toContainText(/余额不足|Low balance|code\.utility\.low/);

  await row.getByTestId('row-topup').click();
  const dialog = page.getByTestId('utility-topup');
  const amount = dialog.getByTestId('utility-topup-amount');
  await amount.fill('6000');
  await expect(dialog.getByTestId('utility-topup-submit')).toBeDisabled();
  await amount.fill('88.8');
  await dialog.getByTestId('utility-topup-submit').click();

  // The sandbox's pay page, then back to the console.
  await expect(page).toHaveURL(/\/api\/pay\/sandbox\/P\d+/, { timeout: 20_000 });
  await expect(page.locator('body')).toContainText('88.80');
  await page.getByRole('button', { name: /支付/ }).first().click();
  await expect(page).toHaveURL(/\/paypal\?orderNo=P\d+/, { timeout: 30_000 });

  await page.goto(`/map/elecCard?keyword=${meterNo}`);
  await expect(row.getByTestId(/utility-balance-/)).toHaveText('88.80', { timeout: 20_000 });
  await expect(row).toContainText(/正常|Normal/);
  await row.getByTestId('row-account').click();
  const drawer = page.getByTestId('utility-drawer');
  await expect(drawer.getByTestId('utility-ledger')).toContainText('88.80');

  const account = await api<Row>(request, token, 'user/utilityAccount/get', {
    id: (await api<{ rows: Row[] }>(request, token, 'user/utilityAccount/list', { page: 1, size: 1, keyword: meterNo }))
      .data.rows[0]!.id,
  });
  expect(account.data.balance).toBe(88.8);
  const topups = await api<{ rows: Row[] }>(request, token, 'user/utilityAccount/topups', {
    accountId: account.data.id,
  });
  expect(topups.data.rows.map((r) => [r.amountFen, r.credited])).toEqual([[8880, true]]);
});
