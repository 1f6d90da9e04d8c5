import { createHmac } from 'node:crypto';
import { expect, test } from './fixtures';
import { api, type ApiRow as Row, type Envelope, signIn } from './helpers';

const yuanOf = (text: string | null) => Number((text ?? '').replace(/[^\d.-]/g, ''));

// The "Done when": a package bought for a SIM card through the sandbox provider end to
// end — order on /topup, the sandbox pay page, its signed callback, the bill paid on /bilList,
// the card's package changed on /SIMCard, this month's revenue up on /Report — and the payment
// arriving again changes nothing.
test('a package bought on /topup is paid on the sandbox page: bill paid, card changed, report up; a repeated notification pays once', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const login = await request.post('/api/auth/auth/login', {
    data: { username: 'demo', password: 'demo123', language: 'CN' },
  });
  const token = String(login.headers().authorization);
  // A package the card does not have yet (the demo card's own would be 'already the current package').
  const name = `E2E 套餐 ${Date.now()}`;
  const added = await api<Row>(request, token, 'iot/package/add', {
    name,
    price: 12.34,
    type: 0,
    validityDays: 30,
    dataMb: 2048,
    status: 1,
  });
  expect(added.code).toBe(0);
  // A demo card (seeded); a fresh database without the SIM seed gets one of its own.
  let cards = await api<{ rows: Row[] }>(request, token, 'iot/simCard/list', { page: 1, size: 5 });
  if (!cards.data.rows.length) {
    await api(request, token, 'iot/simCard/add', {
      iccid: '89860012345678901234',
      msisdn: '1064812345678',
      carrier: 1,
    });
    cards = await api<{ rows: Row[] }>(request, token, 'iot/simCard/list', { page: 1, size: 5 });
  }
  const card = cards.data.rows[0]!;
  const iccid = String(card.iccid);

  await signIn(page, 'demo', 'demo123');
  await page.goto('/Report');
  const monthFigure = page.getByTestId('report-month-revenue');
  await expect(monthFigure).toBeVisible({ timeout: 20_000 });
  const before = yuanOf(await monthFigure.textContent());
  const billsBefore = (await api<{ total: number }>(request, token, 'iot/bill/list', { page: 1, size: 1 })).data.total;

  // The order: the form says what is missing, then the card, the package, the method, 支付.
  await page.goto('/topup');
  const form = page.getByTestId('buy-card-info');
  await page.getByTestId('buy-pay').click();
  // "Top-up phone number must not be empty" (the message reads in the console's language once translated).
  await expect(page.getByTestId('buy-number')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('buy-package')).toHaveAttribute('aria-invalid', 'true');
  await page.getByTestId('buy-number-input').fill(iccid);
  await page.getByTestId('buy-lookup').click();
  await expect(form).toContainText(iccid);
  await page.getByTestId('buy-package').click();
  await page.getByRole('option', { name: new RegExp(name) }).click();
  await expect(page.getByTestId('buy-price')).toContainText('12.34');
  await page.getByTestId('buy-pay').click();

  // The sandbox's pay page, then back to the console (/paypal?orderNo=...).
  await expect(page).toHaveURL(/\/api\/pay\/sandbox\/P\d+/, { timeout: 20_000 });
  await expect(page.locator('body')).toContainText('12.34');
  const orderNo = /\/api\/pay\/sandbox\/(P\d+)/.exec(page.url())![1]!;
  await page.getByRole('button', { name: /支付/ }).first().click();
  await expect(page).toHaveURL(new RegExp(`/paypal\\?orderNo=${orderNo}`), { timeout: 30_000 });

  // The bill, paid.
  await page.goto('/bilList');
  const billRow = page.getByTestId('data-table').locator('tbody tr').filter({ hasText: orderNo });
  await expect(billRow).toContainText(/已支付|Paid/, { timeout: 20_000 });
  await expect(billRow).toContainText(iccid);
  await expect(billRow).toContainText('12.34');

  // The card's package changed (the carrier answers with delays and now and then a failure: retried).
  await expect
    .poll(async () => (await api<Row>(request, token, 'iot/simCard/get', { id: card.id })).data.packageId, {
      timeout: 60_000,
    })
    .toBe(added.data.id);
  await page.goto('/SIMCard');
  // The package column is not among /SIMCard's default columns: switched on in the column settings.
  await page.getByTestId('column-settings').click();
  await page.getByTestId('column-toggle-packageId').check();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('data-table').locator('tbody tr').filter({ hasText: iccid })).toContainText(name, {
    timeout: 20_000,
  });

  // This month's revenue went up by the price.
  await page.goto('/Report');
  await expect(monthFigure).toHaveText(new RegExp((before + 12.34).toFixed(2).replace('.', '\\.')), {
    timeout: 20_000,
  });

  // The payment arrives again: the provider's notification, signed as the sandbox signs it, sent
  // twice more (both answered 200, as a provider expects, and logged as duplicates); the same body
  // with a wrong signature is refused; the payer pressing 支付 again and the provider's word fetched
  // again (the reconcile path) leave one paid bill, the same amount and the same package validity.
  const bills = async () =>
    (
      await api<{ rows: Row[]; total: number }>(request, token, 'iot/bill/list', {
        page: 1,
        size: 5,
        filters: { orderNo },
      })
    ).data;
  const paid = await bills();
  const expires = (await api<Row>(request, token, 'iot/simCard/get', { id: card.id })).data.packageExpiresAt;
  type PayEvent = { kind: string; payload: { body?: string } | null; result: string };
  const events = async () => (await api<PayEvent[]>(request, token, 'pay/payment/events', { orderNo })).data;
  const recorded = (await events()).find((e) => e.kind === 'callback' && e.result === 'paid')?.payload?.body;
  expect(recorded, 'the sandbox callback that paid the order is in its events').toBeTruthy();
  const notify = (signature: string) =>
    request.post('/api/pay/notify/sandbox', {
      data: recorded,
      headers: { 'content-type': 'application/json', 'x-sandbox-signature': signature },
    });
  const signature = createHmac('sha256', process.env.E2E_PAY_SANDBOX_SECRET!).update(recorded!).digest('base64');
  for (let i = 0; i < 2; i++) expect((await notify(signature)).status()).toBe(200);
  expect((await events()).filter((e) => e.kind === 'callback' && e.result === 'duplicate').length).toBe(2);
  expect((await notify('AAAA')).status()).toBe(401);
  // The pay page's buttons act with the payer's own session (the console's token in Authorization):
  // anonymous is refused; the payer pressing again is answered where to go back, and pays nothing more.
  const anonymous = await request.post(`/api/pay/sandbox/${orderNo}/pay`);
  expect(((await anonymous.json()) as Envelope<unknown>).code).toBe(208);
  const payer = await page.evaluate(() => localStorage.getItem('token'));
  const again = await request.post(`/api/pay/sandbox/${orderNo}/pay`, { headers: { authorization: payer! } });
  expect(((await again.json()) as Envelope<{ back: string }>).data.back).toContain(`/paypal?orderNo=${orderNo}`);
  await api(request, token, 'pay/payment/sync', { orderNo });
  const after = await bills();
  expect(after.total).toBe(1);
  expect(after.rows[0]).toMatchObject({ status: 1, amount: 12.34, paidAt: paid.rows[0]!.paidAt });
  expect((await api<Row>(request, token, 'iot/simCard/get', { id: card.id })).data.packageExpiresAt).toBe(expires);
  expect((await api<{ total: number }>(request, token, 'iot/bill/list', { page: 1, size: 1 })).data.total).toBe(
    billsBefore + 1,
  );
  await page.reload();
  await expect(monthFigure).toHaveText(new RegExp((before + 12.34).toFixed(2).replace('.', '\\.')));
});
