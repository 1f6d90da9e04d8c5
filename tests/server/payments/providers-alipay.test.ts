import { createSign, createVerify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlipayProvider, alipayTime } from '../../../src/server/payments/providers/alipay';
import { ProviderHttpError } from '../../../src/server/payments/providers/common';
import { paymentSettings, type AlipaySettings } from '../../../src/server/lib/payment-settings';
import { PaymentSignatureError, type RawCallback } from '../../../src/server/payments/types';
import { fakeServer, rsaPair, type FakeServer } from './providers-fake';

// Alipay with keys made here: the application's (signs our requests) and "Alipay's" (signs answers
// and notifications). The fake gateway checks each request's RSA2 sign with the app's public key.

const app = rsaPair();
const alipayKeys = rsaPair();
const stranger = rsaPair();
const APP_ID = '2021000122671080';

function settings(gateway = 'http://127.0.0.1:1/gateway.do', privatePem = app.privatePem): AlipaySettings {
  const s = paymentSettings({
    ALIPAY_APP_ID: APP_ID,
    ALIPAY_PRIVATE_KEY: privatePem,
    ALIPAY_PUBLIC_KEY: alipayKeys.publicPem,
    ALIPAY_GATEWAY: gateway,
  }).alipay;
  if (!s) throw new Error('Alipay settings expected');
  return s;
}

/** Alipay's documented content to sign: sorted key=value pairs joined by &, without the excluded keys and empty values. */
function signContent(params: Record<string, string>, exclude: string[]): string {
  return Object.keys(params)
    .filter((k) => !exclude.includes(k) && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

/** An asynchronous notification as Alipay posts it: form-encoded, RSA2-signed without sign and sign_type. */
function notify(
  fields: Record<string, string>,
  key = alipayKeys.privatePem,
): { params: Record<string, string>; body: string } {
  const params: Record<string, string> = { ...fields };
  params.sign = createSign('RSA-SHA256')
    .update(signContent(params, ['sign', 'sign_type']), 'utf8')
    .sign(key, 'base64');
  params.sign_type = 'RSA2';
  return { params, body: new URLSearchParams(params).toString() };
}

const paid = {
  gmt_create: '2026-11-25 12:30:00',
  charset: 'utf-8',
  gmt_payment: '2026-11-25 12:34:56',
  notify_time: '2026-11-25 12:34:57',
  subject: '流量包 1GB & 短信 100 条',
  buyer_id: '2088102177846880',
  invoice_amount: '12.34',
  version: '1.0',
  notify_id: '2026112500222123456789012345678901',
  fund_bill_list: '[{"amount":"12.34","fundChannel":"ALIPAYACCOUNT"}]',
  notify_type: 'trade_status_sync',
  out_trade_no: 'P202611250001',
  total_amount: '12.34',
  trade_status: 'TRADE_SUCCESS',
  trade_no: '2026112522001446880500000001',
  auth_app_id: APP_ID,
  receipt_amount: '12.34',
  point_amount: '0.00',
  app_id: APP_ID,
  buyer_pay_amount: '12.34',
  seller_id: '2088102177649450',
};

const cb = (body: string): RawCallback => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  rawBody: body,
  query: {},
});

describe('Alipay notifications', () => {
  const provider = new AlipayProvider(settings());

  it('verifies a signed notification (form-encoded, values with spaces, & and JSON)', async () => {
    const { body } = notify(paid);
    await expect(provider.verifyCallback(cb(body))).resolves.toEqual({
      orderNo: 'P202611250001',
      state: 'paid',
      amountFen: 1234,
      providerRef: '2026112522001446880500000001',
      paidAt: new Date('2026-11-25T04:34:56Z'),
    });
  });

  it('refuses a tampered amount, a stranger key, a moved notify_time, a missing sign, another app', async () => {
    const { params, body } = notify(paid);
    const bad: [string, string][] = [
      ['tampered amount', new URLSearchParams({ ...params, total_amount: '0.01' }).toString()],
      ['tampered status', body.replace('TRADE_SUCCESS', 'TRADE_FINISHED')],
      ['stranger key', notify(paid, stranger.privatePem).body],
      ['app key', notify(paid, app.privatePem).body],
      ['notify_time moved', new URLSearchParams({ ...params, notify_time: '2026-11-25 12:34:58' }).toString()],
      ['no sign', new URLSearchParams({ ...params, sign: '' }).toString()],
      ['garbage sign', new URLSearchParams({ ...params, sign: 'AAAA' }).toString()],
      ['RSA (SHA1)', new URLSearchParams({ ...params, sign_type: 'RSA' }).toString()],
      ['another app', notify({ ...paid, app_id: '2021000000000001' }).body],
    ];
    for (const [what, b] of bad) {
      await expect(provider.verifyCallback(cb(b)), what).rejects.toBeInstanceOf(PaymentSignatureError);
    }
  });

  it('reads a closed trade, and a closed trade fully refunded', async () => {
    await expect(
      provider.verifyCallback(cb(notify({ ...paid, trade_status: 'TRADE_CLOSED' }).body)),
    ).resolves.toMatchObject({ state: 'closed', paidAt: undefined });
    await expect(
      provider.verifyCallback(
        cb(
          notify({ ...paid, trade_status: 'TRADE_CLOSED', refund_fee: '12.34', gmt_refund: '2026-11-25 13:00:00.123' })
            .body,
        ),
      ),
    ).resolves.toMatchObject({ state: 'refunded', amountFen: 1234 });
  });

  it('answers "success" or "failure" as plain text', () => {
    expect(provider.callbackAnswer(true)).toEqual({ status: 200, contentType: 'text/plain', body: 'success' });
    expect(provider.callbackAnswer(false).body).toBe('failure');
  });
});

