import { createCipheriv, createSign, createVerify, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderHttpError } from '../../../src/server/payments/providers/common';
import { paymentSettings, type WechatSettings } from '../../../src/server/lib/payment-settings';
import {
  decryptWechatResource,
  WechatPayProvider,
  wechatRequestMessage,
} from '../../../src/server/payments/providers/wechat';
import { PaymentSignatureError, type RawCallback } from '../../../src/server/payments/types';
import { fakeServer, rsaPair, type FakeAnswer, type FakeRequest, type FakeServer } from './providers-fake';

// WeChat Pay API v3 with keys made here: the merchant's (signs our requests) and the "platform"
// one (WeChat Pay's: signs answers and notifications). The fake API checks every request's
// Authorization header with the merchant's public key, as WeChat Pay does.

const merchant = rsaPair();
const platform = rsaPair();
const stranger = rsaPair();
const APIV3_KEY = 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6';
const MCHID = '1900009191';
const SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
const PUB_KEY_ID = 'PUB_KEY_ID_0119000091912025010100000000000001';

function settings(baseUrl = 'http://127.0.0.1:1', overrides: Record<string, string> = {}): WechatSettings {
  const s = paymentSettings({
    WECHATPAY_MCHID: MCHID,
    WECHATPAY_APPID: 'wxd678efh567hg6787',
    WECHATPAY_SERIAL: SERIAL,
    WECHATPAY_PRIVATE_KEY: merchant.privatePem,
    WECHATPAY_APIV3_KEY: APIV3_KEY,
    WECHATPAY_PLATFORM_PUBLIC_KEY: platform.publicPem,
    WECHATPAY_PLATFORM_SERIAL: PUB_KEY_ID,
    WECHATPAY_BASE_URL: baseUrl,
    ...overrides,
  }).wechat;
  if (!s) throw new Error('WeChat Pay settings expected');
  return s;
}

/** WeChat Pay's signature headers over "timestamp\nnonce\nbody\n". */
function signed(
  body: string,
  opts: { key?: string; timestamp?: number; serial?: string } = {},
): Record<string, string> {
  const timestamp = String(opts.timestamp ?? Math.floor(Date.now() / 1000));
  const nonce = randomBytes(16).toString('hex');
  const signature = createSign('RSA-SHA256')
    .update(`${timestamp}\n${nonce}\n${body}\n`)
    .sign(opts.key ?? platform.privatePem, 'base64');
  return {
    'Wechatpay-Timestamp': timestamp,
    'Wechatpay-Nonce': nonce,
    'Wechatpay-Signature': signature,
    'Wechatpay-Serial': opts.serial ?? PUB_KEY_ID,
    'Wechatpay-Signature-Type': 'WECHATPAY2-SHA256-RSA2048',
  };
}

/** AEAD_AES_256_GCM as WeChat Pay encrypts a notification's resource. */
function encrypt(
  plain: string,
  key = APIV3_KEY,
  associated = 'transaction',
): { ciphertext: string; nonce: string; associated_data: string } {
  const nonce = randomBytes(6).toString('hex'); // 12 characters
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(key), Buffer.from(nonce));
  cipher.setAAD(Buffer.from(associated));
  const enc = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { ciphertext: enc.toString('base64'), nonce, associated_data: associated };
}

const transaction = {
  appid: 'wxd678efh567hg6787',
  mchid: MCHID,
  out_trade_no: 'P202611250001',
  transaction_id: '4200000000202611250000000001',
  trade_type: 'NATIVE',
  trade_state: 'SUCCESS',
  trade_state_desc: '支付成功',
  bank_type: 'OTHERS',
  success_time: '2026-11-25T12:34:56+08:00',
  payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
  amount: { total: 1234, payer_total: 1234, currency: 'CNY', payer_currency: 'CNY' },
};

function notification(resource: ReturnType<typeof encrypt>, eventType = 'TRANSACTION.SUCCESS'): string {
  return JSON.stringify({
    id: 'EV-2018022511223320873',
    create_time: '2026-11-25T12:34:57+08:00',
    resource_type: 'encrypt-resource',
    event_type: eventType,
    summary: '支付成功',
    resource: { original_type: 'transaction', algorithm: 'AEAD_AES_256_GCM', ...resource },
  });
}

function callback(body: string, headers: Record<string, string>): RawCallback {
  return {
    headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])),
    rawBody: body,
    query: {},
  };
}

