/**
 * After-sales requests (/AfterSalesOrders): the list (filters, sort), the add hook of ./server.ts
 * (the order of the caller's company, paid, its item and amount), the review machine of
 * ./routes.ts for an exchange (approve, goods received back to stock, completed) and a rejection,
 * no update or delete, and tenant isolation. The refunds through the payment are
 * tests/entities/mall-order/mall-order.test.ts's.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, type TestApp } from '../../server/helper';
import { demoApp, list, tenantWithAdmin, type Row } from '../../server/org-helper';
import { MALL_ORDER, mallOrderItems, mallOrders } from '../../../src/entities/mall-order';
import { productSkus } from '../../../src/entities/product-sku';
import { AFTER_SALE, AFTER_SALE_TYPE } from '../../../src/entities/after-sale/resource';

let t: TestApp;
let demo: string;
let demoTenant: number;
let other: string;
let sku: { id: number; productId: number };
let seq = 0;

const api = <T = Row>(path: string, body: object, token = demo) =>
  post<T>(t.app, `/api/mall/afterSale/${path}`, body, { token });
const stockOf = async () =>
  (await t.app.db.select({ stock: productSkus.stock }).from(productSkus).where(eq(productSkus.id, sku.id)))[0]!.stock;

/** An order of the demo site for 2 of the SKU at 10 yuan each, in `status`. */
async function order(status: number = MALL_ORDER.paid) {
  const [o] = await t.app.db
    .insert(mallOrders)
    .values({
      tenantId: demoTenant,
      orderNo: `MAS${Date.now()}${++seq}`,
      buyerName: 'Buyer',
      phone: '13900001111',
      regionCode: '广东省/深圳市',
      address: 'Road 1',
      goodsFen: 2000,
      totalFen: 2000,
      status,
    })
    .returning();
  await t.app.db.insert(mallOrderItems).values({
    tenantId: demoTenant,
    orderId: o!.id,
    skuId: sku.id,
    productId: sku.productId,
    name: 'Helmet',
    priceFen: 1000,
    qty: 2,
  });
  return o!.orderNo;
}

beforeAll(async () => {
  ({ t, demo, demoTenant } = await demoApp());
  other = (await tenantWithAdmin(t.app, 'Other Co', 'afterother')).token;
  const [s] = await t.app.db
    .select({ id: productSkus.id, productId: productSkus.productId })
    .from(productSkus)
    .where(eq(productSkus.tenantId, demoTenant))
    .limit(1);
  sku = s!;
  // Building the seeded app takes most of a minute on a busy machine.
}, 180_000);
afterAll(() => t?.close());

