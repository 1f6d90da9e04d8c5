import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAY_STATUS } from '../../../src/shared/payments';
import { login, post, type TestApp } from '../../server/helper';
import { demoApp, list, tenantWithAdmin, type Row } from '../../server/org-helper';
import { addRole, addUser } from '../../server/fixtures';
import { FREIGHT_MODE, freightTemplates } from '../../../src/entities/freight-template';
import { mallProducts } from '../../../src/entities/product';
import { expireUnpaid, onMallPaid } from '../../../src/entities/mall-order/orders';
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

const { api, product, stockOf, orderRow, address, place, pressPay, paidOrder } = mallOrderHelpers(() => ({
  t,
  demo,
  demoTenant,
}));
const salesOf = async (productId: number) =>
  (await t.app.db.select({ sales: mallProducts.sales }).from(mallProducts).where(eq(mallProducts.id, productId)))[0]!
    .sales;

describe('freight templates', () => {
  it('add, rules by region (bad regions refused), another tenant sees none', async () => {
    const added = await api('freightTemplate/add', {
      name: '按件计费',
      mode: FREIGHT_MODE.piece,
      firstUnit: 1,
      firstPrice: 8,
      addUnit: 1,
      addPrice: 2,
      freeAmount: 99,
    });
    expect(added.code, added.msg).toBe(0);
    const id = added.data.id;
    const bad = await api('freightTemplate/setRules', {
      id,
      rules: [{ regions: ['x'], firstUnit: 1, firstPrice: 1, addUnit: 1, addPrice: 1 }],
    });
    expect(bad.code).toBe(400);
    const twice = await api('freightTemplate/setRules', {
      id,
      rules: [0, 1].map(() => ({ regions: ['西藏自治区'], firstUnit: 1, firstPrice: 20, addUnit: 1, addPrice: 10 })),
    });
    expect([twice.code, twice.key]).toEqual([400, 'freightRegionTwice']);
    const ok = await api('freightTemplate/setRules', {
      id,
      rules: [
        {
          regions: ['西藏自治区', '新疆维吾尔自治区'],
          firstUnit: 1,
          firstPrice: 20,
          addUnit: 1,
          addPrice: 10,
          freeAmount: null,
        },
      ],
    });
    expect(ok.code, ok.msg).toBe(0);
    const got = await api<Row>('freightTemplate/get', { id });
    expect(got.data).toMatchObject({ ruleCount: 1, rules: [{ regions: ['西藏自治区', '新疆维吾尔自治区'] }] });
    expect((await api('freightTemplate/setRules', { id, rules: [] }, other)).key).toBe('notFound');
    expect((await list(t.app, 'freightTemplate', {}, other, 'mall')).rows.some((r) => r.id === id)).toBe(false);
  });

  it("an order pays the freight of its products' template for its region", async () => {
    const [tpl] = await t.app.db
      .insert(freightTemplates)
      .values({
        tenantId: demoTenant,
        name: 'kg',
        mode: FREIGHT_MODE.weight,
        firstUnit: 1,
        firstPrice: 10,
        addUnit: 1,
        addPrice: 5,
        freeAmount: null,
        rules: [{ regions: ['西藏自治区'], firstUnit: 1, firstPrice: 30, addUnit: 1, addPrice: 15 }],
      })
      .returning();
    const p = await product(10, 1000, tpl!.id);
    // 3 x 500 g = 1.5 kg: 10 + 5 yuan; to Tibet 30 + 15.
    const q = await api<{ freightFen: number; goodsFen: number; totalFen: number }>('order/quote', {
      items: [{ skuId: p.skuId, qty: 3 }],
      regionCode: '浙江省/杭州市',
    });
    expect(q.data).toMatchObject({ goodsFen: 3000, freightFen: 1500, totalFen: 4500 });
    const placed = await place([{ skuId: p.skuId, qty: 3 }], '西藏自治区/拉萨市');
    expect(placed.data).toMatchObject({ freightFen: 4500, totalFen: 7500 });
  });
});

