import { beforeAll, describe, expect, it } from 'vitest';
import { PAY_STATUS } from '../../../src/shared/payments';
import type { Payment } from '../../../src/server/payments';
import { addUser } from '../../server/fixtures';
import { login, post } from '../../server/helper';
import { list, tenantWithAdmin } from '../../server/org-helper';
import { create, demoTenant, events, paymentHarness, press, refunded, row, t } from './harness';

paymentHarness();

describe('refunds and other moves', () => {
  async function paidOrder(amountFen: number) {
    const { payment } = await create(amountFen);
    await press(payment.orderNo, 'pay');
    return payment.orderNo;
  }

  it('refunds part, then the rest; onRefunded runs each time; more than is left is refused', async () => {
    const orderNo = await paidOrder(1000);
    const p1 = await t.app.payments.refund(orderNo, { amountFen: 300, reason: 'partial' });
    expect(p1).toMatchObject({ status: PAY_STATUS.success, refundedFen: 300 });
    expect(refunded.map((p) => p.refundedFen)).toEqual([300]);
    await expect(t.app.payments.refund(orderNo, { amountFen: 701 })).rejects.toMatchObject({ key: 'refundTooMuch' });
    const p2 = await t.app.payments.refund(orderNo, {});
    expect(p2).toMatchObject({ status: PAY_STATUS.refunded, refundedFen: 1000 });
    expect(refunded.map((p) => p.refundedFen)).toEqual([300, 1000]);
    await expect(t.app.payments.refund(orderNo, {})).rejects.toMatchObject({ key: 'noSuchTransition' });
    expect((await t.app.sandboxPay.ledger(orderNo))!.refundedFen).toBe(1000);
    expect((await events(orderNo)).filter((e) => e.kind === 'refund').map((e) => e.result)).toEqual([
      'refunded',
      'refunded',
    ]);
  });

  it('two whole refunds at once give the money back once', async () => {
    const orderNo = await paidOrder(600);
    const results = await Promise.allSettled([t.app.payments.refund(orderNo, {}), t.app.payments.refund(orderNo, {})]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await row(orderNo)).refundedFen).toBe(600);
  });

  it('refunding an unpaid order is "order not yet paid"; closing a paid one, or a closed one, is noSuchTransition', async () => {
    const { payment } = await create(100);
    await expect(t.app.payments.refund(payment.orderNo, {})).rejects.toMatchObject({
      key: 'orderNotPaid',
      message: 'Order not yet paid',
    });
    expect((await t.app.payments.close(payment.orderNo)).status).toBe(PAY_STATUS.closed);
    await expect(t.app.payments.close(payment.orderNo)).rejects.toMatchObject({ key: 'noSuchTransition' });
    const orderNo = await paidOrder(100);
    await expect(t.app.payments.close(orderNo)).rejects.toMatchObject({ key: 'noSuchTransition' });
    await expect(t.app.payments.sync('PNOSUCH')).rejects.toMatchObject({ key: 'notFound' });
  });

  it('changing an unpaid order to the same method is "payment method not changed"', async () => {
    const { payment } = await create(100);
    await expect(t.app.payments.changeMethod(payment.orderNo, 'sandbox')).rejects.toMatchObject({
      key: 'payMethodNotChanged',
      message: 'Payment method not changed',
    });
    await expect(t.app.payments.changeMethod(payment.orderNo, 'paypal')).rejects.toMatchObject({
      key: 'payMethodUnavailable',
    });
  });
});

