import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, type TestApp } from '../../server/helper';
import { demoApp, list, tenantWithAdmin, type Row } from '../../server/org-helper';
import { addRole, addUser } from '../../server/fixtures';
import { AFTER_SALE, AFTER_SALE_TYPE } from '../../../src/entities/after-sale';
import { MALL_ORDER } from '../../../src/entities/mall-order/resource';
import { mallOrders } from '../../../src/entities/mall-order/table';
import { mallOrderHelpers } from './mall-order.fixture';

let t: TestApp;
let demo: string;
let demoTenant: number;
let other: string;
let clerk: string;

beforeAll(async () => {
  ({ t, demo, demoTenant } = await demoApp());
  other = (await tenantWithAdmin(t.app, 'Other Mall Co', 'othermalladmin')).token;
  const role = await addRole(t.app, demoTenant, 'Order viewer', ['orderManagement', 'AfterSalesOrders']);
  await addUser(t.app, { tenant: demoTenant, username: 'mallclerk', password: 'secret1', roleIds: [role] });
  clerk = (await login(t.app, 'mallclerk', 'secret1')).token;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const { api, product, stockOf, orderRow, place, paidOrder } = mallOrderHelpers(() => ({ t, demo, demoTenant }));

describe('after-sales', () => {
  const apply = (body: object, token = demo) => api<Row>('afterSale/add', body, token);

  it('a refund-only request: not more than was paid; approved, the money goes back through the payment', async () => {
    const o = await paidOrder(2, 1000);
    expect(
      (await apply({ orderNo: o.orderNo, type: AFTER_SALE_TYPE.refund, amount: 20.01, reason: '不想要了' })).key,
    ).toBe('refundTooMuch');
    expect(
      (await apply({ orderNo: o.orderNo, type: AFTER_SALE_TYPE.refund, amount: 5, reason: '不想要了' }, other)).key,
    ).toBe('orderUnknown');
    const req = await apply({ orderNo: o.orderNo, type: AFTER_SALE_TYPE.refund, amount: 5, reason: '少了一包' });
    expect(req.code, req.msg).toBe(0);
    expect(req.data).toMatchObject({ status: AFTER_SALE.pending, amount: 5 });
    // What open requests ask for counts: 15 more would be 20, 15.01 is too much.
    expect((await apply({ orderNo: o.orderNo, type: AFTER_SALE_TYPE.refund, amount: 15.01, reason: 'x' })).key).toBe(
      'refundTooMuch',
    );
    expect((await api('afterSale/review', { id: req.data.id, pass: true }, clerk)).key).toBe('noPermission');
    expect((await api('afterSale/review', { id: req.data.id, pass: false })).code).toBe(400); // a rejection needs its comment
    const ok = await api<Row>('afterSale/review', { id: req.data.id, pass: true, comment: '同意' });
    expect(ok.code, ok.msg).toBe(0);
    expect(ok.data.status).toBe(AFTER_SALE.refunded);
    expect(await orderRow(o.id)).toMatchObject({ status: MALL_ORDER.paid, refundedFen: 500 });
    expect((await t.app.payments.get(o.paymentNo))!.refundedFen).toBe(500);
    expect((await api('afterSale/review', { id: req.data.id, pass: true })).key).toBe('noSuchTransition');
    expect((await list(t.app, 'afterSale', {}, other, 'mall')).rows).toHaveLength(0);
  });

  it('a return: approved, the goods received go back to stock, then the rest is refunded and the order refunded', async () => {
    const o = await paidOrder(2, 1000);
    expect(
      (await apply({ orderNo: o.orderNo, type: AFTER_SALE_TYPE.returnRefund, amount: 20, reason: '质量问题' })).key,
    ).toBe('afterSaleItemRequired');
    expect(
      (
        await apply({
          orderNo: o.orderNo,
          type: AFTER_SALE_TYPE.returnRefund,
          skuId: o.skuId,
          qty: 3,
          amount: 20,
          reason: '质量问题',
        })
      ).key,
    ).toBe('afterSaleQtyTooMany');
    const req = await apply({
      orderNo: o.orderNo,
      type: AFTER_SALE_TYPE.returnRefund,
      skuId: o.skuId,
      qty: 2,
      amount: 20,
      reason: '质量问题',
    });
    expect(req.code, req.msg).toBe(0);
    expect((await api('afterSale/receive', { id: req.data.id })).key).toBe('noSuchTransition');
    expect((await api('afterSale/review', { id: req.data.id, pass: true })).data.status).toBe(AFTER_SALE.approved);
    expect(await stockOf(o.skuId)).toBe(18);
    const received = await api<Row>('afterSale/receive', { id: req.data.id });
    expect(received.code, received.msg).toBe(0);
    expect(received.data.status).toBe(AFTER_SALE.refunded);
    expect(await stockOf(o.skuId)).toBe(20);
    expect(await orderRow(o.id)).toMatchObject({ status: MALL_ORDER.refunded, refundedFen: 2000 });
  });

  it('an exchange waits for the goods, then completes; a rejected request ends there; an unpaid order gets none', async () => {
    const o = await paidOrder(1);
    const ex = await apply({
      orderNo: o.orderNo,
      type: AFTER_SALE_TYPE.exchange,
      skuId: o.skuId,
      qty: 1,
      reason: '换个口味',
    });
    expect(ex.code, ex.msg).toBe(0);
    await api('afterSale/review', { id: ex.data.id, pass: true });
    expect((await api('afterSale/complete', { id: ex.data.id })).key).toBe('noSuchTransition');
    await api('afterSale/receive', { id: ex.data.id });
    expect((await api('afterSale/complete', { id: ex.data.id })).code).toBe(0);

    const o2 = await paidOrder(1);
    const r = await apply({ orderNo: o2.orderNo, type: AFTER_SALE_TYPE.refund, amount: 1, reason: 'x' });
    expect(
      (await api<Row>('afterSale/review', { id: r.data.id, pass: false, comment: '已发货不支持' })).data.status,
    ).toBe(AFTER_SALE.rejected);
    expect((await api('afterSale/review', { id: r.data.id, pass: true })).key).toBe('noSuchTransition');

    const p = await product(3);
    const unpaid = await place([{ skuId: p.skuId, qty: 1 }]);
    expect(
      (await apply({ orderNo: unpaid.data.orderNo, type: AFTER_SALE_TYPE.refund, amount: 1, reason: 'x' })).key,
    ).toBe('orderNotPaid');
    const ids = [ex.data.id, r.data.id];
    expect(
      (
        await t.app.db
          .select()
          .from(mallOrders)
          .where(inArray(mallOrders.id, [o.id, o2.id]))
      ).every((x) => x.status === MALL_ORDER.paid),
    ).toBe(true);
    expect(ids).toHaveLength(2);
  });
});
