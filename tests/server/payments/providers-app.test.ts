import { createCipheriv, createSign, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAY_STATUS } from '../../../src/shared/payments';
import { loadConfig } from '../../../src/server/config';
import type { Scope } from '../../../src/server/db/scope';
import type { Payment } from '../../../src/server/payments/types';
import { buildTestApp, type TestApp } from '../helper';
import { tenantId } from '../fixtures';
import { fakeServer, rsaPair, type FakeServer } from './providers-fake';

// The real providers inside the app: configured from the environment, their checkout through
// app.payments, their signed callbacks over POST /api/pay/notify/:method - paid once when the
// same notification comes twice, refused (and left unpaid) when tampered with.

const merchant = rsaPair();
const platform = rsaPair();
const alipayApp = rsaPair();
const alipayKeys = rsaPair();
const APIV3_KEY = 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6';
const MCHID = '1900009191';
const APP_ID = '2021000122671080';

let t: TestApp;
let wx: FakeServer;
let scope: Scope;
const paid: Payment[] = [];

function wechatSigned(body: string): Record<string, string> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(16).toString('hex');
  return {
    'content-type': 'application/json',
    'wechatpay-timestamp': timestamp,
    'wechatpay-nonce': nonce,
    'wechatpay-serial': 'PUB_KEY_ID_01',
    'wechatpay-signature': createSign('RSA-SHA256')
      .update(`${timestamp}\n${nonce}\n${body}\n`)
      .sign(platform.privatePem, 'base64'),
  };
}

beforeAll(async () => {
  wx = await fakeServer((req) => {
    const out =
      req.url === '/v3/pay/transactions/native'
        ? JSON.stringify({ code_url: 'weixin://wxpay/bizpayurl?pr=abc' })
        : JSON.stringify({ code: 'NOT_FOUND', message: 'x' });
    return { status: req.url === '/v3/pay/transactions/native' ? 200 : 404, headers: wechatSigned(out), body: out };
  });
  const payments = loadConfig({
    WECHATPAY_MCHID: MCHID,
    WECHATPAY_APPID: 'wxd678efh567hg6787',
    WECHATPAY_SERIAL: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
    WECHATPAY_PRIVATE_KEY: merchant.privatePem,
    WECHATPAY_APIV3_KEY: APIV3_KEY,
    WECHATPAY_PLATFORM_PUBLIC_KEY: platform.publicPem,
    WECHATPAY_PLATFORM_SERIAL: 'PUB_KEY_ID_01',
    WECHATPAY_BASE_URL: wx.url,
    ALIPAY_APP_ID: APP_ID,
    ALIPAY_PRIVATE_KEY: alipayApp.privatePem,
    ALIPAY_PUBLIC_KEY: alipayKeys.publicPem,
    ALIPAY_GATEWAY: 'http://127.0.0.1:1/gateway.do',
  }).payments;
  t = await buildTestApp({ config: { payments } });
  scope = { userId: 0, tenantId: await tenantId(t.app, 'Demo Site'), kind: 'admin' };
  t.app.payments.onPaid('providerTest', async (p) => void paid.push(p));
}, 60_000);
afterAll(async () => {
  await t?.close();
  await wx?.close();
});

const create = (method: 'wechat' | 'alipay', amountFen: number) =>
  t.app.payments.create(scope, {
    purpose: { kind: 'providerTest', ref: `R${Math.random()}` },
    subject: '流量包 Data',
    amountFen,
    method,
  });

