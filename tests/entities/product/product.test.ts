import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gte, sql } from 'drizzle-orm';
import { buildTestApp, login, post, type TestApp } from '../../server/helper';
import { list, tenantWithAdmin, type Row } from '../../server/org-helper';
import { productSkus } from '../../../src/entities/product-sku';
import { REVIEW_STATE } from '../../../src/entities/product-review';
import { mergeMatrix, skuMatrix, skuProblem } from '../../../src/shared/product-sku';

let t: TestApp;
let demo: string;
let other: string;
let visitor: string;

beforeAll(async () => {
  t = await buildTestApp();
  demo = (await login(t.app, 'demo', 'demo123')).token;
  other = (await tenantWithAdmin(t.app, 'Other Mall Co', 'othermalladmin')).token;
  // The guest login (docs/requirements/roles-and-permissions.md#visitor).
  const guest = await post(t.app, '/api/auth/auth/visitorLogin', { language: 'CN' });
  expect(guest.headers.authorization, 'the guest login answers a token').toBeDefined();
  visitor = String(guest.headers.authorization);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const mall = <T = Row>(path: string, body: object, token = demo) =>
  post<T>(t.app, `/api/mall/${path}`, body, { token });

async function firstCategory(token = demo): Promise<number> {
  const rows = (await list(t.app, 'mallCategory', { filters: { parentId: undefined }, size: 50 }, token, 'mall')).rows;
  return rows.find((r) => r.parentId != null)?.id ?? rows[0]!.id;
}

const newProduct = (categoryId: number, extra: object = {}) => ({
  name: '测试安全帽',
  subtitle: '两个颜色',
  categoryId,
  status: 1,
  weightG: 500,
  images: ['/mall/helmet.svg'],
  specs: [{ name: '颜色', values: ['红', '蓝'] }],
  skus: [
    { specs: { 颜色: '红' }, priceFen: 19900, stock: 5, code: 'T-RED' },
    { specs: { 颜色: '蓝' }, priceFen: 20900, stock: 3, code: 'T-BLUE' },
  ],
  ...extra,
});

describe('SKU matrix', () => {
  it('combines spec values in order, keeps typed prices for remaining combinations, and finds what is wrong', () => {
    const specs = [
      { name: '颜色', values: ['红', '蓝'] },
      { name: '尺码', values: ['M', 'L'] },
    ];
    expect(skuMatrix(specs).map((c) => `${c['颜色']}${c['尺码']}`)).toEqual(['红M', '红L', '蓝M', '蓝L']);
    expect(skuMatrix([])).toEqual([{}]);
    const merged = mergeMatrix(
      [specs[0]!],
      [
        { specs: { 颜色: '红', 尺码: 'M' }, priceFen: 1, stock: 1 },
        { specs: { 颜色: '红' }, priceFen: 500, stock: 7 },
      ],
      { priceFen: 0, stock: 0 },
    );
    expect(merged).toEqual([
      { specs: { 颜色: '红' }, priceFen: 500, stock: 7 },
      { specs: { 颜色: '蓝' }, priceFen: 0, stock: 0, code: '', status: 1 },
    ]);
    expect(skuProblem(specs, [])).toBe('productSkuRequired');
    expect(skuProblem([specs[0]!], [{ specs: { 颜色: '绿' }, priceFen: 1, stock: 1 }])).toBe('productSkuSpecsInvalid');
    expect(
      skuProblem(
        [specs[0]!],
        [
          { specs: { 颜色: '红' }, priceFen: 1, stock: 1 },
          { specs: { 颜色: '红' }, priceFen: 2, stock: 1 },
        ],
      ),
    ).toBe('productSkuDuplicate');
    expect(skuProblem([specs[0]!], [{ specs: { 颜色: '红' }, priceFen: 1, stock: -1 }])).toBe('productSkuStockInvalid');
    expect(skuProblem([specs[0]!], [{ specs: { 颜色: '红' }, priceFen: 1.5, stock: 1 }])).toBe(
      'productSkuPriceInvalid',
    );
    expect(skuProblem([specs[0]!], [{ specs: { 颜色: '红' }, priceFen: 1, stock: 1 }])).toBeNull();
  });
});

describe('mall catalogue', () => {
  it('the demo mall has merchants, categories, products with SKUs, banners and reviews in every state; another tenant sees none', async () => {
    expect((await list(t.app, 'merchant', {}, demo, 'mall')).total).toBe(3);
    expect((await list(t.app, 'mallProduct', {}, demo, 'mall')).total).toBe(12);
    expect((await list(t.app, 'productSku', {}, demo, 'mall')).total).toBeGreaterThan(12);
    const states = (await list(t.app, 'productReview', { size: 50 }, demo, 'mall')).rows.map((r) => r.state);
    for (const s of Object.values(REVIEW_STATE)) expect(states).toContain(s);
    for (const name of [
      'merchant',
      'mallProduct',
      'productSku',
      'productReview',
      'productBanner',
      'mallCategory',
      'productSpec',
    ])
      expect((await list(t.app, name, {}, other, 'mall')).total).toBe(0);
  });

  it('adds a product with two SKUs, lists it with its lowest and highest price and stock, filters it, edits it and deletes it', async () => {
    const categoryId = await firstCategory();
    const added = await mall('mallProduct/save', newProduct(categoryId));
    expect(added.code, added.msg).toBe(0);
    const id = added.data.id;
    expect(added.data.price).toBe(199);
    expect(added.data.priceMax).toBe(209);
    expect(added.data.stock).toBe(8);
    expect(added.data.cover).toBe('/mall/helmet.svg');
    const skus = (await list(t.app, 'productSku', { filters: { productId: id } }, demo, 'mall')).rows;
    expect(skus.map((s) => [s.code, s.price, s.stock]).sort()).toEqual([
      ['T-BLUE', 209, 3],
      ['T-RED', 199, 5],
    ]);
    // The list row carries the price range, so /productManage asks nothing per row.
    expect(
      (await list(t.app, 'mallProduct', { filters: { categoryId } }, demo, 'mall')).rows.find((r) => r.id === id),
    ).toMatchObject({ price: 199, priceMax: 209 });
    expect(
      (await list(t.app, 'mallProduct', { filters: { price: [199, 199], categoryId } }, demo, 'mall')).rows.map(
        (r) => r.id,
      ),
    ).toContain(id);
    expect(
      (await list(t.app, 'mallProduct', { filters: { price: [200, 300] } }, demo, 'mall')).rows.map((r) => r.id),
    ).not.toContain(id);
    expect(
      (await list(t.app, 'mallProduct', { filters: { lowStock: 1 } }, demo, 'mall')).rows.map((r) => r.id),
    ).toContain(id);

    // Edit: the red SKU stays (by id) with a new price, blue goes, a black one comes.
    const red = skus.find((s) => s.code === 'T-RED')!;
    const edited = await mall('mallProduct/edit', {
      id,
      specs: [{ name: '颜色', values: ['红', '黑'] }],
      skus: [
        { id: red.id, specs: { 颜色: '红' }, priceFen: 15900, stock: 5, code: 'T-RED' },
        { specs: { 颜色: '黑' }, priceFen: 25900, stock: 1 },
      ],
    });
    expect(edited.code, edited.msg).toBe(0);
    expect(edited.data.price).toBe(159);
    const after = (await mall<{ skus: Row[] }>('mallProduct/detail', { id })).data.skus;
    expect(after.map((s) => s.specs)).toEqual([{ 颜色: '红' }, { 颜色: '黑' }]);
    expect(after[0]!.id).toBe(red.id);

    // Another tenant cannot see or edit it.
    expect((await mall('mallProduct/detail', { id }, other)).key).toBe('notFound');
    expect((await mall('mallProduct/edit', { id, name: 'x' }, other)).key).toBe('notFound');
    expect((await mall('mallProduct/delete', { ids: [id] })).code).toBe(0);
    expect(await t.app.db.select().from(productSkus).where(eq(productSkus.productId, id))).toEqual([]);
  });

  it("refuses a product without an image, without SKUs, with bad SKUs, or in another tenant's category", async () => {
    const categoryId = await firstCategory();
    const noImage = await mall('mallProduct/save', newProduct(categoryId, { images: [] }));
    expect([noImage.code, noImage.key]).toEqual([400, 'productImageRequired']);
    expect((await mall('mallProduct/add', { name: 'x', categoryId, status: 1 })).key).toBe('productImageRequired');
    expect((await mall('mallProduct/save', newProduct(categoryId, { skus: [] }))).key).toBe('productSkuRequired');
    expect(
      (
        await mall(
          'mallProduct/save',
          newProduct(categoryId, { skus: [{ specs: { 颜色: '绿' }, priceFen: 1, stock: 1 }] }),
        )
      ).key,
    ).toBe('productSkuSpecsInvalid');
    expect(
      (
        await mall(
          'mallProduct/save',
          newProduct(categoryId, { skus: [{ specs: { 颜色: '红' }, priceFen: 1, stock: -2 }] }),
        )
      ).key,
    ).toBe('productSkuStockInvalid');
    expect((await mall('mallProduct/save', newProduct(categoryId, { name: '' }))).code).toBe(400);
    const otherCat = await mall('mallCategory/add', { name: '别家分类', sort: 1, status: 1, nav: 1 }, other);
    expect(otherCat.code, otherCat.msg).toBe(0);
    expect((await mall('mallProduct/save', newProduct(otherCat.data.id))).key).toBe('refInvalid');
  });

  it('the stock CHECK refuses a negative stock, and an adjustment below zero is stockNegative with nothing changed', async () => {
    const [sku] = await t.app.db.select().from(productSkus).limit(1);
    await expect(t.app.db.update(productSkus).set({ stock: -1 }).where(eq(productSkus.id, sku!.id))).rejects.toThrow();
    const before = sku!.stock;
    const down = await mall('productSku/adjustStock', { id: sku!.id, delta: -(before + 1), reason: 'damage' });
    expect([down.code, down.key]).toEqual([400, 'stockNegative']);
    const up = await mall<{ stock: number }>('productSku/adjustStock', {
      id: sku!.id,
      delta: 5,
      reason: 'inbound',
      note: '补货',
    });
    expect(up.data.stock).toBe(before + 5);
    const moves = (await mall<{ rows: Row[] }>('productSku/movements', { id: sku!.id })).data.rows;
    expect(moves[0]).toMatchObject({ delta: 5, stockAfter: before + 5, reason: 'inbound', note: '补货' });
    expect((await mall('productSku/adjustStock', { id: sku!.id, delta: 1, reason: 'inbound' }, other)).key).toBe(
      'notFound',
    );
    // The orders module's atomic take never goes below zero either.
    const took = await t.app.db
      .update(productSkus)
      .set({ stock: sql`${productSkus.stock} - ${before + 1000}` })
      .where(and(eq(productSkus.id, sku!.id), gte(productSkus.stock, before + 1000)))
      .returning({ id: productSkus.id });
    expect(took).toEqual([]);
  });

  it('moderates reviews by the machine (noSuchTransition), replies, and the storefront shows approved ones only and counts views', async () => {
    const reviews = (
      await list(t.app, 'productReview', { filters: { state: REVIEW_STATE.pending }, size: 50 }, demo, 'mall')
    ).rows;
    const pending = reviews[0]!;
    const productId = pending.productId as number;
    const store = async () =>
      (await mall<{ reviews: Row[]; views: number }>('mallProduct/store/detail', { id: productId })).data;
    const first = await store();
    expect(first.reviews.map((r) => r.id)).not.toContain(pending.id);
    expect((await mall('productReview/review', { ids: [pending.id], state: REVIEW_STATE.hidden })).key).toBe(
      'noSuchTransition',
    );
    expect((await mall('productReview/review', { ids: [pending.id], state: REVIEW_STATE.approved })).code).toBe(0);
    expect((await mall('productReview/review', { ids: [pending.id], state: REVIEW_STATE.rejected })).key).toBe(
      'noSuchTransition',
    );
    expect((await mall('productReview/reply', { id: pending.id, reply: '谢谢' })).code).toBe(0);
    const second = await store();
    expect(second.reviews.find((r) => r.id === pending.id)).toMatchObject({ reply: '谢谢' });
    expect(second.views).toBe(first.views + 1);
    expect((await mall('productReview/review', { ids: [pending.id], state: REVIEW_STATE.hidden })).code).toBe(0);
    expect((await store()).reviews.map((r) => r.id)).not.toContain(pending.id);
    expect((await mall('productReview/review', { ids: [pending.id], state: REVIEW_STATE.approved }, other)).key).toBe(
      'notFound',
    );
    expect(
      (await mall('productReview/review', { ids: [pending.id], state: REVIEW_STATE.approved }, visitor)).code,
    ).not.toBe(0);
  });

  it('storefront: home, search, shop filter, on/off shelf; categories refuse cycles and deleting one in use', async () => {
    const home = (
      await mall<{ shops: Row[]; banners: Row[]; categories: Row[]; officialProducts: number }>(
        'mallProduct/store/home',
        {},
      )
    ).data;
    expect(home.shops).toHaveLength(3);
    expect(home.banners).toHaveLength(2);
    expect(home.officialProducts).toBeGreaterThan(0);
    const found = (await mall<{ rows: Row[]; total: number }>('mallProduct/store/products', { keyword: '烟雾' })).data;
    expect(found.rows.map((r) => r.name)).toEqual(['独立式烟雾报警器']);
    const official = (await mall<{ rows: Row[] }>('mallProduct/store/products', { merchantId: 0, size: 60 })).data.rows;
    expect(official.every((r) => r.merchantId === null)).toBe(true);
    const id = found.rows[0]!.id;
    expect((await mall('mallProduct/shelf', { ids: [id], status: 0 })).code).toBe(0);
    expect((await mall<{ total: number }>('mallProduct/store/products', { keyword: '烟雾' })).data.total).toBe(0);
    expect((await mall('mallProduct/store/detail', { id })).key).toBe('notFound');
    expect((await mall('mallProduct/shelf', { ids: [id], status: 1 }, other)).key).toBe('notFound');
    await mall('mallProduct/shelf', { ids: [id], status: 1 });
    const top = (await list(t.app, 'mallCategory', { size: 50 }, demo, 'mall')).rows.find(
      (r) => r.parentId == null && Number(r.productCount) === 0,
    )!;
    const child = (await list(t.app, 'mallCategory', { filters: { parentId: top.id } }, demo, 'mall')).rows[0]!;
    expect((await mall('mallCategory/update', { id: top.id, parentId: child.id })).key).toBe('mallCategoryCycle');
    expect((await mall('mallCategory/delete', { ids: [child.id] })).key).toBe('mallCategoryInUse');
    const spec = await mall('productSpec/add', { name: '材质', values: 'ABS，PC、 ABS\n玻璃钢', sort: 1 });
    expect(spec.data.values).toBe('ABS,PC,玻璃钢');
  });
});
