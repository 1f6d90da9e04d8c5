import { createSign, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProviderHttpError } from '../../../src/server/payments/providers/common';
import {
  paypalCertFetcher,
  paypalCertUrlAllowed,
  PaypalProvider,
  paypalSignedMessage,
} from '../../../src/server/payments/providers/paypal';
import { paymentSettings, type PaypalSettings } from '../../../src/server/lib/payment-settings';
import { PaymentSignatureError, type RawCallback } from '../../../src/server/payments/types';
import { fakeServer, type FakeAnswer, type FakeServer } from './providers-fake';

// PayPal Orders v2 against a fake api-m.sandbox.paypal.com, and webhooks signed with a self-signed
// certificate made with OpenSSL (tests/fixtures/paypal/README.md), handed in by an injected fetcher.

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/paypal/${name}`, import.meta.url), 'utf8');
const certPem = fixture('webhook-cert.pem');
const keyPem = fixture('webhook-key.pem');
const strangerCertPem = fixture('stranger-cert.pem');
const strangerKeyPem = fixture('stranger-key.pem');
const CERT_URL = 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-1d93a270';
const WEBHOOK_ID = '4JH86294D6297924G';

function settings(baseUrl = 'http://127.0.0.1:1', extra: Record<string, string> = {}): PaypalSettings {
  const s = paymentSettings({
    PAYPAL_CLIENT_ID: 'client-id',
    PAYPAL_CLIENT_SECRET: 'client-secret',
    PAYPAL_WEBHOOK_ID: WEBHOOK_ID,
    PAYPAL_BASE_URL: baseUrl,
    ...extra,
  }).paypal;
  if (!s) throw new Error('PayPal settings expected');
  return s;
}

const fetchCert = async (url: string) => {
  if (url === CERT_URL) return new X509Certificate(certPem);
  throw new Error(`no certificate at ${url}`);
};

/** The headers PayPal sends with a webhook, signed (SHA256withRSA) over id|time|webhookId|crc32. */
function webhookHeaders(
  body: string,
  opts: { key?: string; webhookId?: string; time?: string } = {},
): Record<string, string> {
  const id = '8f9f5d50-c4b4-11ef-a64e-6b6e1d3bd3a7';
  const time = opts.time ?? new Date().toISOString();
  const sig = createSign('RSA-SHA256')
    .update(paypalSignedMessage(id, time, opts.webhookId ?? WEBHOOK_ID, body))
    .sign(opts.key ?? keyPem, 'base64');
  return {
    'paypal-transmission-id': id,
    'paypal-transmission-time': time,
    'paypal-transmission-sig': sig,
    'paypal-cert-url': CERT_URL,
    'paypal-auth-algo': 'SHA256withRSA',
  };
}

const captureCompleted = JSON.stringify({
  id: 'WH-58D329510W468432D-8HN650336L201105X',
  event_version: '1.0',
  create_time: '2026-11-25T04:45:00.000Z',
  resource_type: 'capture',
  resource_version: '2.0',
  event_type: 'PAYMENT.CAPTURE.COMPLETED',
  summary: 'Payment completed for $ 12.34 USD',
  resource: {
    id: '42311647XV020574X',
    status: 'COMPLETED',
    amount: { currency_code: 'USD', value: '12.34' },
    final_capture: true,
    invoice_id: 'P202611250001',
    custom_id: 'P202611250001',
    supplementary_data: { related_ids: { order_id: '5O190127TN364715T' } },
    create_time: '2026-11-25T04:44:58Z',
    update_time: '2026-11-25T04:44:58Z',
  },
});

const cb = (body: string, headers: Record<string, string>): RawCallback => ({ headers, rawBody: body, query: {} });

describe('PayPal webhook verification (certificate-based, offline)', () => {
  const provider = new PaypalProvider(settings(), { fetchCert });

  it('covers crc32 of the body as an unsigned decimal (CRC-32 check value of "123456789")', () => {
    expect(paypalSignedMessage('t-id', '2026-11-25T04:45:00Z', 'WH', '123456789')).toBe(
      't-id|2026-11-25T04:45:00Z|WH|3421780262',
    );
  });

  it('verifies a signed PAYMENT.CAPTURE.COMPLETED and reads the capture', async () => {
    await expect(provider.verifyCallback(cb(captureCompleted, webhookHeaders(captureCompleted)))).resolves.toEqual({
      orderNo: 'P202611250001',
      state: 'paid',
      amountFen: 1234,
      providerRef: '5O190127TN364715T',
      paidAt: new Date('2026-11-25T04:44:58Z'),
    });
  });

  it('refuses a tampered body, another key, a moved timestamp, another webhook id, a foreign cert URL', async () => {
    const h = webhookHeaders(captureCompleted);
    const bad: [string, PaypalProvider, RawCallback][] = [
      ['tampered body', provider, cb(captureCompleted.replace('"12.34"', '"1234.00"'), h)],
      ['stranger key', provider, cb(captureCompleted, webhookHeaders(captureCompleted, { key: strangerKeyPem }))],
      [
        'stranger certificate',
        new PaypalProvider(settings(), { fetchCert: async () => new X509Certificate(strangerCertPem) }),
        cb(captureCompleted, h),
      ],
      [
        'timestamp moved',
        provider,
        cb(captureCompleted, { ...h, 'paypal-transmission-time': new Date(Date.now() + 1000).toISOString() }),
      ],
      ['transmission id changed', provider, cb(captureCompleted, { ...h, 'paypal-transmission-id': 'other' })],
      [
        'another webhook id',
        provider,
        cb(captureCompleted, webhookHeaders(captureCompleted, { webhookId: 'WH-OTHER' })),
      ],
      ['other algorithm', provider, cb(captureCompleted, { ...h, 'paypal-auth-algo': 'SHA1withRSA' })],
      ['no signature', provider, cb(captureCompleted, { ...h, 'paypal-transmission-sig': '' })],
      [
        'cert URL not served by the fetcher',
        provider,
        cb(captureCompleted, { ...h, 'paypal-cert-url': 'https://api.sandbox.paypal.com/other' }),
      ],
      [
        'no webhook id configured',
        new PaypalProvider(settings('http://127.0.0.1:1', { PAYPAL_WEBHOOK_ID: '' }), { fetchCert }),
        cb(captureCompleted, h),
      ],
    ];
    for (const [what, p, c] of bad) {
      await expect(p.verifyCallback(c), what).rejects.toBeInstanceOf(PaymentSignatureError);
    }
  });

  it('fetches certificates only from https://*.paypal.com', async () => {
    expect(paypalCertUrlAllowed(CERT_URL)).toBe(true);
    expect(paypalCertUrlAllowed('https://api.paypal.com/v1/notifications/certs/CERT-1')).toBe(true);
    for (const url of [
      'http://api.paypal.com/c',
      'https://paypal.com.evil.example/c',
      'https://evilpaypal.com/c',
      'https://api.paypal.com:8443/c',
      'file:///etc/passwd',
      'not a url',
    ]) {
      expect(paypalCertUrlAllowed(url), url).toBe(false);
    }
    const real = new PaypalProvider(settings(), { fetchCert: paypalCertFetcher() });
    const h = { ...webhookHeaders(captureCompleted), 'paypal-cert-url': 'https://attacker.example.com/cert.pem' };
    await expect(real.verifyCallback(cb(captureCompleted, h))).rejects.toThrow(/paypal\.com/);
  });

  it('acknowledges with 200', () => {
    expect(provider.callbackAnswer(true).status).toBe(200);
    expect(provider.callbackAnswer(false).status).toBeGreaterThanOrEqual(400);
  });
});

describe('PayPal Orders v2 calls (fake api-m.sandbox.paypal.com)', () => {
  let api: FakeServer;
  let tokens = 0;
  let currentToken = '';
  const orders = new Map<
    string,
    Record<string, unknown> & { status: string; purchase_units: Record<string, unknown>[] }
  >();
  const refunds: { captureId: string; body: unknown; requestId: unknown }[] = [];

  const json = (status: number, data: unknown): FakeAnswer => ({
    status,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(data),
  });
  const unprocessable = (issue: string) =>
    json(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue, description: issue }], debug_id: 'f1e2d3' });

  beforeAll(async () => {
    api = await fakeServer((req) => {
      if (req.method === 'POST' && req.url === '/v1/oauth2/token') {
        if (
          req.headers.authorization !== `Basic ${Buffer.from('client-id:client-secret').toString('base64')}` ||
          req.body !== 'grant_type=client_credentials'
        ) {
          return json(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
        }
        tokens += 1;
        currentToken = `A21AA-token-${tokens}`;
        return json(200, {
          scope: 'https://uri.paypal.com/services/payments/payment',
          access_token: currentToken,
          token_type: 'Bearer',
          app_id: 'APP-80W284485P519543T',
          expires_in: 32400,
          nonce: 'n',
        });
      }
      if (req.headers.authorization !== `Bearer ${currentToken}`)
        return json(401, {
          name: 'AUTHENTICATION_FAILURE',
          message: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
        });
      if (req.method === 'POST' && req.url === '/v2/checkout/orders') {
        if (!req.headers['paypal-request-id']) return json(400, { name: 'INVALID_REQUEST' });
        const b = JSON.parse(req.body) as {
          intent: string;
          purchase_units: Record<string, unknown>[];
          payment_source: unknown;
        };
        const id = `5O190127TN36471${orders.size}T`;
        orders.set(id, {
          id,
          intent: b.intent,
          status: 'PAYER_ACTION_REQUIRED',
          purchase_units: b.purchase_units,
          payment_source: b.payment_source,
        });
        return json(200, {
          id,
          status: 'PAYER_ACTION_REQUIRED',
          links: [
            { href: `https://api-m.sandbox.paypal.com/v2/checkout/orders/${id}`, rel: 'self', method: 'GET' },
            { href: `https://www.sandbox.paypal.com/checkoutnow?token=${id}`, rel: 'payer-action', method: 'GET' },
          ],
        });
      }
      let m = /^\/v2\/checkout\/orders\/([^/]+)$/.exec(req.url);
      if (req.method === 'GET' && m) {
        const o = orders.get(m[1]!);
        return o
          ? json(200, o)
          : json(404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
      }
      m = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(req.url);
      if (req.method === 'POST' && m) {
        const o = orders.get(m[1]!);
        if (!o) return json(404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
        if (o.status === 'COMPLETED') return unprocessable('ORDER_ALREADY_CAPTURED');
        if (o.status !== 'APPROVED') return unprocessable('ORDER_NOT_APPROVED');
        const unit = o.purchase_units[0]!;
        o.status = 'COMPLETED';
        unit.payments = {
          captures: [
            {
              id: `CAP-${o.id as string}`,
              status: 'COMPLETED',
              amount: unit.amount,
              invoice_id: unit.invoice_id,
              custom_id: unit.custom_id,
              create_time: '2026-11-25T04:50:00Z',
            },
          ],
        };
        return json(201, o);
      }
      m = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(req.url);
      if (req.method === 'POST' && m) {
        refunds.push({ captureId: m[1]!, body: JSON.parse(req.body), requestId: req.headers['paypal-request-id'] });
        return json(201, { id: '1JU08902781691411', status: 'COMPLETED' });
      }
      return json(404, { name: 'RESOURCE_NOT_FOUND' });
    });
  });
  afterAll(() => api.close());
  beforeEach(() => {
    tokens = 0;
    currentToken = '';
  });

  const order = {
    orderNo: 'P202611250002',
    amountFen: 990,
    currency: 'CNY',
    subject: 'Data pack 1GB',
    notifyUrl: 'https://console.example.com/api/payments/notify/paypal',
    returnUrl: 'https://console.example.com/bilList?pay=P202611250002',
    expiresAt: new Date('2026-11-25T05:00:00Z'),
  };

  it('creates an order (intent CAPTURE, the amount in PAYPAL_CURRENCY cents) and returns the payer-action link', async () => {
    const provider = new PaypalProvider(settings(api.url), { fetchCert });
    const checkout = await provider.create(order);
    expect(checkout.payUrl).toMatch(/^https:\/\/www\.sandbox\.paypal\.com\/checkoutnow\?token=/);
    const stored = orders.get(checkout.providerRef!)!;
    expect(stored.intent).toBe('CAPTURE');
    expect(stored.purchase_units[0]).toEqual({
      reference_id: order.orderNo,
      invoice_id: order.orderNo,
      custom_id: order.orderNo,
      description: 'Data pack 1GB',
      amount: { currency_code: 'USD', value: '9.90' },
    });
    expect(stored.payment_source).toMatchObject({
      paypal: { experience_context: { return_url: order.returnUrl, user_action: 'PAY_NOW' } },
    });
    await expect(provider.query(order.orderNo, checkout.providerRef)).resolves.toMatchObject({
      state: 'unpaid',
      amountFen: 990,
    });
    expect(tokens, 'the token is cached across calls').toBe(1);
  });

  it('captures an approved order when queried (the payer came back), then refunds the capture', async () => {
    const provider = new PaypalProvider(settings(api.url), { fetchCert });
    const { providerRef } = await provider.create({ ...order, orderNo: 'P202611250003' });
    orders.get(providerRef!)!.status = 'APPROVED'; // the payer approved on PayPal
    await expect(provider.query('P202611250003', providerRef)).resolves.toEqual({
      state: 'paid',
      amountFen: 990,
      providerRef,
      paidAt: new Date('2026-11-25T04:50:00Z'),
    });
    await expect(provider.query('P202611250003', providerRef)).resolves.toMatchObject({ state: 'paid' });
    await expect(provider.query('P-OTHER', providerRef)).rejects.toThrow(/belongs to P202611250003/);
    await expect(
      provider.refund({
        orderNo: 'P202611250003',
        refundNo: 'R202611250003',
        amountFen: 450,
        totalFen: 990,
        reason: 'cancelled',
        providerRef,
      }),
    ).resolves.toEqual({ state: 'refunded', providerRef: '1JU08902781691411' });
    expect(refunds.at(-1)).toEqual({
      captureId: `CAP-${providerRef}`,
      body: {
        amount: { currency_code: 'USD', value: '4.50' },
        invoice_id: 'R202611250003',
        note_to_payer: 'cancelled',
      },
      requestId: 'refund-R202611250003',
    });
    await expect(provider.close('P202611250003', providerRef)).rejects.toThrow(/already captured/);
  });

  it('captures on the CHECKOUT.ORDER.APPROVED webhook, once', async () => {
    const provider = new PaypalProvider(settings(api.url), { fetchCert });
    const { providerRef } = await provider.create({ ...order, orderNo: 'P202611250004' });
    const o = orders.get(providerRef!)!;
    o.status = 'APPROVED';
    const body = JSON.stringify({
      id: 'WH-1',
      event_type: 'CHECKOUT.ORDER.APPROVED',
      resource_type: 'checkout-order',
      resource: o,
    });
    const first = await provider.verifyCallback(cb(body, webhookHeaders(body)));
    expect(first).toMatchObject({ orderNo: 'P202611250004', state: 'paid', amountFen: 990, providerRef });
    // PayPal delivers again: ORDER_ALREADY_CAPTURED is read back as the same paid order.
    await expect(provider.verifyCallback(cb(body, webhookHeaders(body)))).resolves.toEqual(first);
  });

  it('takes a fresh token when PayPal answers 401, and says so when the credentials are wrong', async () => {
    const provider = new PaypalProvider(settings(api.url), { fetchCert });
    const { providerRef } = await provider.create({ ...order, orderNo: 'P202611250005' });
    currentToken = 'revoked-elsewhere';
    await expect(provider.query('P202611250005', providerRef)).resolves.toMatchObject({ state: 'unpaid' });
    expect(tokens).toBe(2);
    const wrong = new PaypalProvider(settings(api.url, { PAYPAL_CLIENT_SECRET: 'nope' }), { fetchCert });
    const err = await wrong.create({ ...order, orderNo: 'P202611250006' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderHttpError);
    expect((err as Error).message).toMatch(/PAYPAL_CLIENT_ID/);
  });

  it('closes an unpaid order without a call that PayPal does not have', async () => {
    const provider = new PaypalProvider(settings(api.url), { fetchCert });
    const { providerRef } = await provider.create({ ...order, orderNo: 'P202611250007' });
    await expect(provider.close('P202611250007', providerRef)).resolves.toBeUndefined();
  });
});