describe('real providers in the app', () => {
  it('offers the configured methods', () => {
    expect(t.app.payments.methods()).toEqual(expect.arrayContaining(['sandbox', 'wechat', 'alipay']));
  });

  it('WeChat Pay: QR checkout, a signed AES-GCM notification pays once, a tampered one is refused', async () => {
    const { payment, checkout } = await create('wechat', 1234);
    expect(checkout.qrCode).toBe('weixin://wxpay/bizpayurl?pr=abc');
    const seal = (plain: object) => {
      const nonce = randomBytes(6).toString('hex');
      const cipher = createCipheriv('aes-256-gcm', Buffer.from(APIV3_KEY), Buffer.from(nonce));
      cipher.setAAD(Buffer.from('transaction'));
      const ciphertext = Buffer.concat([
        cipher.update(JSON.stringify(plain)),
        cipher.final(),
        cipher.getAuthTag(),
      ]).toString('base64');
      return JSON.stringify({
        id: 'EV-1',
        event_type: 'TRANSACTION.SUCCESS',
        resource_type: 'encrypt-resource',
        resource: {
          original_type: 'transaction',
          algorithm: 'AEAD_AES_256_GCM',
          ciphertext,
          nonce,
          associated_data: 'transaction',
        },
      });
    };
    const tx = {
      mchid: MCHID,
      out_trade_no: payment.orderNo,
      transaction_id: '4200000001',
      trade_state: 'SUCCESS',
      success_time: '2026-11-25T12:00:00+08:00',
      amount: { total: 1234, currency: 'CNY' },
    };

    const cheap = seal({ ...tx, amount: { total: 1, currency: 'CNY' } });
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/pay/notify/wechat',
      headers: wechatSigned(cheap),
      payload: cheap.replace('EV-1', 'EV-2'),
    });
    // Refused (not 2xx, so WeChat Pay would retry a real one); the route answers bad signatures itself.
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json()).toMatchObject({ key: 'paySignatureInvalid' });
    expect((await t.app.payments.get(payment.orderNo))!.status).toBe(PAY_STATUS.unpaid);

    const body = seal(tx);
    for (let i = 0; i < 2; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/pay/notify/wechat',
        headers: wechatSigned(body),
        payload: body,
      });
      expect(r.statusCode).toBe(204);
    }
    expect((await t.app.payments.get(payment.orderNo))!.status).toBe(PAY_STATUS.success);
    expect(paid.filter((p) => p.orderNo === payment.orderNo)).toHaveLength(1);
  });

  it('Alipay: page-pay URL, a signed form notification pays once and is answered "success"', async () => {
    const { payment, checkout } = await create('alipay', 990);
    expect(new URL(checkout.payUrl!).searchParams.get('method')).toBe('alipay.trade.page.pay');
    const fields: Record<string, string> = {
      app_id: APP_ID,
      out_trade_no: payment.orderNo,
      trade_no: '2026112522001',
      trade_status: 'TRADE_SUCCESS',
      total_amount: '9.90',
      gmt_payment: '2026-11-25 12:00:00',
      notify_time: '2026-11-25 12:00:01',
      notify_type: 'trade_status_sync',
      notify_id: 'n1',
      charset: 'utf-8',
      version: '1.0',
    };
    const content = Object.keys(fields)
      .sort()
      .map((k) => `${k}=${fields[k]}`)
      .join('&');
    const sign = createSign('RSA-SHA256').update(content).sign(alipayKeys.privatePem, 'base64');
    const body = new URLSearchParams({ ...fields, sign, sign_type: 'RSA2' }).toString();
    const headers = { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' };

    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/pay/notify/alipay',
      headers,
      payload: body.replace('9.90', '0.01'),
    });
    expect(forged.body).not.toBe('success'); // anything else: Alipay retries
    expect(forged.statusCode).toBe(401);
    expect((await t.app.payments.get(payment.orderNo))!.status).toBe(PAY_STATUS.unpaid);
    for (let i = 0; i < 2; i++) {
      const r = await t.app.inject({ method: 'POST', url: '/api/pay/notify/alipay', headers, payload: body });
      expect(r.statusCode).toBe(200);
      expect(r.body).toBe('success');
    }
    expect((await t.app.payments.get(payment.orderNo))!.status).toBe(PAY_STATUS.success);
    expect(paid.filter((p) => p.orderNo === payment.orderNo)).toHaveLength(1);
  });
});