describe('after-sales requests', () => {
  it('the demo mall starts with requests; the list filters by status and type and sorts by service number', async () => {
    const all = await list(t.app, 'afterSale', { sort: [{ field: 'serviceNo', order: 'asc' }] }, demo, 'mall');
    expect(all.total).toBeGreaterThanOrEqual(3);
    const numbers = all.rows.map((r) => String(r.serviceNo));
    expect(numbers).toEqual([...numbers].sort());
    const pending = await list(t.app, 'afterSale', { filters: { status: AFTER_SALE.pending } }, demo, 'mall');
    expect(pending.rows.every((r) => r.status === AFTER_SALE.pending)).toBe(true);
    expect((await list(t.app, 'afterSale', {}, other, 'mall')).total).toBe(0);
  });

  it('a request gets its service number, order and pending state; an exchange asks for no money', async () => {
    const orderNo = await order();
    const res = await api('add', {
      orderNo,
      type: AFTER_SALE_TYPE.exchange,
      skuId: sku.id,
      qty: 1,
      amount: 12,
      reason: 'Wrong size',
    });
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toMatchObject({ orderNo, status: AFTER_SALE.pending, amount: 0, qty: 1, skuId: sku.id });
    expect(String(res.data.serviceNo)).toMatch(/^S\d{20}$/);
    const found = await list(
      t.app,
      'afterSale',
      { filters: { orderNo, type: AFTER_SALE_TYPE.exchange, serviceNo: String(res.data.serviceNo).slice(-8) } },
      demo,
      'mall',
    );
    expect(found.rows.map((r) => r.id)).toEqual([res.data.id]);
  });

  it.each([
    ['no reason', () => ({ type: AFTER_SALE_TYPE.refund, amount: 1 }), 'required'],
    [
      'a reason over 200 characters',
      () => ({ type: AFTER_SALE_TYPE.refund, amount: 1, reason: 'x'.repeat(201) }),
      'tooLong',
    ],
    ['an unknown type', () => ({ type: 7, amount: 1, reason: 'x' }), 'mustChooseOne'],
    ['three decimals', () => ({ type: AFTER_SALE_TYPE.refund, amount: 1.005, reason: 'x' }), 'decimalInvalid'],
    ['a refund of nothing', () => ({ type: AFTER_SALE_TYPE.refund, amount: 0, reason: 'x' }), 'required'],
    ['more than was paid', () => ({ type: AFTER_SALE_TYPE.refund, amount: 20.01, reason: 'x' }), 'refundTooMuch'],
    [
      'a return without its item',
      () => ({ type: AFTER_SALE_TYPE.returnRefund, amount: 5, reason: 'x' }),
      'afterSaleItemRequired',
    ],
    [
      'more items than were bought',
      () => ({ type: AFTER_SALE_TYPE.exchange, skuId: sku.id, qty: 3, reason: 'x' }),
      'afterSaleQtyTooMany',
    ],
  ])('refuses %s with its key', async (_what, body, key) => {
    const res = await api('add', { orderNo: await order(), ...body() });
    expect(res).toMatchObject({ code: 400, key });
    expect(res.msg).toBeTruthy();
  });

  it('refuses an unknown, unpaid or cancelled order', async () => {
    const body = { type: AFTER_SALE_TYPE.refund, amount: 1, reason: 'x' };
    expect((await api('add', { ...body, orderNo: 'NO-SUCH-ORDER' })).key).toBe('orderUnknown');
    expect((await api('add', { ...body, orderNo: await order(MALL_ORDER.unpaid) })).key).toBe('orderNotPaid');
    expect((await api('add', { ...body, orderNo: await order(MALL_ORDER.cancelled) })).key).toBe('afterSaleOrderState');
    // Another company does not know the order.
    expect((await api('add', { ...body, orderNo: await order() }, other)).key).toBe('orderUnknown');
  });

  it('an exchange: approved, the goods received go back to stock, then completed; nothing moves twice', async () => {
    const orderNo = await order();
    const req = await api('add', { orderNo, type: AFTER_SALE_TYPE.exchange, skuId: sku.id, qty: 2, reason: 'Broken' });
    expect(req.code, req.msg).toBe(0);
    const id = req.data.id;
    expect((await api('receive', { id })).key).toBe('noSuchTransition');
    const reviewed = await api('review', { id, pass: true, comment: 'OK' });
    expect(reviewed.data).toMatchObject({
      status: AFTER_SALE.approved,
      reviewComment: 'OK',
      reviewerName: expect.any(String),
    });
    const before = await stockOf();
    expect((await api('receive', { id })).data.status).toBe(AFTER_SALE.received);
    expect(await stockOf()).toBe(before + 2);
    expect((await api('complete', { id })).code).toBe(0);
    expect((await list(t.app, 'afterSale', { filters: { orderNo } }, demo, 'mall')).rows[0]?.status).toBe(
      AFTER_SALE.completed,
    );
    expect((await api('complete', { id })).key).toBe('noSuchTransition');
    // The two items are back: no further request for them.
    expect(
      (await api('add', { orderNo, type: AFTER_SALE_TYPE.exchange, skuId: sku.id, qty: 1, reason: 'Again' })).key,
    ).toBe('afterSaleQtyTooMany');
  });

  it('a rejection needs its comment and ends the request', async () => {
    const req = await api('add', { orderNo: await order(), type: AFTER_SALE_TYPE.refund, amount: 3, reason: 'x' });
    expect(req.code, req.msg).toBe(0);
    expect((await api('review', { id: req.data.id, pass: false })).key).toBe('required');
    const rejected = await api('review', { id: req.data.id, pass: false, comment: 'Used' });
    expect(rejected.data.status).toBe(AFTER_SALE.rejected);
    expect((await api('review', { id: req.data.id, pass: true })).key).toBe('noSuchTransition');
  });

  it('has no update or delete; another company neither sees nor moves a request', async () => {
    const req = await api('add', { orderNo: await order(), type: AFTER_SALE_TYPE.refund, amount: 2, reason: 'x' });
    expect(req.code, req.msg).toBe(0);
    const id = req.data.id;
    expect((await api('update', { id, reason: 'changed' })).code).toBe(404);
    expect((await api('delete', { ids: [id] })).code).toBe(404);
    expect((await api('get', { id }, other)).code).toBe(404);
    expect((await api('review', { id, pass: false, comment: 'no' }, other)).code).toBe(404);
    expect((await list(t.app, 'afterSale', { filters: { status: AFTER_SALE.pending } }, other, 'mall')).total).toBe(0);
    expect((await api('get', { id })).data.status).toBe(AFTER_SALE.pending);
  });
});
