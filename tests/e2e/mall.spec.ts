import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { api, type ApiRow as Row, signIn } from './helpers';

// The mall's catalogue end to end: a product with two SKUs added through /AddProduct (the form
// refuses it without a picture first), then found in the storefront with its lowest price, and
// its detail picking a SKU shows that SKU's price.
test('a product with two SKUs is added in the form and sold in the storefront at its price', async ({ page }) => {
  test.setTimeout(120_000);
  const name = `E2E 安全帽 ${Date.now()}`;
  await signIn(page, 'demo', 'demo123');

  await page.goto('/AddProduct');
  const form = page.getByTestId('add-product');
  await form.getByTestId('product-name').fill(name);
  await form.getByTestId('product-category').click();
  await page.getByRole('option', { name: '安全帽' }).click();
  await form.getByTestId('spec-add').click();
  await form.getByTestId('spec-name-0').fill('颜色');
  await form.getByTestId('spec-values-0').fill('红,蓝');
  await expect(form.getByTestId('sku-row')).toHaveCount(2);
  await form.getByTestId('sku-price-0').fill('123.4');
  await form.getByTestId('sku-stock-0').fill('5');
  await form.getByTestId('sku-price-1').fill('150');
  await form.getByTestId('sku-stock-1').fill('3');
  await form.getByTestId('product-save').click();
  await expect(form.getByTestId('product-images-error')).toBeVisible();
  await form.getByTestId('product-image-url').fill('/mall/helmet.svg');
  await form.getByTestId('product-image-add').click();
  await form.getByTestId('product-save').click();
  await expect(page).toHaveURL(/productManage/);

  await page.goto('/shangquanshangcheng');
  await page.getByTestId('store-search').fill(name);
  const card = page.getByTestId('store-product').filter({ hasText: name });
  await expect(card.getByTestId('store-price')).toHaveText('¥123.40');
  await card.click();
  const detail = page.getByTestId('store-detail');
  await detail.getByRole('button', { name: '蓝' }).click();
  await expect(detail.getByTestId('detail-price')).toHaveText('¥150.00');
});

const rowOf = (page: Page, text: string) => page.getByTestId('data-table').locator('tbody tr', { hasText: text });

// Moderation and the shelf reach the storefront: a pending review approved on /ProductReviews
// shows on the product's detail; the product taken off the shelf on /productManage (after the
// confirmation) is no longer sold.
test('an approved review shows on the storefront; a product taken off the shelf leaves it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const login = await request.post('/api/auth/auth/login', {
    data: { username: 'demo', password: 'demo123', language: 'CN' },
  });
  const token = String(login.headers().authorization);
  const name = `E2E 手套 ${Date.now()}`;
  const categories = await api<{ rows: Row[] }>(request, token, 'mall/mallCategory/list', { page: 1, size: 5 });
  const saved = await api<Row>(request, token, 'mall/mallProduct/save', {
    name,
    categoryId: categories.data.rows[0]!.id,
    status: 1,
    images: ['/mall/helmet.svg'],
    specs: [{ name: '尺码', values: ['M', 'L'] }],
    skus: [
      { specs: { 尺码: 'M' }, priceFen: 990, stock: 5 },
      { specs: { 尺码: 'L' }, priceFen: 1290, stock: 0 },
    ],
  });
  expect(saved.code).toBe(0);
  const productId = saved.data.id;
  const content = `E2E 好评 ${Date.now()}：手感很好`;
  const review = await api<Row>(request, token, 'mall/productReview/add', {
    productId,
    userName: '张三',
    rating: 5,
    content,
  });
  expect(review.code).toBe(0);

  await signIn(page, 'demo');

  // Pending reviews are not shown in the storefront; approved they are.
  await page.goto('/shangquanshangcheng');
  await page.getByTestId('store-search').fill(name);
  await page.getByTestId('store-product').filter({ hasText: name }).click();
  await expect(page.getByTestId('store-detail').getByTestId('detail-price')).toBeVisible();
  await expect(page.getByTestId('store-review').filter({ hasText: content })).toHaveCount(0);

  await page.goto('/ProductReviews');
  await rowOf(page, content).getByTestId('row-approve').click();
  await expect(rowOf(page, content).getByTestId('row-hide')).toBeVisible();

  await page.goto('/shangquanshangcheng');
  await page.getByTestId('store-search').fill(name);
  await page.getByTestId('store-product').filter({ hasText: name }).click();
  await expect(page.getByTestId('store-review').filter({ hasText: content })).toBeVisible();

  // /productManage shows the price range and stock; 下架 asks first.
  await page.goto('/productManage');
  const row = rowOf(page, name);
  await expect(row.getByTestId('product-price')).toHaveText('¥9.90 - ¥12.90');
  await expect(row.getByTestId('product-stock')).toHaveText('5');
  // 修改 opens the product form with the product.
  await row.getByTestId('row-editProduct').click();
  await expect(page).toHaveURL(new RegExp(`/AddProduct\\?id=${productId}$`));
  await expect(page.getByTestId('product-name')).toHaveValue(name);
  await page.goto('/productManage');
  await row.getByTestId('row-shelfOff').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.getByTestId('confirm-danger').click();
  await expect(rowOf(page, name).getByTestId('row-shelfOn')).toBeVisible();

  const onSale = await api<{ rows: Row[] }>(request, token, 'mall/mallProduct/store/products', { keyword: name });
  expect(onSale.data.rows).toHaveLength(0);
  await page.goto('/shangquanshangcheng');
  await expect(page.getByTestId('store-product').first()).toBeVisible();
  await page.getByTestId('store-search').fill(name);
  await expect(page.getByTestId('store-product').filter({ hasText: name })).toHaveCount(0);
});

// The product library: a stock adjustment below zero is refused and says so; a valid one changes
// the SKU's stock and shows in its movements.
test('a SKU stock adjustment on /Commodity refuses going below zero and records the change', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const login = await request.post('/api/auth/auth/login', {
    data: { username: 'demo', password: 'demo123', language: 'CN' },
  });
  const token = String(login.headers().authorization);
  const name = `E2E 护目镜 ${Date.now()}`;
  const categories = await api<{ rows: Row[] }>(request, token, 'mall/mallCategory/list', { page: 1, size: 5 });
  const saved = await api<Row>(request, token, 'mall/mallProduct/save', {
    name,
    categoryId: categories.data.rows[0]!.id,
    status: 1,
    images: ['/mall/helmet.svg'],
    specs: [],
    skus: [{ specs: {}, priceFen: 2500, stock: 5 }],
  });
  expect(saved.code).toBe(0);

  await signIn(page, 'demo', 'demo123');
  await page.goto('/Commodity');
  const row = rowOf(page, name);
  await row.getByTestId('row-adjustStock').click();
  const dialog = page.getByTestId('stock-adjust');
  // The reason is required.
  await dialog.getByTestId('stock-delta').fill('-10');
  await dialog.getByTestId('stock-submit').click();
  await expect(dialog.getByTestId('stock-reason')).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByTestId('stock-reason').click();
  await page.getByRole('option', { name: '损耗报废' }).click();
  await dialog.getByTestId('stock-submit').click();
  await expect(dialog.getByTestId('stock-error')).toHaveAttribute('data-key', 'stockNegative');
  await dialog.getByTestId('stock-delta').fill('-2');
  await dialog.getByTestId('stock-submit').click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('3');

  await row.getByTestId('row-movements').click();
  const first = page.getByTestId('stock-movements').getByTestId('movement-row').first();
  await expect(first).toContainText('-2');
  await expect(first).toContainText('损耗报废');
});