describe('WeChat Pay v3 notifications', () => {
  const provider = new WechatPayProvider(settings());

  it('verifies a signed notification and decrypts its transaction', async () => {
    const body = notification(encrypt(JSON.stringify(transaction)));
    const n = await provider.verifyCallback(callback(body, signed(body)));
    expect(n).toEqual({
      orderNo: 'P202611250001',
      state: 'paid',
      amountFen: 1234,
      providerRef: '4200000000202611250000000001',
      paidAt: new Date('2026-11-25T04:34:56Z'),
    });
  });

  it('refuses a tampered body, a stranger key, a moved or stale timestamp, a bad tag, another APIv3 key', async () => {
    const body = notification(encrypt(JSON.stringify(transaction)));
    const headers = signed(body);
    const bad: [string, RawCallback][] = [
      ['tampered body', callback(body.replace('"summary":"支付成功"', '"summary":"支付成功 "'), headers)],
      ['stranger key', callback(body, signed(body, { key: stranger.privatePem }))],
      ['merchant key', callback(body, signed(body, { key: merchant.privatePem }))],
      [
        'timestamp moved',
        callback(body, { ...headers, 'Wechatpay-Timestamp': String(Number(headers['Wechatpay-Timestamp']) + 1) }),
      ],
      ['stale timestamp', callback(body, signed(body, { timestamp: Math.floor(Date.now() / 1000) - 600 }))],
      ['other serial', callback(body, signed(body, { serial: 'PUB_KEY_ID_OTHER' }))],
      [
        'signature probe',
        callback(body, { ...headers, 'Wechatpay-Signature': `WECHATPAY/SIGNTEST/${headers['Wechatpay-Signature']}` }),
      ],
      [
        'no signature',
        callback(body, {
          'Wechatpay-Timestamp': headers['Wechatpay-Timestamp']!,
          'Wechatpay-Nonce': headers['Wechatpay-Nonce']!,
        }),
      ],
    ];
    // A correctly signed body whose ciphertext's GCM tag was flipped, or was sealed under another key.
    const r = encrypt(JSON.stringify(transaction));
    const raw = Buffer.from(r.ciphertext, 'base64');
    raw[raw.length - 1]! ^= 1;
    const badTag = notification({ ...r, ciphertext: raw.toString('base64') });
    bad.push(['bad tag', callback(badTag, signed(badTag))]);
    const otherAad = notification({ ...r, associated_data: 'refund' });
    bad.push(['other associated data', callback(otherAad, signed(otherAad))]);
    const otherKey = notification(encrypt(JSON.stringify(transaction), 'Z'.repeat(32)));
    bad.push(['other APIv3 key', callback(otherKey, signed(otherKey))]);
    for (const [what, cb] of bad) {
      await expect(provider.verifyCallback(cb), what).rejects.toBeInstanceOf(PaymentSignatureError);
    }
  });

  it('refuses a signed and decrypted notification for another merchant', async () => {
    const body = notification(encrypt(JSON.stringify({ ...transaction, mchid: '1900000001' })));
    await expect(provider.verifyCallback(callback(body, signed(body)))).rejects.toBeInstanceOf(PaymentSignatureError);
  });

  it('reads a full refund notification as refunded', async () => {
    const refund = {
      mchid: MCHID,
      out_trade_no: 'P202611250001',
      transaction_id: '4200000000202611250000000001',
      out_refund_no: 'R1',
      refund_id: '50000000382019052709732678859',
      refund_status: 'SUCCESS',
      amount: { total: 1234, refund: 1234, payer_total: 1234, payer_refund: 1234 },
    };
    const body = notification(encrypt(JSON.stringify(refund), APIV3_KEY, 'refund'), 'REFUND.SUCCESS');
    await expect(provider.verifyCallback(callback(body, signed(body)))).resolves.toMatchObject({
      orderNo: 'P202611250001',
      state: 'refunded',
      amountFen: 1234,
    });
  });

  it('decrypts what AES-256-GCM sealed (round trip of the documented scheme)', () => {
    const r = encrypt('{"a":1}');
    expect(decryptWechatResource(APIV3_KEY, r)).toBe('{"a":1}');
  });

  it('answers as WeChat Pay expects', () => {
    expect(provider.callbackAnswer(true).status).toBe(204);
    const no = provider.callbackAnswer(false);
    expect(no.status).toBeGreaterThanOrEqual(400);
    expect(JSON.parse(no.body)).toEqual({ code: 'FAIL', message: '失败' });
  });
});

