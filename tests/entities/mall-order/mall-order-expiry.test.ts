import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAY_STATUS } from '../../../src/shared/payments';
import { buildTestApp, login, type TestApp } from '../../server/helper';
import { tenantId } from '../../server/fixtures';
import { expireUnpaid } from '../../../src/entities/mall-order/orders';
import { MALL_ORDER } from '../../../src/entities/mall-order/resource';
import { mallOrderHelpers } from './mall-order.fixture';

// An unpaid order holds its stock only while its payment may be paid (PAY_EXPIRE_MIN, here 10
// minutes), on the test's own clock; then the sweep cancels it and returns the stock, once.

let t: TestApp;
let demo: string;
let demoTenant: number;
const EXPIRE_MIN = 10;

beforeAll(async () => {
  t = await buildTestApp({ config: { payCore: { reconcileS: 0, expireMin: EXPIRE_MIN, sandbox: true } } });
  demo = (await login(t.app, 'demo', 'demo123')).token;
  demoTenant = await tenantId(t.app, 'Demo Site');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const { product, stockOf, orderRow, place } = mallOrderHelpers(() => ({ t, demo, demoTenant }));

describe('unpaid mall orders', () => {
  it('hold their stock for the configured time, no longer; the order is cancelled and its payment closed', async () => {
    const p = await product(4);
    const placed = await place([{ skuId: p.skuId, qty: 3 }]);
    expect(placed.code, placed.msg).toBe(0);
    const order = await orderRow(placed.data.id);
    expect(order.expiresAt!.getTime() - order.createdAt.getTime()).toBe(EXPIRE_MIN * 60_000);
    const payment = (await t.app.payments.row(placed.data.paymentNo))!;
    expect(payment.expiresAt.getTime()).toBe(order.expiresAt!.getTime());
    expect(await stockOf(p.skuId)).toBe(1);

    t.clock.advance(EXPIRE_MIN * 60_000 - 1000);
    await expireUnpaid(t.app);
    expect((await orderRow(placed.data.id)).status).toBe(MALL_ORDER.unpaid);
    expect(await stockOf(p.skuId)).toBe(1);

    t.clock.advance(2000);
    // Two replicas sweeping at once, then again: the stock comes back once.
    await Promise.all([expireUnpaid(t.app), expireUnpaid(t.app)]);
    await expireUnpaid(t.app);
    const cancelled = await orderRow(placed.data.id);
    expect(cancelled.status).toBe(MALL_ORDER.cancelled);
    expect(cancelled.cancelReason).toBe('expired');
    expect(await stockOf(p.skuId)).toBe(4);
    expect((await t.app.payments.get(placed.data.paymentNo))!.status).toBe(PAY_STATUS.closed);
  });
});
