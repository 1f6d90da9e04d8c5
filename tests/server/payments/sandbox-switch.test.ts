import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config';
import { buildTestApp, login, post, type TestApp } from '../helper';
import { sandboxNotify } from '../pay-helper';

// The sandbox provider pays without money: production offers it only when PAY_SANDBOX says so.

describe('PAY_SANDBOX', () => {
  it('is off in production unless set, on elsewhere unless turned off', () => {
    const prod = { NODE_ENV: 'production', PUBLIC_URL: 'https://console.example.com' };
    expect(loadConfig(prod).payCore.sandbox).toBe(false);
    expect(loadConfig({ ...prod, PAY_SANDBOX: '1' }).payCore.sandbox).toBe(true);
    expect(loadConfig({ ...prod, PAY_SANDBOX: 'true' }).payCore.sandbox).toBe(true);
    expect(loadConfig({ ...prod, PAY_SANDBOX: '0' }).payCore.sandbox).toBe(false);
    expect(loadConfig({}).payCore.sandbox).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).payCore.sandbox).toBe(true);
    expect(loadConfig({ PAY_SANDBOX: 'false' }).payCore.sandbox).toBe(false);
    expect(() => loadConfig({ PAY_SANDBOX: 'yes' })).toThrow(/^Invalid PAY_SANDBOX/);
  });
});

describe('a service with the sandbox off', () => {
  let t: TestApp;
  let demo: string;
  beforeAll(async () => {
    t = await buildTestApp({
      config: { payCore: { reconcileS: 0, expireMin: 30, sandbox: false, sandboxSecret: 'sandbox-secret-0123456789' } },
    });
    demo = (await login(t.app, 'demo', 'demo123')).token;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('offers no sandbox method, no pay page, takes no sandbox callback and creates no sandbox payment', async () => {
    expect(t.app.payments.methods()).not.toContain('sandbox');
    expect((await post<string[]>(t.app, '/api/pay/payment/methods', {}, { token: demo })).data).not.toContain(
      'sandbox',
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/pay/sandbox/P20260101000000123456' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/pay/sandbox/pay.js' })).statusCode).toBe(404);
    const pressed = await post(t.app, '/api/pay/sandbox/P20260101000000123456/pay', undefined, { token: demo });
    expect(pressed.status).toBe(404);
    // A callback signed with the (known) sandbox secret pays nothing: there is no sandbox provider.
    const callback = await sandboxNotify(
      t.app,
      { orderNo: 'P20260101000000123456', tradeNo: 'SBX1', state: 'paid', amountFen: 1 },
      'sandbox-secret-0123456789',
    );
    expect(callback.headers['x-pay-result']).toBeUndefined();
    expect(callback.json()).toMatchObject({ code: 404, key: 'payMethodUnavailable' });
    const test = await post(t.app, '/api/pay/payment/testPay', { amount: 1, method: 'sandbox' }, { token: demo });
    expect(test.key).toBe('payMethodUnavailable');
  });
});
