import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { signIn } from './helpers';

interface Envelope<T> {
  code: number;
  key?: string;
  data: T;
}
type Row = Record<string, unknown> & { id: number };

async function api<T>(request: APIRequestContext, token: string, path: string, body: object): Promise<Envelope<T>> {
  const res = await request.post(`/api/${path}`, {
    data: body,
    headers: { authorization: token },
  });
  return (await res.json()) as Envelope<T>;
}

// MALL_ORDER (src/entities/mall-order/resource.ts): paid = 1 (to ship), shipped = 3.
const PAID = 1;
const SHIPPED = 3;

// The mall's order journey end to end: a product on sale with stock bought from the storefront
// (checkout with the address, a region from the picker and its quoted freight), paid on the
// sandbox pay page, then shipped from /orderManagement with a carrier and tracking number.
test('a storefront order is checked out, paid on the sandbox page and shipped on /orderManagement', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const login = await request.post('/api/auth/auth/login', {
    data: { username: 'admin', password: 'admin123', language: 'CN' },
  });
  const token = String(login.headers().authorization);

  // A product of the admin's own company, on sale with stock (a category of its own first: the
  // platform administrator's company has no catalogue of its own). One SKU without specs: the
  // storefront's detail picks it.
  const stamp = Date.now();
  const name = `E2E 订单商品 ${stamp}`;
  const category = await api<Row>(request, token, 'mall/mallCategory/add', {
    name: `E2E 分类 ${stamp}`,
    sort: 1,
    status: 1,
  });
  expect(category, JSON.stringify(category)).toMatchObject({ code: 0 });
  const saved = await api<Row>(request, token, 'mall/mallProduct/save', {
    name,
    categoryId: category.data.id,
    status: 1,
    images: ['/mall/helmet.svg'],
    specs: [],
    skus: [{ specs: {}, priceFen: 1990, stock: 5 }],
  });
  expect(saved, JSON.stringify(saved)).toMatchObject({ code: 0 });
  const price = 19.9;

  await signIn(page, 'admin', 'admin123');

  // The storefront: the product, its detail, 立即购买.
  await page.goto('/shangquanshangcheng');
  await expect(page.getByTestId('store-product').first()).toBeVisible();
  await page.getByTestId('store-search').fill(name);
  await page.getByTestId('store-product').filter({ hasText: name }).first().click();
  const detail = page.getByTestId('store-detail');
  await expect(detail.getByTestId('detail-price')).toHaveText(`¥${price.toFixed(2)}`);
  await detail.getByTestId('store-buy').click();

  // Checkout: the address, a region (province, then city) from the picker, the freight quoted.
  await expect(page.getByTestId('checkout-items')).toContainText(name);
  await page.getByTestId('checkout-name').fill('张三');
  await page.getByTestId('checkout-phone').fill('13800138000');
  await page.getByTestId('checkout-address').fill('人民路 1 号 2 单元 301');
  const region = page.getByTestId('checkout-region');
  const regionInputs = region.locator('input:not([type="hidden"])');
  await expect(regionInputs.first()).toBeEnabled({ timeout: 20_000 });
  await regionInputs.nth(0).click();
  await region.getByRole('option').first().click();
  await expect(regionInputs.nth(1)).toBeEnabled();
  await regionInputs.nth(1).click();
  await region.getByRole('option').first().click();
  await expect(regionInputs.nth(1)).not.toHaveValue('');
  await expect(page.getByTestId('checkout-freight')).toHaveText(/^¥\d+\.\d{2}$/);
  await expect(page.getByTestId('checkout-total')).toHaveText(/^¥\d+\.\d{2}$/);
  const freight = Number((await page.getByTestId('checkout-freight').textContent())!.replace(/[^\d.]/g, ''));
  await expect(page.getByTestId('checkout-total')).toHaveText(`¥${(price + freight).toFixed(2)}`);

  // 提交订单并支付: the order placed, the sandbox's pay page in this tab.
  // (The place response is read on its way through: the page navigates away right after it.)
  let placedBody: Envelope<{ id: number; orderNo: string; totalFen: number }> | undefined;
  await page.route('**/api/mall/order/place', async (route) => {
    const response = await route.fetch();
    placedBody = (await response.json()) as typeof placedBody;
    await route.fulfill({ response });
  });
  await page.getByTestId('checkout-place').click();
  await expect(page).toHaveURL(/\/api\/pay\/sandbox\/P\w+/, {
    timeout: 20_000,
  });
  expect(placedBody, 'the placed order').toMatchObject({ code: 0 });
  const placed = placedBody!.data;
  expect(placed.orderNo).toBeTruthy();
  expect(placed.totalFen).toBe(Math.round((price + freight) * 100));
  await expect(page.locator('body')).toContainText((price + freight).toFixed(2));
  await page.getByRole('button', { name: /支付/ }).first().click();
  await expect(page).not.toHaveURL(/\/api\/pay\/sandbox\//, {
    timeout: 30_000,
  });

  // Paid (the provider's notification lands asynchronously).
  await expect
    .poll(
      async () =>
        (
          await api<{ order: Row }>(request, token, 'mall/order/detail', {
            id: placed.id,
          })
        ).data?.order?.status,
      { timeout: 30_000 },
    )
    .toBe(PAID);

  // /orderManagement: the order (newest first), 待发货; 发货 with a carrier and tracking number.
  await page.goto('/orderManagement');
  const row = page.getByTestId('data-table').locator('tbody tr', { hasText: placed.orderNo });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(row).toContainText(/待发货|Paid, to ship/);
  await row.getByTestId('row-ship').click();
  const ship = page.getByTestId('order-ship');
  await expect(ship).toContainText(placed.orderNo);
  await expect(page.getByTestId('order-ship-submit')).toBeDisabled();
  await page.getByTestId('order-ship-carrier').fill('顺丰速运');
  await page.getByTestId('order-ship-tracking').fill('SF1234567890');
  await page.getByTestId('order-ship-submit').click();
  await expect(page.getByTestId('order-ship-submit')).toBeHidden();

  // Shipped: on the row, and through the service.
  await expect(row).toContainText(/已发货|Shipped/, { timeout: 20_000 });
  await expect(row.getByTestId('row-ship')).toHaveCount(0);
  const after = await api<{ order: Row }>(request, token, 'mall/order/detail', {
    id: placed.id,
  });
  expect(after.code).toBe(0);
  expect(after.data.order).toMatchObject({
    status: SHIPPED,
    orderNo: placed.orderNo,
  });
  expect(JSON.stringify(after.data.order)).toContain('SF1234567890');
  const listed = await api<{ rows: Row[] }>(request, token, 'mall/order/list', {
    page: 1,
    size: 20,
    filters: { orderNo: placed.orderNo },
  });
  expect(listed.data.rows.find((r) => r.id === placed.id)).toMatchObject({
    status: SHIPPED,
  });
});