describe('WeChat Pay v3 API calls (fake api.mch.weixin.qq.com)', () => {
  let api: FakeServer;
  const orders = new Map<string, Record<string, unknown>>();
  let signAnswersWith = platform.privatePem;

  /** Verifies the Authorization header the way WeChat Pay does, with the merchant's public key. */
  function authorized(req: FakeRequest): boolean {
    const auth = String(req.headers.authorization ?? '');
    const m = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(auth);
    if (!m) return false;
    const f = Object.fromEntries(m[1]!.split(',').map((p) => /^(\w+)="([^"]*)"$/.exec(p.trim())!.slice(1, 3)));
    if (f.mchid !== MCHID || f.serial_no !== SERIAL) return false;
    if (Math.abs(Date.now() / 1000 - Number(f.timestamp)) > 300) return false;
    return createVerify('RSA-SHA256')
      .update(wechatRequestMessage(req.method, req.url, f.timestamp!, f.nonce_str!, req.body))
      .verify(merchant.publicPem, f.signature!, 'base64');
  }

  function answer(status: number, data?: unknown): FakeAnswer {
    const body = data === undefined ? '' : JSON.stringify(data);
    return { status, headers: { 'content-type': 'application/json', ...signed(body, { key: signAnswersWith }) }, body };
  }

  beforeAll(async () => {
    api = await fakeServer((req) => {
      if (!authorized(req)) return answer(401, { code: 'SIGN_ERROR', message: '签名错误' });
      const path = req.url.split('?')[0]!;
      if (req.method === 'POST' && path === '/v3/pay/transactions/native') {
        const b = JSON.parse(req.body) as Record<string, unknown> & { amount: { total: number }; out_trade_no: string };
        orders.set(b.out_trade_no, {
          ...transaction,
          out_trade_no: b.out_trade_no,
          trade_state: 'NOTPAY',
          amount: { total: b.amount.total, currency: 'CNY' },
          request: b,
        });
        return answer(200, { code_url: `weixin://wxpay/bizpayurl?pr=${b.out_trade_no}` });
      }
      let m = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && m) {
        if (!req.url.endsWith(`?mchid=${MCHID}`)) return answer(400, { code: 'PARAM_ERROR', message: 'mchid' });
        const o = orders.get(m[1]!);
        return o ? answer(200, o) : answer(404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      }
      m = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/.exec(path);
      if (req.method === 'POST' && m) {
        const o = orders.get(m[1]!);
        if (!o) return answer(404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
        if ((JSON.parse(req.body) as { mchid: string }).mchid !== MCHID)
          return answer(400, { code: 'PARAM_ERROR', message: 'mchid' });
        o.trade_state = 'CLOSED';
        return answer(204);
      }
      if (req.method === 'POST' && path === '/v3/refund/domestic/refunds') {
        const b = JSON.parse(req.body) as {
          out_trade_no: string;
          out_refund_no: string;
          amount: { refund: number; total: number };
        };
        const o = orders.get(b.out_trade_no);
        if (!o) return answer(404, { code: 'RESOURCE_NOT_EXISTS', message: '订单不存在' });
        if (b.amount.total !== (o.amount as { total: number }).total)
          return answer(400, { code: 'PARAM_ERROR', message: '订单金额不符' });
        return answer(200, {
          refund_id: '50000000382019052709732678859',
          out_refund_no: b.out_refund_no,
          status: 'SUCCESS',
          amount: b.amount,
        });
      }
      return answer(404, { code: 'NOT_FOUND', message: path });
    });
  });
  afterAll(() => api.close());

  const order = {
    orderNo: 'P202611250002',
    amountFen: 990,
    currency: 'CNY',
    subject: '流量包 1GB',
    notifyUrl: 'https://console.example.com/api/payments/notify/wechat',
    returnUrl: 'https://console.example.com/bilList',
    expiresAt: new Date('2026-11-25T05:00:00Z'),
  };

  it('creates a Native order with a signed request and returns its code_url as the QR code', async () => {
    const provider = new WechatPayProvider(settings(api.url));
    const checkout = await provider.create(order);
    expect(checkout).toEqual({ qrCode: 'weixin://wxpay/bizpayurl?pr=P202611250002' });
    expect(orders.get(order.orderNo)!.request).toEqual({
      appid: 'wxd678efh567hg6787',
      mchid: MCHID,
      description: '流量包 1GB',
      out_trade_no: 'P202611250002',
      time_expire: '2026-11-25T13:00:00+08:00',
      notify_url: order.notifyUrl,
      amount: { total: 990, currency: 'CNY' },
    });
  });

  it('queries, refunds and closes by out_trade_no', async () => {
    const provider = new WechatPayProvider(settings(api.url));
    await expect(provider.query(order.orderNo)).resolves.toMatchObject({ state: 'unpaid', amountFen: 990 });
    orders.get(order.orderNo)!.trade_state = 'SUCCESS';
    await expect(provider.query(order.orderNo)).resolves.toMatchObject({
      state: 'paid',
      amountFen: 990,
      providerRef: transaction.transaction_id,
    });
    await expect(
      provider.refund({
        orderNo: order.orderNo,
        refundNo: 'R202611250002',
        amountFen: 500,
        totalFen: 990,
        reason: '用户取消',
      }),
    ).resolves.toEqual({ state: 'refunded', providerRef: '50000000382019052709732678859' });
    await expect(provider.query('P-NONE')).resolves.toEqual({ state: 'unpaid' });
    await provider.close(order.orderNo);
    await expect(provider.query(order.orderNo)).resolves.toMatchObject({ state: 'closed' });
    const last = api.requests.at(-1)!;
    expect(last.url).toBe(`/v3/pay/transactions/out-trade-no/${order.orderNo}?mchid=${MCHID}`);
  });

  it('is refused by the API when it signs with a key that is not the merchant key', async () => {
    const provider = new WechatPayProvider(settings(api.url, { WECHATPAY_PRIVATE_KEY: stranger.privatePem }));
    const err = await provider.create({ ...order, orderNo: 'P202611250003' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderHttpError);
    expect((err as ProviderHttpError).code).toBe('SIGN_ERROR');
  });

  it('does not believe an answer that WeChat Pay did not sign', async () => {
    const provider = new WechatPayProvider(settings(api.url));
    signAnswersWith = stranger.privatePem;
    try {
      await expect(provider.query(order.orderNo)).rejects.toThrow(/signature/);
    } finally {
      signAnswersWith = platform.privatePem;
    }
  });
});
