import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PAY_STATUS } from '../../../src/shared/payments';
import { hmacSha256 } from '../../../src/server/lib/crypto';
import { SANDBOX_SIGNATURE_HEADER } from '../../../src/server/payments';
import { create, demoScope, demoTenant, events, failNextPaid, paid, paymentHarness, press, row, t } from './harness';
import { paySandboxOrders } from '../../../src/entities/payment/table';
import { addUser } from '../../server/fixtures';
import { login, post } from '../../server/helper';
import { tenantWithAdmin } from '../../server/org-helper';
import { sandboxNotify } from '../../server/pay-helper';

paymentHarness();

const signed = (body: object, secret?: string) => sandboxNotify(t.app, body, secret);

describe('creating a payment', () => {
  it('writes the order unpaid and answers the sandbox pay page, which shows subject and amount', async () => {
    const { payment, checkout } = await create(1234);
    expect(payment).toMatchObject({
      status: PAY_STATUS.unpaid,
      amountFen: 1234,
      method: 'sandbox',
      tenantId: demoTenant,
      refundedFen: 0,
      paidAt: null,
    });
    expect(payment.orderNo).toMatch(/^P\d{14}\d{6}$/);
    expect(checkout.payUrl).toBe(`/api/pay/sandbox/${payment.orderNo}`);
    const r = await row(payment.orderNo);
    expect(r.expiresAt.getTime() - r.createdAt.getTime()).toBe(30 * 60_000);
    expect(r.providerRef).toMatch(/^SBX/);
    const page = await t.app.inject({ method: 'GET', url: checkout.payUrl! });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('测试商品 Test item');
    expect(page.body).toContain('12.34');
    expect(page.body).toContain('支付');
    expect(page.body).toContain('模拟失败');
    expect(page.body).toContain('取消');
    // Its only script is its own file (the buttons act with the payer's session); nothing inline.
    expect(page.body.match(/<script[^>]*>/g)).toEqual(['<script src="/api/pay/sandbox/pay.js">']);
  });

  it('refuses a bad amount and an unconfigured method with their keys', async () => {
    await expect(create(0)).rejects.toMatchObject({ key: 'payAmountInvalid' });
    await expect(create(-5)).rejects.toMatchObject({ key: 'payAmountInvalid' });
    await expect(create(1.5)).rejects.toMatchObject({ key: 'payAmountInvalid' });
    await expect(create(100_000_001)).rejects.toMatchObject({ key: 'payAmountInvalid' });
    expect(t.app.payments.methods()).toContain('sandbox');
    await expect(
      t.app.payments.create(demoScope, {
        purpose: { kind: 'unitTest', ref: 'x' },
        subject: 'x',
        amountFen: 100,
        method: 'wechat',
      }),
    ).rejects.toMatchObject({ key: 'payMethodUnavailable' });
  });
});

