import { expect, test } from './fixtures';
import { signIn } from './helpers';

// The payments core end to end in the browser: an operator's test payment on /map/paypal opens
// the sandbox provider's pay page, "支付" sends the signed callback to /api/pay/notify/sandbox and
// brings the browser back to /map/paypal?orderNo=..., which shows the payment paid; the list then
// has it, with its event log (created, paid, fulfilled).
test('a test payment is paid on the sandbox page and the console shows it paid, with its event log', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'demo', 'demo123');
  await page.goto('/map/paypal');
  await page.getByTestId('payment-test').click();
  await page.getByTestId('payment-test-amount').fill('12.34');
  await page.getByTestId('payment-test-ok').click();

  // The provider's page: subject, amount, the three buttons.
  await expect(page).toHaveURL(/\/api\/pay\/sandbox\/P\d{20}$/);
  const orderNo = page.url().split('/').at(-1)!;
  await expect(page.getByText('¥12.34')).toBeVisible();
  await expect(page.getByRole('button', { name: /模拟失败/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /取消/ })).toBeVisible();
  await page.getByRole('button', { name: /^支付/ }).click();

  await expect(page).toHaveURL(new RegExp(`/map/paypal\\?orderNo=${orderNo}$`));
  await expect(page.getByTestId('payment-state')).toHaveAttribute('data-state', '1', { timeout: 15_000 });
  await expect(page.getByTestId('payment-amount')).toHaveText('¥12.34');
  await page.getByTestId('payment-sync').click();
  await expect(page.getByTestId('payment-state')).toHaveAttribute('data-state', '1');

  // Back to the list: the row is there, its log tells the story.
  await page.getByTestId('payment-back').click();
  await expect(page).toHaveURL(/\/map\/paypal$/);
  const row = page.getByRole('row').filter({ hasText: orderNo });
  await expect(row).toBeVisible();
  // The row's last button is its log (titles are by id until the catalogues are extracted).
  await row.getByRole('button').last().click();
  const log = page.getByTestId('payment-events');
  await expect(log.getByText('created')).toBeVisible();
  await expect(log.getByText('paid', { exact: true })).toBeVisible();
  await expect(log.getByText('fulfilled')).toBeVisible();
});