describe('Alipay API calls (fake gateway)', () => {
  let gw: FakeServer;
  const trades = new Map<string, Record<string, string>>();
  let signAnswersWith = alipayKeys.privatePem;

  /** The gateway's check: every parameter but sign, sorted, verified with the app's public key. */
  function params(url: string, body: string): Record<string, string> | undefined {
    const all: Record<string, string> = {};
    for (const [k, v] of new URL(url, 'http://x').searchParams) all[k] = v;
    for (const [k, v] of new URLSearchParams(body)) all[k] = v;
    if (all.app_id !== APP_ID || all.sign_type !== 'RSA2' || !all.sign) return undefined;
    const ok = createVerify('RSA-SHA256')
      .update(signContent(all, ['sign']), 'utf8')
      .verify(app.publicPem, all.sign, 'base64');
    return ok ? all : undefined;
  }

  /** Alipay's answer: {"<method>_response": {...}, "sign": RSA2 over the exact inner JSON}. */
  function answer(method: string, data: Record<string, unknown>): { headers: Record<string, string>; body: string } {
    const inner = JSON.stringify(data);
    const sign = createSign('RSA-SHA256').update(inner, 'utf8').sign(signAnswersWith, 'base64');
    return {
      headers: { 'content-type': 'text/html;charset=utf-8' },
      body: `{"${method.replaceAll('.', '_')}_response":${inner},"sign":"${sign}"}`,
    };
  }

  beforeAll(async () => {
    gw = await fakeServer((req) => {
      const p = params(req.url, req.body);
      const method = new URL(req.url, 'http://x').searchParams.get('method') ?? 'unknown';
      if (!p)
        return answer(method, {
          code: '40002',
          msg: 'Invalid Arguments',
          sub_code: 'isv.invalid-signature',
          sub_msg: '验签出错',
        });
      const biz = JSON.parse(p.biz_content ?? '{}') as Record<string, string>;
      const trade = trades.get(biz.out_trade_no ?? '');
      if (!trade)
        return answer(method, {
          code: '40004',
          msg: 'Business Failed',
          sub_code: 'ACQ.TRADE_NOT_EXIST',
          sub_msg: '交易不存在',
        });
      switch (method) {
        case 'alipay.trade.query':
          return answer(method, { code: '10000', msg: 'Success', ...trade });
        case 'alipay.trade.close':
          if (trade.trade_status !== 'WAIT_BUYER_PAY')
            return answer(method, {
              code: '40004',
              msg: 'Business Failed',
              sub_code: 'ACQ.TRADE_STATUS_ERROR',
              sub_msg: '交易状态不合法',
            });
          trade.trade_status = 'TRADE_CLOSED';
          return answer(method, {
            code: '10000',
            msg: 'Success',
            out_trade_no: biz.out_trade_no,
            trade_no: trade.trade_no,
          });
        case 'alipay.trade.refund':
          if (!biz.out_request_no)
            return answer(method, { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.INVALID_PARAMETER' });
          if (Number(biz.refund_amount) > Number(trade.total_amount))
            return answer(method, {
              code: '40004',
              msg: 'Business Failed',
              sub_code: 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL',
              sub_msg: '退款金额超限',
            });
          return answer(method, {
            code: '10000',
            msg: 'Success',
            trade_no: trade.trade_no,
            out_trade_no: biz.out_trade_no,
            fund_change: 'Y',
            refund_fee: biz.refund_amount,
            buyer_logon_id: '159****5620',
          });
        default:
          return answer(method, { code: '40004', msg: 'Business Failed', sub_code: 'isv.invalid-method' });
      }
    });
  });
  afterAll(() => gw.close());

  const order = {
    orderNo: 'P202611250002',
    amountFen: 990,
    currency: 'CNY',
    subject: '流量包 1GB',
    notifyUrl: 'https://console.example.com/api/payments/notify/alipay',
    returnUrl: 'https://console.example.com/bilList',
    expiresAt: new Date('2026-11-25T05:00:00Z'),
  };

  it('builds a signed alipay.trade.page.pay URL on the gateway with the amount in yuan', async () => {
    const provider = new AlipayProvider(settings(`${gw.url}/gateway.do`));
    const { payUrl } = await provider.create(order);
    const u = new URL(payUrl!);
    expect(`${u.origin}${u.pathname}`).toBe(`${gw.url}/gateway.do`);
    const p = params(payUrl!, '');
    expect(p, 'the sign verifies with the app public key').toBeDefined();
    expect(p).toMatchObject({
      method: 'alipay.trade.page.pay',
      notify_url: order.notifyUrl,
      return_url: order.returnUrl,
      charset: 'utf-8',
      version: '1.0',
    });
    expect(p!.timestamp).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(Math.abs(new Date(`${p!.timestamp!.replace(' ', 'T')}+08:00`).getTime() - Date.now())).toBeLessThan(60_000);
    expect(JSON.parse(p!.biz_content!)).toEqual({
      out_trade_no: 'P202611250002',
      product_code: 'FAST_INSTANT_TRADE_PAY',
      total_amount: '9.90',
      subject: '流量包 1GB',
      time_expire: '2026-11-25 13:00:00',
    });
  });

  it('queries, refunds and closes with signed requests and verified answers', async () => {
    const provider = new AlipayProvider(settings(`${gw.url}/gateway.do`));
    await expect(provider.query(order.orderNo)).resolves.toEqual({ state: 'unpaid' });
    trades.set(order.orderNo, {
      out_trade_no: order.orderNo,
      trade_no: '2026112522001446880500000002',
      trade_status: 'WAIT_BUYER_PAY',
      total_amount: '9.90',
    });
    await expect(provider.query(order.orderNo)).resolves.toMatchObject({ state: 'unpaid', amountFen: 990 });
    Object.assign(trades.get(order.orderNo)!, { trade_status: 'TRADE_SUCCESS', send_pay_date: '2026-11-25 12:40:00' });
    await expect(provider.query(order.orderNo)).resolves.toEqual({
      state: 'paid',
      amountFen: 990,
      providerRef: '2026112522001446880500000002',
      paidAt: new Date('2026-11-25T04:40:00Z'),
    });
    await expect(provider.close(order.orderNo)).rejects.toThrow(/ACQ.TRADE_STATUS_ERROR/);
    await expect(
      provider.refund({ orderNo: order.orderNo, refundNo: 'R1', amountFen: 905, totalFen: 990, reason: '退订' }),
    ).resolves.toEqual({ state: 'refunded', providerRef: '2026112522001446880500000002' });
    const refundReq = gw.requests.at(-1)!;
    expect(JSON.parse(new URLSearchParams(refundReq.body).get('biz_content')!)).toEqual({
      out_trade_no: order.orderNo,
      refund_amount: '9.05',
      out_request_no: 'R1',
      refund_reason: '退订',
    });
    await expect(
      provider.refund({ orderNo: order.orderNo, refundNo: 'R2', amountFen: 99_900, totalFen: 990 }),
    ).resolves.toEqual({ state: 'failed' });
    trades.set('P3', { out_trade_no: 'P3', trade_no: 'T3', trade_status: 'WAIT_BUYER_PAY', total_amount: '1.00' });
    await provider.close('P3');
    await expect(provider.query('P3')).resolves.toMatchObject({ state: 'closed' });
    await provider.close('P-NEVER-OPENED'); // nothing at Alipay yet: nothing to close
  });

  it('is refused by the gateway when it signs with a key that is not the app key', async () => {
    const provider = new AlipayProvider(settings(`${gw.url}/gateway.do`, stranger.privatePem));
    const err = await provider.query(order.orderNo).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderHttpError);
    expect((err as Error).message).toMatch(/isv.invalid-signature/);
  });

  it('does not believe an answer that Alipay did not sign', async () => {
    const provider = new AlipayProvider(settings(`${gw.url}/gateway.do`));
    signAnswersWith = stranger.privatePem;
    try {
      await expect(provider.query(order.orderNo)).rejects.toThrow(/验签失败/);
    } finally {
      signAnswersWith = alipayKeys.privatePem;
    }
  });

  it('writes Beijing time', () => {
    expect(alipayTime(new Date('2026-11-25T16:30:00Z'))).toBe('2026-11-26 00:30:00');
  });
});