describe('the routes', () => {
  let other: { token: string };
  let demo: string;
  let su: string;
  let viewer: string;
  beforeAll(async () => {
    demo = (await login(t.app, 'demo', 'demo123')).token;
    su = (await login(t.app, 'admin', 'admin123')).token;
    other = await tenantWithAdmin(t.app, 'Other Pay Co', 'otherpayadmin');
    // A user of the demo tenant without any role: may look, may not refund or close.
    await addUser(t.app, {
      tenant: demoTenant,
      username: 'paylooker',
      password: 'secret1',
      kind: 'admin',
      roleIds: [],
    });
    viewer = (await login(t.app, 'paylooker', 'secret1')).token;
  });

  it('testPay creates a sandbox payment; status, sync, events, refund and close work for the tenant; another tenant gets notFound', async () => {
    const res = await post<{ payment: Payment; checkout: { payUrl: string } }>(
      t.app,
      '/api/pay/payment/testPay',
      { amount: 0.5 },
      { token: demo },
    );
    expect(res.code, res.msg).toBe(0);
    const { orderNo } = res.data.payment;
    expect(res.data.payment.amountFen).toBe(50);
    expect(res.data.checkout.payUrl).toBe(`/api/pay/sandbox/${orderNo}`);
    for (const path of ['status', 'sync', 'events', 'refund', 'close']) {
      const r = await post(t.app, `/api/pay/payment/${path}`, { orderNo }, { token: other.token });
      expect([path, r.code]).toEqual([path, 404]);
    }
    const refund = await post(t.app, '/api/pay/payment/refund', { orderNo }, { token: demo });
    expect(refund).toMatchObject({ code: 400, key: 'orderNotPaid' });
    await press(orderNo, 'pay');
    const status = await post<{ status: number; fulfilledAt: string | null; returnPath: string }>(
      t.app,
      '/api/pay/payment/status',
      { orderNo },
      { token: demo },
    );
    expect(status.data).toMatchObject({ status: PAY_STATUS.success, returnPath: '/map/paypal' });
    expect(status.data.fulfilledAt).not.toBeNull();
    const log = await post<{ kind: string; result: string }[]>(
      t.app,
      '/api/pay/payment/events',
      { orderNo },
      { token: demo },
    );
    expect(log.data.map((e) => e.result)).toEqual(['created', 'paid', 'fulfilled']);
    expect((await post(t.app, '/api/pay/payment/close', { orderNo }, { token: demo })).key).toBe('noSuchTransition');
    const part = await post<{ status: number; refundedFen: number }>(
      t.app,
      '/api/pay/payment/refund',
      { orderNo, amount: 0.2, reason: 'test' },
      { token: demo },
    );
    expect(part.data).toMatchObject({ status: PAY_STATUS.success, refundedFen: 20 });
    expect((await post(t.app, '/api/pay/payment/refund', { orderNo, amount: 0.31 }, { token: demo })).key).toBe(
      'refundTooMuch',
    );
    expect((await post(t.app, '/api/pay/payment/sync', { orderNo }, { token: demo })).code).toBe(0);
    // The super administrator sees every tenant's.
    expect((await post(t.app, '/api/pay/payment/status', { orderNo }, { token: su })).code).toBe(0);
  });

  it("the list is the tenant's own, read-only through the generic engine", async () => {
    const mine = await list(t.app, 'payment', {}, demo, 'pay');
    expect(mine.total).toBeGreaterThan(5);
    expect(mine.rows.every((r) => r.tenantId === demoTenant)).toBe(true);
    expect(mine.rows[0]).toHaveProperty('amount');
    expect((await list(t.app, 'payment', {}, other.token, 'pay')).total).toBe(0);
    const add = await post(t.app, '/api/pay/payment/add', { orderNo: 'X', amount: 1 }, { token: demo });
    expect(add.code).not.toBe(0);
    const [first] = mine.rows;
    expect((await post(t.app, '/api/pay/payment/delete', { ids: [first!.id] }, { token: demo })).code).not.toBe(0);
    expect(
      (await list(t.app, 'payment', { filters: { status: PAY_STATUS.refunded } }, demo, 'pay')).rows.every(
        (r) => r.status === PAY_STATUS.refunded,
      ),
    ).toBe(true);
  });

  it('refund, close, events and testPay need their marks', async () => {
    const { payment } = await create(100);
    for (const path of ['refund', 'close', 'events', 'testPay']) {
      const r = await post(t.app, `/api/pay/payment/${path}`, path === 'testPay' ? {} : { orderNo: payment.orderNo }, {
        token: viewer,
      });
      expect([path, r.code]).toEqual([path, 403]);
    }
    const status = await post(t.app, '/api/pay/payment/status', { orderNo: payment.orderNo }, { token: viewer });
    expect(status.code).toBe(0);
  });

  it("an unknown provider's callback route is notFound", async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/pay/notify/bitcoin',
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(r.json()).toMatchObject({ code: 404 });
  });
});
