import { createVerify, X509Certificate } from 'node:crypto';
import { crc32 } from 'node:zlib';
import {
  PaymentSignatureError,
  type PaymentProvider,
  type ProviderCheckout,
  type ProviderNotification,
  type ProviderOrder,
  type ProviderState,
  type RawCallback,
} from '../types';
import {
  dateOf,
  decimalOfFen,
  fenOfDecimal,
  header,
  obj,
  parseJson,
  ProviderHttpError,
  request,
  str,
  type RefundRequest,
} from './common';
import type { PaypalSettings } from '../../lib/payment-settings';

/**
 * PayPal Orders v2 over `fetch` (no SDK: @paypal/paypal-server-sdk brings axios and five
 * @apimatic packages for four REST calls, and has no offline webhook verification): an order with
 * intent CAPTURE whose payer-action link is the pay page, captured when the payer returns (the
 * service's sync queries, and query captures an APPROVED order) or on the webhook
 * CHECKOUT.ORDER.APPROVED; refunds through captures/{id}/refund; an OAuth client-credentials token
 * cached until shortly before it expires. Webhooks are verified offline with PayPal's certificate
 * (SHA256withRSA over "transmissionId|timeStamp|webhookId|crc32(body)"), fetched only from
 * https://*.paypal.com. Amounts: the order's fen are charged as the same number of cents of
 * PAYPAL_CURRENCY (a fixed 1:1 of minor units, no exchange rate).
 */

/** Fetches (and checks) the certificate a webhook names in PAYPAL-CERT-URL; tests inject their own. */
type CertFetcher = (url: string) => Promise<X509Certificate>;

/** The message a webhook's PAYPAL-TRANSMISSION-SIG covers. */
export function paypalSignedMessage(
  transmissionId: string,
  timeStamp: string,
  webhookId: string,
  rawBody: string,
): string {
  return `${transmissionId}|${timeStamp}|${webhookId}|${crc32(Buffer.from(rawBody, 'utf8')) >>> 0}`;
}

/** Only PayPal's own hosts over HTTPS may hand out the signing certificate. */
export function paypalCertUrlAllowed(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' && (u.hostname === 'paypal.com' || u.hostname.endsWith('.paypal.com')) && !u.port;
  } catch {
    return false;
  }
}

/** The default fetcher: PayPal hosts only, with a time limit, cached per URL. */
export function paypalCertFetcher(): CertFetcher {
  const cache = new Map<string, X509Certificate>();
  return async (url) => {
    if (!paypalCertUrlAllowed(url))
      throw new PaymentSignatureError('PayPal: PAYPAL-CERT-URL is not an https://*.paypal.com address');
    const hit = cache.get(url);
    if (hit) return hit;
    const res = await request(url, { method: 'GET' }, 'PayPal certificate');
    if (res.status !== 200) throw new ProviderHttpError(`PayPal certificate: HTTP ${res.status}`, res.status);
    const cert = new X509Certificate(res.text);
    if (cache.size > 20) cache.clear();
    cache.set(url, cert);
    return cert;
  };
}

/** A capture's status -> our provider state. */
function captureState(status: unknown): ProviderState['state'] {
  switch (status) {
    case 'COMPLETED':
    case 'PARTIALLY_REFUNDED':
      return 'paid';
    case 'REFUNDED':
      return 'refunded';
    case 'PENDING':
      return 'paying';
    case 'DECLINED':
    case 'FAILED':
      return 'failed';
    default:
      return 'unpaid';
  }
}

type Json = Record<string, unknown>;

export class PaypalProvider implements PaymentProvider {
  readonly method = 'paypal' as const;
  /** PAYPAL_CURRENCY: the order's fen are charged as this currency's cents. */
  readonly currency: string;
  private token?: { value: string; expiresAt: number };
  private tokenRequest?: Promise<string>;
  private readonly fetchCert: CertFetcher;

  constructor(
    private readonly s: PaypalSettings,
    opts: { fetchCert?: CertFetcher } = {},
  ) {
    this.fetchCert = opts.fetchCert ?? paypalCertFetcher();
    this.currency = s.currency;
  }