describe('paying through the sandbox', () => {
  it('pay sends a signed callback over the notify route: the order is paid and fulfilled once, the browser goes back', async () => {
    const { payment } = await create(990);
    const res = await press(payment.orderNo, 'pay');
    expect(res.code, res.msg).toBe(0);
    expect(res.data.back).toBe(`/map/paypal?orderNo=${payment.orderNo}`);
    const r = await row(payment.orderNo);
    expect(r.status).toBe(PAY_STATUS.success);
    expect(r.paidAt).not.toBeNull();
    expect(r.fulfilledAt).not.toBeNull();
    expect(paid.map((p) => p.orderNo)).toEqual([payment.orderNo]);
    expect(paid[0]).toMatchObject({ status: PAY_STATUS.success, amountFen: 990, purpose: { kind: 'unitTest' } });
    const log = await events(payment.orderNo);
    expect(log.map((e) => [e.kind, e.result, e.verified])).toEqual([
      ['create', 'created', true],
      ['callback', 'paid', true],
      ['fulfil', 'fulfilled', true],
    ]);
  });

  it('the same notification twice pays once and fulfils once', async () => {
    const { payment } = await create(500);
    t.app.sandboxPay.forgetCallbacks = true;
    await press(payment.orderNo, 'pay');
    const ledger = (
      await t.app.db.select().from(paySandboxOrders).where(eq(paySandboxOrders.orderNo, payment.orderNo))
    )[0]!;
    const body = {
      orderNo: payment.orderNo,
      tradeNo: ledger.tradeNo,
      state: 'paid',
      amountFen: 500,
      paidAt: ledger.paidAt!.toISOString(),
    };
    const [a, b] = await Promise.all([signed(body), signed(body)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect([a.headers['x-pay-result'], b.headers['x-pay-result']].sort()).toEqual(['duplicate', 'paid']);
    const c = await signed(body);
    expect(c.headers['x-pay-result']).toBe('duplicate');
    expect(paid.map((p) => p.orderNo)).toEqual([payment.orderNo]);
    expect((await row(payment.orderNo)).status).toBe(PAY_STATUS.success);
  });

  it('refuses a callback with a bad or missing signature, and logs it', async () => {
    const { payment } = await create(700);
    const body = { orderNo: payment.orderNo, tradeNo: 'SBXFAKE', state: 'paid', amountFen: 700 };
    const forged = await signed(body, 'not-the-secret');
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ key: 'paySignatureInvalid' });
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/pay/notify/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(unsigned.statusCode).toBe(401);
    // A signature over other bytes (the same JSON re-spaced) does not count either.
    const key = await t.app.sandboxPay.secret();
    const respaced = await t.app.inject({
      method: 'POST',
      url: '/api/pay/notify/sandbox',
      headers: {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: hmacSha256(key, JSON.stringify(body)).toString('base64'),
      },
      payload: JSON.stringify(body, null, 1),
    });
    expect(respaced.statusCode).toBe(401);
    expect((await row(payment.orderNo)).status).toBe(PAY_STATUS.unpaid);
    expect(paid).toEqual([]);
    const log = (await events(payment.orderNo)).filter((e) => e.kind === 'callback');
    expect(log.map((e) => [e.result, e.verified])).toEqual([
      ['badSignature', false],
      ['badSignature', false],
      ['badSignature', false],
    ]);
  });

  it('refuses a callback whose amount differs from the order (amountMismatch)', async () => {
    const { payment } = await create(800);
    const res = await signed({ orderNo: payment.orderNo, tradeNo: 'SBX1', state: 'paid', amountFen: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.headers['x-pay-result']).toBe('amountMismatch');
    expect((await row(payment.orderNo)).status).toBe(PAY_STATUS.unpaid);
    expect((await events(payment.orderNo)).at(-1)).toMatchObject({
      kind: 'callback',
      verified: true,
      result: 'amountMismatch',
    });
    expect(paid).toEqual([]);
  });

  it('fail on the pay page marks the order failed; cancel leaves it unpaid', async () => {
    const a = (await create(300)).payment;
    expect((await press(a.orderNo, 'fail')).data.back).toBe(`/map/paypal?orderNo=${a.orderNo}`);
    expect((await row(a.orderNo)).status).toBe(PAY_STATUS.failed);
    const b = (await create(300)).payment;
    expect((await press(b.orderNo, 'cancel')).data.back).toBe(`/map/paypal?orderNo=${b.orderNo}`);
    expect((await row(b.orderNo)).status).toBe(PAY_STATUS.unpaid);
    expect((await t.app.inject({ method: 'GET', url: '/api/pay/sandbox/PNOSUCHORDER' })).statusCode).toBe(404);
  });

  it('a failing onPaid handler leaves fulfilledAt null; reconcile fulfils it later, once', async () => {
    const { payment } = await create(420);
    failNextPaid(1);
    await press(payment.orderNo, 'pay');
    const r = await row(payment.orderNo);
    expect(r.status).toBe(PAY_STATUS.success);
    expect(r.fulfilledAt).toBeNull();
    expect(paid).toEqual([]);
    expect((await events(payment.orderNo)).at(-1)!.result).toMatch(/^fulfilFailed: the module is down/);
    const result = await t.app.payments.reconcile();
    expect(result.fulfilled).toBeGreaterThanOrEqual(1);
    expect((await row(payment.orderNo)).fulfilledAt).not.toBeNull();
    await t.app.payments.reconcile();
    expect(paid.map((p) => p.orderNo)).toEqual([payment.orderNo]);
  });
});

describe("the sandbox pay page takes the payer's own session", () => {
  it('refuses anonymous presses, the visitor, another user of the tenant and another tenant, in the envelope; the payer pays', async () => {
    const { payment } = await create(777);
    const visitor = String(
      (await post(t.app, '/api/auth/auth/visitorLogin', { language: 'CN' })).headers.authorization,
    );
    await addUser(t.app, { tenant: demoTenant, username: 'paycolleague', password: 'secret1', kind: 'admin' });
    const colleague = (await login(t.app, 'paycolleague', 'secret1')).token;
    const stranger = (await tenantWithAdmin(t.app, 'Other Pay Co', 'otherpayadmin')).token;
    const refusals: [string, number, string][] = [
      ['', 208, 'sessionExpired'],
      [visitor, 403, 'readOnlyVisitor'],
      [colleague, 403, 'noPermission'],
      [stranger, 403, 'noPermission'],
    ];
    for (const [token, code, key] of refusals)
      for (const action of ['pay', 'fail'] as const) {
        const res = await press(payment.orderNo, action, token);
        expect([res.code, res.key], `${action} as ${key}`).toEqual([code, key]);
        expect(res.headers['content-type']).toContain('application/json');
      }
    expect((await row(payment.orderNo)).status).toBe(PAY_STATUS.unpaid);
    expect((await t.app.sandboxPay.ledger(payment.orderNo))!.state).toBe('unpaid');
    expect(paid).toEqual([]);
    // A missing order answers as someone else's does.
    expect((await press('PNOSUCHORDER', 'pay')).key).toBe('noPermission');
    const ok = await press(payment.orderNo, 'pay');
    expect(ok.code, ok.msg).toBe(0);
    expect((await row(payment.orderNo)).status).toBe(PAY_STATUS.success);
  });

  it("a payment nobody's session created (a system order) is paid by no one on the page", async () => {
    const { payment } = await create(555, { ...demoScope, userId: 0 });
    expect((await press(payment.orderNo, 'pay')).key).toBe('noPermission');
    expect((await row(payment.orderNo)).status).toBe(PAY_STATUS.unpaid);
  });

  it("the page's script posts with the console's token in Authorization, never in the URL", async () => {
    const js = await t.app.inject({ method: 'GET', url: '/api/pay/sandbox/pay.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toContain('javascript');
    expect(js.body).toContain("localStorage.getItem('token')");
    expect(js.body).toContain('authorization: token');
    expect(js.body).not.toMatch(/[?&]token=/);
  });
});

describe('reconcile', () => {
  it('an order the provider reports paid late (callback lost) becomes paid and fulfilled', async () => {
    const { payment } = await create(1500);
    t.app.sandboxPay.forgetCallbacks = true;
    await press(payment.orderNo, 'pay');
    expect((await row(payment.orderNo)).status).toBe(PAY_STATUS.unpaid);
    // Younger than a minute: reconcile leaves it alone.
    await t.app.payments.reconcile();
    expect((await row(payment.orderNo)).status).toBe(PAY_STATUS.unpaid);
    t.clock.advance(61_000);
    const result = await t.app.payments.reconcile();
    expect(result.synced).toBeGreaterThanOrEqual(1);
    const r = await row(payment.orderNo);
    expect(r.status).toBe(PAY_STATUS.success);
    expect(r.fulfilledAt).not.toBeNull();
    expect(paid.map((p) => p.orderNo)).toEqual([payment.orderNo]);
    expect((await events(payment.orderNo)).find((e) => e.kind === 'query')).toMatchObject({
      result: 'paid',
      verified: true,
    });
    // The callback arriving after all changes nothing.
    const ledger = (
      await t.app.db.select().from(paySandboxOrders).where(eq(paySandboxOrders.orderNo, payment.orderNo))
    )[0]!;
    expect(await t.app.sandboxPay.notify(ledger)).toBe(true);
    expect(paid).toHaveLength(1);
  });

  it('closes orders past their expiry (30 minutes), at the provider too', async () => {
    const { payment } = await create(200);
    t.clock.advance(29 * 60_000);
    await t.app.payments.reconcile();
    expect((await row(payment.orderNo)).status).toBe(PAY_STATUS.unpaid);
    t.clock.advance(2 * 60_000);
    const result = await t.app.payments.reconcile();
    expect(result.closed).toBeGreaterThanOrEqual(1);
    const r = await row(payment.orderNo);
    expect(r.status).toBe(PAY_STATUS.closed);
    expect(r.closedAt).not.toBeNull();
    // The pay page no longer takes money.
    await press(payment.orderNo, 'pay');
    expect((await t.app.sandboxPay.query(payment.orderNo)).state).toBe('closed');
    expect((await row(payment.orderNo)).status).toBe(PAY_STATUS.closed);
  });

  it('two reconciles at once (two replicas) sync each order once', async () => {
    const { payment } = await create(333);
    t.app.sandboxPay.forgetCallbacks = true;
    await press(payment.orderNo, 'pay');
    t.clock.advance(61_000);
    await Promise.all([t.app.payments.reconcile(), t.app.payments.reconcile()]);
    expect((await events(payment.orderNo)).filter((e) => e.kind === 'query')).toHaveLength(1);
    expect(paid.map((p) => p.orderNo)).toEqual([payment.orderNo]);
  });
});