describe('orders', () => {
  it('the demo starts with orders in every state, freight templates and after-sales requests', async () => {
    const rows = (await list(t.app, 'order', { pageSize: 100 }, demo, 'mall')).rows;
    for (const status of Object.values(MALL_ORDER).filter((s) => s !== MALL_ORDER.refunding))
      expect(
        rows.some((r) => r.status === status),
        `status ${status}`,
      ).toBe(true);
    expect((await list(t.app, 'freightTemplate', {}, demo, 'mall')).rows.length).toBeGreaterThanOrEqual(2);
    expect((await list(t.app, 'afterSale', {}, demo, 'mall')).rows.length).toBeGreaterThanOrEqual(3);
  });

  it('place takes the stock and answers the pay page; paying makes the order paid and counts the sales once', async () => {
    const p = await product(5, 2500);
    const placed = await place([{ skuId: p.skuId, qty: 2 }]);
    expect(placed.code, placed.msg).toBe(0);
    expect(placed.data.payUrl).toContain('/api/pay/sandbox/');
    expect(await stockOf(p.skuId)).toBe(3);
    const order = await orderRow(placed.data.id);
    expect(order).toMatchObject({ status: MALL_ORDER.unpaid, goodsFen: 5000, totalFen: 5000, buyerName: '张三' });
    expect((await pressPay(placed.data.payUrl)).data.back).toBe('/map/paypal?orderNo=' + placed.data.paymentNo);
    const paid = await orderRow(placed.data.id);
    expect(paid.status).toBe(MALL_ORDER.paid);
    expect(paid.paidAt).toBeInstanceOf(Date);
    expect(await salesOf(p.productId)).toBe(2);
    // The same fulfilment again (a repeated callback, the reconcile job) changes nothing.
    const payment = (await t.app.payments.get(placed.data.paymentNo))!;
    expect(payment.status).toBe(PAY_STATUS.success);
    await onMallPaid(t.app, payment);
    await onMallPaid(t.app, payment);
    expect(await salesOf(p.productId)).toBe(2);
    expect((await orderRow(placed.data.id)).status).toBe(MALL_ORDER.paid);
  });

  it('50 orders at once for 10 items: exactly 10 succeed, the others are told outOfStock, stock ends at 0', async () => {
    const p = await product(10, 100);
    const answers = await Promise.all(Array.from({ length: 50 }, () => place([{ skuId: p.skuId, qty: 1 }])));
    const ok = answers.filter((a) => a.code === 0);
    expect(ok).toHaveLength(10);
    expect(answers.filter((a) => a.key === 'outOfStock')).toHaveLength(40);
    expect(await stockOf(p.skuId)).toBe(0);
  }, 60_000);

  it('a buyer may buy: the visitor (read-only) and a user without the storefront place nothing and take no stock', async () => {
    const p = await product(3);
    const visitor = String(
      (await post(t.app, '/api/auth/auth/visitorLogin', { language: 'CN' })).headers.authorization,
    );
    const byVisitor = await place([{ skuId: p.skuId, qty: 3 }], '广东省/深圳市/南山区', visitor);
    expect([byVisitor.code, byVisitor.key]).toEqual([403, 'readOnlyVisitor']);
    // The clerk's roles open the order screens, not the storefront.
    const byClerk = await place([{ skuId: p.skuId, qty: 3 }], '广东省/深圳市/南山区', clerk);
    expect([byClerk.code, byClerk.key]).toEqual([403, 'noPermission']);
    expect(await stockOf(p.skuId)).toBe(3);
    const orders = await t.app.db
      .select({ id: mallOrders.id })
      .from(mallOrders)
      .where(eq(mallOrders.tenantId, demoTenant));
    const placed = await place([{ skuId: p.skuId, qty: 3 }]);
    expect(placed.code, placed.msg).toBe(0);
    expect(
      (await t.app.db.select({ id: mallOrders.id }).from(mallOrders).where(eq(mallOrders.tenantId, demoTenant))).length,
    ).toBe(orders.length + 1);
  });

  it('all or nothing: an order one of whose items is short takes no stock at all', async () => {
    const a = await product(5);
    const b = await product(1);
    const refused = await place([
      { skuId: a.skuId, qty: 2 },
      { skuId: b.skuId, qty: 2 },
    ]);
    expect([refused.code, refused.key]).toEqual([409, 'outOfStock']);
    expect(await stockOf(a.skuId)).toBe(5);
    expect(await stockOf(b.skuId)).toBe(1);
  });

  it("bad input: no items, zero quantity, a bad phone, an unknown SKU, another tenant's SKU", async () => {
    const p = await product(5);
    expect((await api('order/place', { items: [], address, regionCode: '广东省', method: 'sandbox' })).code).toBe(400);
    expect((await place([{ skuId: p.skuId, qty: 0 }])).code).toBe(400);
    expect(
      (
        await api('order/place', {
          items: [{ skuId: p.skuId, qty: 1 }],
          address: { ...address, phone: '123' },
          regionCode: '广东省',
          method: 'sandbox',
        })
      ).code,
    ).toBe(400);
    expect((await place([{ skuId: 99_999_999, qty: 1 }])).key).toBe('productUnavailable');
    expect((await place([{ skuId: p.skuId, qty: 1 }], '广东省', other)).key).toBe('productUnavailable');
  });

  it('an unpaid order expires and returns its stock; its payment is closed', async () => {
    const p = await product(4);
    const placed = await place([{ skuId: p.skuId, qty: 3 }]);
    expect(await stockOf(p.skuId)).toBe(1);
    expect(await expireUnpaid(t.app)).toBe(0);
    t.clock.advance(t.app.config.payCore.expireMin * 60_000 + 1000);
    expect(await expireUnpaid(t.app)).toBeGreaterThanOrEqual(1);
    expect((await orderRow(placed.data.id)).status).toBe(MALL_ORDER.cancelled);
    expect(await stockOf(p.skuId)).toBe(4);
    expect((await t.app.payments.get(placed.data.paymentNo))!.status).toBe(PAY_STATUS.closed);
  });

  it('ship: an unpaid order is not yet paid; a tracking number is required; a paid one ships, then completes', async () => {
    const p = await product(5);
    const unpaid = await place([{ skuId: p.skuId, qty: 1 }]);
    expect((await api('order/ship', { id: unpaid.data.id, carrier: '顺丰', trackingNo: 'SF1234567890' })).key).toBe(
      'orderNotPaid',
    );
    const o = await paidOrder();
    expect((await api('order/ship', { id: o.id, carrier: '顺丰' })).code).toBe(400);
    expect((await api('order/ship', { id: o.id, carrier: '顺丰', trackingNo: '' })).code).toBe(400);
    expect((await api('order/ship', { id: o.id, carrier: '顺丰', trackingNo: 'SF1234567890' }, clerk)).key).toBe(
      'noPermission',
    );
    expect((await api('order/ship', { id: o.id, carrier: '顺丰', trackingNo: 'SF1234567890' }, other)).key).toBe(
      'notFound',
    );
    const shipped = await api('order/ship', { id: o.id, carrier: '顺丰', trackingNo: 'SF1234567890' });
    expect(shipped.code, shipped.msg).toBe(0);
    expect(await orderRow(o.id)).toMatchObject({
      status: MALL_ORDER.shipped,
      carrier: '顺丰',
      trackingNo: 'SF1234567890',
    });
    expect((await api('order/ship', { id: o.id, carrier: '顺丰', trackingNo: 'SF1234567890' })).key).toBe(
      'noSuchTransition',
    );
    expect((await api('order/cancel', { id: o.id })).key).toBe('noSuchTransition');
    expect((await api('order/complete', { id: o.id })).code).toBe(0);
    const detail = await api<{ items: Row[]; timeline: { event: string }[] }>('order/detail', { id: o.id });
    expect(detail.data.items).toHaveLength(1);
    expect(detail.data.timeline.map((e) => e.event)).toEqual(['placed', 'paid', 'shipped', 'completed']);
  });

  it('cancel: an unpaid order returns its stock; a paid one is refunded in full through the payment and returns its stock', async () => {
    const p = await product(5);
    const unpaid = await place([{ skuId: p.skuId, qty: 2 }]);
    expect((await api('order/cancel', { id: unpaid.data.id }, clerk)).key).toBe('noPermission');
    expect((await api('order/cancel', { id: unpaid.data.id })).code).toBe(0);
    expect((await orderRow(unpaid.data.id)).status).toBe(MALL_ORDER.cancelled);
    expect(await stockOf(p.skuId)).toBe(5);
    expect((await api('order/cancel', { id: unpaid.data.id })).key).toBe('noSuchTransition');

    const o = await paidOrder(3, 1000);
    expect(await stockOf(o.skuId)).toBe(17);
    const cancelled = await api('order/cancel', { id: o.id, reason: '买家不要了' });
    expect(cancelled.code, cancelled.msg).toBe(0);
    expect(await orderRow(o.id)).toMatchObject({ status: MALL_ORDER.refunded, refundedFen: 3000 });
    expect((await t.app.payments.get(o.paymentNo))!.status).toBe(PAY_STATUS.refunded);
    expect(await stockOf(o.skuId)).toBe(20);
  });

  it('a seeded paid order has its sandbox payment: cancelling it refunds in full; a seeded refunded order shows a refunded payment', async () => {
    const seeded = await t.app.db.select().from(mallOrders).where(eq(mallOrders.tenantId, demoTenant));
    const paid = seeded.filter((o) => o.status === MALL_ORDER.paid && o.orderNo.startsWith('M'));
    expect(paid.length).toBeGreaterThan(0);
    for (const o of seeded.filter((x) => x.paidAt != null && x.orderNo.startsWith('M'))) {
      const payment = await t.app.payments.get(o.paymentNo!);
      expect(payment, o.orderNo).toMatchObject({
        amountFen: o.totalFen,
        status: o.status === MALL_ORDER.refunded ? PAY_STATUS.refunded : PAY_STATUS.success,
      });
    }
    const o = paid[0]!;
    const cancelled = await api('order/cancel', { id: o.id, reason: '买家不要了' });
    expect(cancelled.code, cancelled.msg).toBe(0);
    expect(await orderRow(o.id)).toMatchObject({ status: MALL_ORDER.refunded, refundedFen: o.totalFen });
    expect(await t.app.payments.get(o.paymentNo!)).toMatchObject({
      status: PAY_STATUS.refunded,
      refundedFen: o.totalFen,
    });
  });

  it('another tenant sees none of the orders; the list filters by status', async () => {
    const o = await paidOrder();
    expect((await list(t.app, 'order', {}, other, 'mall')).rows).toHaveLength(0);
    expect((await api('order/detail', { id: o.id }, other)).key).toBe('notFound');
    const paid = await list(t.app, 'order', { filters: { status: MALL_ORDER.paid }, pageSize: 100 }, demo, 'mall');
    expect(paid.rows.some((r) => r.id === o.id)).toBe(true);
    expect(paid.rows.every((r) => r.status === MALL_ORDER.paid)).toBe(true);
    expect(paid.rows.find((r) => r.id === o.id)).toMatchObject({ total: o.totalFen / 100 });
  });

  it('mall data: paid amount by day, orders by status, top products, conversion', async () => {
    const day = new Date(t.clock.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const stats = await api<{
      byDay: { day: string; paidFen: number }[];
      byStatus: { status: number; n: number }[];
      top: { name: string; qty: number }[];
      totals: { paid: number };
    }>('order/stats', { from: day, to: day });
    expect(stats.code, stats.msg).toBe(0);
    expect(stats.data.byDay.find((d) => d.day === day)?.paidFen).toBeGreaterThan(0);
    expect(stats.data.byStatus.length).toBeGreaterThan(2);
    expect(stats.data.top[0]!.qty).toBeGreaterThan(0);
    const empty = await api<{ totals: { paid: number } }>('order/stats', { from: day, to: day }, other);
    expect(empty.data.totals.paid).toBe(0);
  });
});