  /** The client-credentials token, cached until a minute before it expires; one request at a time. */
  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    this.tokenRequest ??= (async () => {
      try {
        const res = await request(
          `${this.s.baseUrl}/v1/oauth2/token`,
          {
            method: 'POST',
            headers: {
              Authorization: `Basic ${Buffer.from(`${this.s.clientId}:${this.s.clientSecret}`).toString('base64')}`,
              'Content-Type': 'application/x-www-form-urlencoded',
              Accept: 'application/json',
            },
            body: 'grant_type=client_credentials',
          },
          'PayPal token',
        );
        if (res.status !== 200)
          throw new ProviderHttpError(
            `PayPal token: HTTP ${res.status} (check PAYPAL_CLIENT_ID / PAYPAL_CLIENT_SECRET and PAYPAL_BASE_URL)`,
            res.status,
          );
        const data = parseJson(res.text, 'PayPal token');
        const value = str(data.access_token);
        if (!value) throw new ProviderHttpError('PayPal token: no access_token in the answer');
        const expiresIn = typeof data.expires_in === 'number' ? data.expires_in : 300;
        this.token = { value, expiresAt: Date.now() + Math.max(0, expiresIn - 60) * 1000 };
        return value;
      } finally {
        this.tokenRequest = undefined;
      }
    })();
    return this.tokenRequest;
  }

  private async api(
    method: 'GET' | 'POST',
    path: string,
    body?: Json,
    requestId?: string,
    retried = false,
  ): Promise<Json> {
    const what = `PayPal ${method} ${path}`;
    const res = await request(
      `${this.s.baseUrl}${path}`,
      {
        method,
        headers: {
          Authorization: `Bearer ${await this.accessToken()}`,
          Accept: 'application/json',
          ...(body ? { 'Content-Type': 'application/json' } : {}),
          ...(requestId ? { 'PayPal-Request-Id': requestId } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      },
      what,
    );
    if (res.status === 401 && !retried) {
      this.token = undefined; // revoked or expired early: one fresh token
      return this.api(method, path, body, requestId, true);
    }
    if (res.status >= 200 && res.status < 300) return res.text ? parseJson(res.text, what) : {};
    let code: string | undefined;
    let message = `HTTP ${res.status}`;
    try {
      const e = JSON.parse(res.text) as {
        name?: string;
        message?: string;
        details?: { issue?: string; description?: string }[];
      };
      code = e.details?.[0]?.issue ?? e.name;
      message =
        [e.name, e.details?.[0]?.issue, e.details?.[0]?.description ?? e.message].filter(Boolean).join(' ') || message;
    } catch {
      // not JSON: the status says enough
    }
    throw new ProviderHttpError(`${what}: ${message}`, res.status, code);
  }

  /** PayPal's amount in fen, refusing another currency than PAYPAL_CURRENCY. */
  private fenOf(amount: unknown): number | undefined {
    const a = obj(amount);
    if (a.currency_code === undefined) return undefined;
    if (a.currency_code !== this.s.currency)
      throw new ProviderHttpError(
        `PayPal: amount in ${String(a.currency_code)}, not PAYPAL_CURRENCY ${this.s.currency}`,
      );
    return fenOfDecimal(a.value);
  }

  /** Our state of an order as PayPal returns it (GET, capture). */
  private orderState(order: Json): ProviderState {
    const unit = obj((order.purchase_units as unknown[] | undefined)?.[0]);
    const capture = obj((obj(unit.payments).captures as unknown[] | undefined)?.[0]);
    const providerRef = str(order.id);
    switch (order.status) {
      case 'COMPLETED': {
        const state = captureState(capture.status);
        return {
          state,
          amountFen: this.fenOf(capture.amount ?? unit.amount),
          providerRef,
          paidAt: state === 'paid' || state === 'refunded' ? dateOf(capture.create_time) : undefined,
        };
      }
      case 'VOIDED':
        return { state: 'closed', amountFen: this.fenOf(unit.amount), providerRef };
      default:
        return { state: 'unpaid', amountFen: this.fenOf(unit.amount), providerRef };
    }
  }

  private static orderNoOf(unit: Json): string | undefined {
    return str(unit.invoice_id) ?? str(unit.custom_id) ?? str(unit.reference_id);
  }

  private async capture(id: string): Promise<Json> {
    try {
      return await this.api('POST', `/v2/checkout/orders/${encodeURIComponent(id)}/capture`, {}, `capture-${id}`);
    } catch (err) {
      if (err instanceof ProviderHttpError && err.code === 'ORDER_ALREADY_CAPTURED')
        return this.api('GET', `/v2/checkout/orders/${encodeURIComponent(id)}`);
      throw err;
    }
  }

  async create(order: ProviderOrder): Promise<ProviderCheckout> {
    const created = await this.api(
      'POST',
      '/v2/checkout/orders',
      {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: order.orderNo,
            invoice_id: order.orderNo,
            custom_id: order.orderNo,
            description: order.subject.slice(0, 127),
            amount: { currency_code: this.s.currency, value: decimalOfFen(order.amountFen) },
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              return_url: order.returnUrl,
              cancel_url: order.returnUrl,
              user_action: 'PAY_NOW',
              shipping_preference: 'NO_SHIPPING',
            },
          },
        },
      },
      `create-${order.orderNo}`,
    );
    const links = (created.links as { href?: string; rel?: string }[] | undefined) ?? [];
    const payUrl = links.find((l) => l.rel === 'payer-action')?.href ?? links.find((l) => l.rel === 'approve')?.href;
    const id = str(created.id);
    if (!payUrl || !id) throw new ProviderHttpError('PayPal create order: no id or payer-action link in the answer');
    return { payUrl, providerRef: id };
  }

  /** The order's state; an APPROVED order (the payer came back) is captured first. */
  async query(orderNo: string, providerRef?: string): Promise<ProviderState> {
    if (!providerRef) throw new ProviderHttpError(`PayPal: order ${orderNo} has no PayPal order id to query`);
    let order = await this.api('GET', `/v2/checkout/orders/${encodeURIComponent(providerRef)}`);
    const unitNo = PaypalProvider.orderNoOf(obj((order.purchase_units as unknown[] | undefined)?.[0]));
    if (unitNo !== orderNo)
      throw new ProviderHttpError(`PayPal: order ${providerRef} belongs to ${unitNo ?? 'no invoice'}, not ${orderNo}`);
    if (order.status === 'APPROVED') order = await this.capture(providerRef);
    return this.orderState(order);
  }

  async refund(req: RefundRequest): Promise<{ state: 'refunded' | 'refunding' | 'failed'; providerRef?: string }> {
    if (!req.providerRef) throw new ProviderHttpError(`PayPal: order ${req.orderNo} has no PayPal order id to refund`);
    const order = await this.api('GET', `/v2/checkout/orders/${encodeURIComponent(req.providerRef)}`);
    const unit = obj((order.purchase_units as unknown[] | undefined)?.[0]);
    const captureId = str(obj((obj(unit.payments).captures as unknown[] | undefined)?.[0]).id);
    if (!captureId) throw new ProviderHttpError(`PayPal: order ${req.providerRef} has no capture to refund`);
    const r = await this.api(
      'POST',
      `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`,
      {
        amount: { currency_code: this.s.currency, value: decimalOfFen(req.amountFen) },
        invoice_id: req.refundNo,
        ...(req.reason ? { note_to_payer: req.reason.slice(0, 255) } : {}),
      },
      `refund-${req.refundNo}`,
    );
    const status = str(r.status);
    return {
      state: status === 'COMPLETED' ? 'refunded' : status === 'PENDING' ? 'refunding' : 'failed',
      providerRef: str(r.id),
    };
  }

  /**
   * PayPal has no call that voids an uncaptured CAPTURE order: it expires by itself, and we never
   * capture a closed one. Refuses when PayPal already took the money.
   */
  async close(orderNo: string, providerRef?: string): Promise<void> {
    if (!providerRef) return;
    const order = await this.api('GET', `/v2/checkout/orders/${encodeURIComponent(providerRef)}`);
    if (order.status === 'COMPLETED')
      throw new ProviderHttpError(
        `PayPal: order ${orderNo} is already captured; refund it instead`,
        422,
        'ORDER_ALREADY_CAPTURED',
      );
  }

  async verifyCallback(callback: RawCallback): Promise<ProviderNotification> {
    if (!this.s.webhookId)
      throw new PaymentSignatureError('PayPal: PAYPAL_WEBHOOK_ID is not set, so webhooks cannot be verified');
    const h = callback.headers;
    const transmissionId = header(h, 'paypal-transmission-id');
    const timeStamp = header(h, 'paypal-transmission-time');
    const signature = header(h, 'paypal-transmission-sig');
    const certUrl = header(h, 'paypal-cert-url');
    const algo = header(h, 'paypal-auth-algo');
    if (!transmissionId || !timeStamp || !signature || !certUrl)
      throw new PaymentSignatureError('PayPal: the PAYPAL-TRANSMISSION-* and PAYPAL-CERT-URL headers are required');
    if (algo && algo !== 'SHA256withRSA')
      throw new PaymentSignatureError(`PayPal: unsupported PAYPAL-AUTH-ALGO ${algo}`);
    let cert: X509Certificate;
    try {
      cert = await this.fetchCert(certUrl);
    } catch (err) {
      if (err instanceof PaymentSignatureError) throw err;
      throw new PaymentSignatureError(
        `PayPal: the signing certificate could not be loaded (${(err as Error).message})`,
      );
    }
    const now = Date.now();
    if (now < Date.parse(cert.validFrom) || now > Date.parse(cert.validTo))
      throw new PaymentSignatureError('PayPal: the signing certificate is not valid now');
    const ok = createVerify('RSA-SHA256')
      .update(paypalSignedMessage(transmissionId, timeStamp, this.s.webhookId, callback.rawBody))
      .verify(cert.publicKey, signature, 'base64');
    if (!ok) throw new PaymentSignatureError('PayPal: the webhook signature does not verify');

    const event = parseJson(callback.rawBody, 'PayPal webhook');
    const resource = obj(event.resource);
    const type = str(event.event_type);
    if (type === 'CHECKOUT.ORDER.APPROVED' || type === 'CHECKOUT.ORDER.COMPLETED') {
      const orderNo = PaypalProvider.orderNoOf(obj((resource.purchase_units as unknown[] | undefined)?.[0]));
      const id = str(resource.id);
      if (!orderNo || !id) throw new ProviderHttpError(`PayPal ${type}: no order id or invoice_id`);
      // Approved: the payer agreed, the money moves when we capture (idempotent per order).
      const order = resource.status === 'APPROVED' ? await this.capture(id) : resource;
      return { orderNo, ...this.orderState(order) };
    }
    if (type?.startsWith('PAYMENT.CAPTURE.')) {
      // The resource is a capture, or (REFUNDED / REVERSED) a refund whose "up" link is the capture.
      let capture = resource;
      if (type === 'PAYMENT.CAPTURE.REFUNDED' || type === 'PAYMENT.CAPTURE.REVERSED') {
        const up = ((resource.links as { href?: string; rel?: string }[] | undefined) ?? []).find(
          (l) => l.rel === 'up',
        )?.href;
        const captureId = up && /\/v2\/payments\/captures\/([^/?]+)/.exec(up)?.[1];
        if (!captureId) throw new ProviderHttpError(`PayPal ${type}: no capture link`);
        capture = await this.api('GET', `/v2/payments/captures/${captureId}`);
      }
      const orderNo = str(capture.invoice_id) ?? str(capture.custom_id);
      if (!orderNo) throw new ProviderHttpError(`PayPal ${type}: the capture names no invoice_id`);
      const state = captureState(capture.status);
      return {
        orderNo,
        state,
        amountFen: this.fenOf(capture.amount),
        providerRef: str(obj(obj(capture.supplementary_data).related_ids).order_id),
        paidAt: state === 'paid' || state === 'refunded' ? dateOf(capture.create_time) : undefined,
      };
    }
    throw new ProviderHttpError(`PayPal: webhook event ${type ?? '?'} is not one the console subscribes to`);
  }

  callbackAnswer(ok: boolean): { status: number; contentType: string; body: string } {
    // Any 2xx acknowledges; anything else makes PayPal retry.
    return ok
      ? { status: 200, contentType: 'application/json', body: '{}' }
      : { status: 400, contentType: 'application/json', body: '{"error":"rejected"}' };
  }
}
