/**
 * The product library (/Commodity): every SKU with its computed price, specs and merchant
 * (./server.ts), its filters (price in yuan, stock range, low stock, merchant) and sort; the
 * update of code, price and status, after which the product's lowest price follows; stock
 * movements (./routes.ts: adjustStock, never below zero, and their history); no add or delete;
 * tenant isolation. SKUs are created by the product form (src/entities/product).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, type TestApp } from '../../server/helper';
import { demoApp, list, tenantWithAdmin, type Row } from '../../server/org-helper';
import { mallProducts } from '../../../src/entities/product';
import { productSkus } from '../../../src/entities/product-sku/table';

let t: TestApp;
let demo: string;
let other: string;
let productId: number;
let merchantId: number;
let red: number;
let blue: number;
let plain: number;

const api = <T = Row>(action: string, body: object, token = demo) =>
  post<T>(t.app, `/api/mall/productSku/${action}`, body, { token });
// By stock unless told.
const skus = async (filters: object, sort = [{ field: 'stock', order: 'desc' }]) =>
  (await list(t.app, 'productSku', { filters: { productId, ...filters }, sort }, demo, 'mall')).rows;
const productPrice = async () =>
  (await t.app.db.select({ p: mallProducts.priceFen }).from(mallProducts).where(eq(mallProducts.id, productId)))[0]!.p;

beforeAll(async () => {
  const d = await demoApp();
  ({ t, demo } = d);
  other = (await tenantWithAdmin(t.app, 'Other Co', 'skuother')).token;
  merchantId = (await list(t.app, 'merchant', { size: 1 }, demo, 'mall')).rows[0]!.id;
  const [p] = await t.app.db
    .insert(mallProducts)
    .values({ tenantId: d.demoTenant, merchantId, name: 'Library helmet', status: 1, priceFen: 1990 })
    .returning({ id: mallProducts.id });
  productId = p!.id;
  const rows = await t.app.db
    .insert(productSkus)
    .values([
      { tenantId: d.demoTenant, productId, code: 'LIB-RED', specs: { 颜色: '红' }, priceFen: 1990, stock: 50 },
      { tenantId: d.demoTenant, productId, code: 'LIB-BLUE', specs: { 颜色: '蓝' }, priceFen: 2990, stock: 4 },
      { tenantId: d.demoTenant, productId, code: 'LIB-PLAIN', priceFen: 3990, stock: 0 },
    ])
    .returning({ id: productSkus.id });
  [red, blue, plain] = rows.map((r) => r.id) as [number, number, number];
  // Building the seeded app takes most of a minute on a busy machine.
}, 180_000);
afterAll(() => t?.close());

describe('the product library', () => {
  it('lists SKUs with their price in yuan, specs and merchant; sorts by stock and by price', async () => {
    expect(await skus({})).toMatchObject([
      { id: red, code: 'LIB-RED', price: 19.9, specText: '颜色:红', merchantId, stock: 50 },
      { id: blue, price: 29.9, specText: '颜色:蓝' },
      { id: plain, price: 39.9, specText: '默认' },
    ]);
    expect((await skus({}, [{ field: 'stock', order: 'asc' }])).map((r) => r.id)).toEqual([plain, blue, red]);
    // The price is computed from its fen column, which orders it.
    expect((await skus({}, [{ field: 'price', order: 'desc' }])).map((r) => r.id)).toEqual([plain, blue, red]);
    expect((await skus({}, [{ field: 'price', order: 'asc' }])).map((r) => r.id)).toEqual([red, blue, plain]);
  });

  it('filters by code, price range (yuan), stock range, low stock and merchant', async () => {
    expect((await skus({ code: 'lib-b' })).map((r) => r.id)).toEqual([blue]);
    expect((await skus({ price: [20, 35] })).map((r) => r.id)).toEqual([blue]);
    expect((await skus({ price: [null, 29.9] })).map((r) => r.id)).toEqual([red, blue]);
    expect((await skus({ stock: [1, 10] })).map((r) => r.id)).toEqual([blue]);
    expect((await skus({ lowStock: 1 })).map((r) => r.id)).toEqual([blue, plain]);
    expect((await skus({ merchantId })).length).toBe(3);
    expect((await skus({ merchantId: merchantId + 100_000 })).length).toBe(0);
    expect(await api('list', { filters: { price: [20] } })).toMatchObject({ code: 400, key: 'filterInvalid' });
  });

  it("an update changes code, price and status; the product's price is its lowest SKU on sale", async () => {
    expect(await productPrice()).toBe(1990);
    const upd = await api('update', { id: red, price: 24.5 });
    expect(upd.code, upd.msg).toBe(0);
    expect((await skus({ code: 'LIB-RED' }))[0]).toMatchObject({ price: 24.5 });
    expect(await productPrice()).toBe(2450);
    expect((await api('update', { id: red, status: 0, code: 'LIB-RED-OFF' })).code).toBe(0);
    expect(await productPrice()).toBe(2990);
    expect((await skus({ code: 'LIB-RED-OFF' }))[0]).toMatchObject({ id: red, status: 0 });
  });

  it.each([
    ['three decimals', { price: 1.005 }, 'decimalInvalid'],
    ['a negative price', { price: -1 }, 'tooSmall'],
    ['an empty code', { code: '' }, 'required'],
    ['a code over 64 characters', { code: 'x'.repeat(65) }, 'tooLong'],
  ])('an update refuses %s with its key', async (_what, body, key) => {
    const res = await api('update', { id: blue, ...body });
    expect(res).toMatchObject({ code: 400, key });
    expect(res.msg).toBeTruthy();
  });

  it('adjustStock moves the stock with a reason, never below zero, and keeps the movements', async () => {
    expect((await api<{ stock: number }>('adjustStock', { id: blue, delta: 20, reason: 'inbound' })).data).toEqual({
      stock: 24,
    });
    expect(
      (await api<{ stock: number }>('adjustStock', { id: blue, delta: -3, reason: 'damage', note: 'cracked' })).data,
    ).toEqual({ stock: 21 });
    expect(await api('adjustStock', { id: blue, delta: -22, reason: 'damage' })).toMatchObject({
      code: 400,
      key: 'stockNegative',
    });
    expect(await api('adjustStock', { id: blue, delta: 0, reason: 'other' })).toMatchObject({
      code: 400,
      key: 'required',
    });
    expect(await api('adjustStock', { id: blue, delta: 1, reason: 'gift' })).toMatchObject({ code: 400 });
    const moves = (await api<{ rows: Row[] }>('movements', { id: blue })).data.rows;
    expect(moves.map((m) => [m.delta, m.stockAfter, m.reason, m.note])).toEqual([
      [-3, 21, 'damage', 'cracked'],
      [20, 24, 'inbound', null],
    ]);
    expect((await skus({ code: 'LIB-BLUE' }))[0]?.stock).toBe(21);
  });

  it('has no add or delete; another company neither sees, changes nor moves the stock', async () => {
    expect((await api('add', { code: 'NEW', price: 1 })).code).toBe(404);
    expect((await api('delete', { ids: [blue] })).code).toBe(404);
    expect((await list(t.app, 'productSku', { filters: { productId } }, other, 'mall')).total).toBe(0);
    expect((await api('get', { id: blue }, other)).code).toBe(404);
    expect((await api('update', { id: blue, price: 1 }, other)).code).toBe(404);
    expect((await api('adjustStock', { id: blue, delta: 5, reason: 'inbound' }, other)).code).toBe(404);
    expect((await api<{ rows: Row[] }>('movements', { id: blue }, other)).data.rows).toEqual([]);
    expect((await skus({ code: 'LIB-BLUE' }))[0]).toMatchObject({ price: 29.9, stock: 21 });
  });
});
