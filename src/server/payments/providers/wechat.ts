import { createDecipheriv, createSign, createVerify, randomBytes } from 'node:crypto';
import {
  PaymentSignatureError,
  type PaymentProvider,
  type ProviderCheckout,
  type ProviderNotification,
  type ProviderOrder,
  type ProviderState,
  type RawCallback,
} from '../types';
import { dateOf, header, obj, parseJson, ProviderHttpError, request, str, type RefundRequest } from './common';
import type { WechatSettings } from '../../lib/payment-settings';

/**
 * WeChat Pay API v3, Native pay (the payer scans `code_url`), with Node's crypto and the official
 * algorithms (https://pay.weixin.qq.com/doc/v3/merchant/4012365342 "签名", 4012071382 "验签",
 * 4012071382 "回调报文解密"): every request signed with the merchant's RSA key (SHA256withRSA),
 * every answer and notification checked against WeChat Pay's public key, notifications decrypted
 * with AES-256-GCM under the APIv3 key. Amounts are fen on both sides.
 */

/** How far a signed answer's or notification's timestamp may be from our clock (WeChat Pay: 5 minutes). */
const WECHAT_MAX_SKEW_S = 300;

/** The string a request's signature covers: "METHOD\nURL\nTIMESTAMP\nNONCE\nBODY\n". */
export function wechatRequestMessage(
  method: string,
  urlPath: string,
  timestamp: string,
  nonce: string,
  body: string,
): string {
  return `${method}\n${urlPath}\n${timestamp}\n${nonce}\n${body}\n`;
}

/** The Authorization header of a request (WECHATPAY2-SHA256-RSA2048). */
function wechatAuthorization(
  s: Pick<WechatSettings, 'mchid' | 'serialNo' | 'privateKey'>,
  method: string,
  urlPath: string,
  body: string,
  timestamp = String(Math.floor(Date.now() / 1000)),
  nonce = randomBytes(16).toString('hex').toUpperCase(),
): string {
  const signature = createSign('RSA-SHA256')
    .update(wechatRequestMessage(method, urlPath, timestamp, nonce, body))
    .sign(s.privateKey, 'base64');
  return `WECHATPAY2-SHA256-RSA2048 mchid="${s.mchid}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${s.serialNo}"`;
}

/**
 * Checks WeChat Pay's signature on an answer or a notification: Wechatpay-Signature over
 * "timestamp\nnonce\nbody\n" with WeChat Pay's public key, a fresh timestamp, the expected serial.
 */
function verifyWechatSignature(
  s: Pick<WechatSettings, 'platformKey' | 'platformSerial'>,
  headers: Record<string, string | string[] | undefined>,
  body: string,
  now = Date.now(),
): void {
  const timestamp = header(headers, 'Wechatpay-Timestamp');
  const nonce = header(headers, 'Wechatpay-Nonce');
  const signature = header(headers, 'Wechatpay-Signature');
  const serial = header(headers, 'Wechatpay-Serial');
  if (!timestamp || !nonce || !signature)
    throw new PaymentSignatureError('WeChat Pay: the Wechatpay-Timestamp, -Nonce and -Signature headers are required');
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(now / 1000 - Number(timestamp)) > WECHAT_MAX_SKEW_S) {
    throw new PaymentSignatureError('WeChat Pay: the signature timestamp is not within 5 minutes of now');
  }
  if (s.platformSerial && serial !== s.platformSerial) {
    throw new PaymentSignatureError(
      `WeChat Pay: signed with ${serial ?? 'no serial'}, not the configured WECHATPAY_PLATFORM_SERIAL`,
    );
  }
  const ok = createVerify('RSA-SHA256')
    .update(`${timestamp}\n${nonce}\n${body}\n`)
    .verify(s.platformKey, signature, 'base64');
  if (!ok) throw new PaymentSignatureError('WeChat Pay: the signature does not verify');
}

/** AEAD_AES_256_GCM decryption of a notification's resource (the tag is the ciphertext's last 16 bytes). */
export function decryptWechatResource(
  apiV3Key: string,
  resource: { ciphertext: string; nonce: string; associated_data?: string },
): string {
  try {
    const data = Buffer.from(resource.ciphertext, 'base64');
    if (data.length < 17) throw new Error('short');
    const decipher = createDecipheriv(
      'aes-256-gcm',
      Buffer.from(apiV3Key, 'utf8'),
      Buffer.from(resource.nonce, 'utf8'),
    );
    decipher.setAuthTag(data.subarray(data.length - 16));
    decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
    return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    throw new PaymentSignatureError('WeChat Pay: the notification resource does not decrypt under WECHATPAY_APIV3_KEY');
  }
}

/** trade_state -> our provider state. */
function stateOf(tradeState: string | undefined): ProviderState['state'] {
  switch (tradeState) {
    case 'SUCCESS':
      return 'paid';
    case 'REFUND':
      return 'refunded';
    case 'USERPAYING':
      return 'paying';
    case 'CLOSED':
    case 'REVOKED':
      return 'closed';
    case 'PAYERROR':
      return 'failed';
    default:
      return 'unpaid';
  }
}

/** RFC 3339 in Beijing time, the form WeChat Pay's time fields take. */
function beijingTime(d: Date): string {
  return `${new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
}

function transactionState(t: Record<string, unknown>): ProviderState {
  const amount = obj(t.amount);
  const state = stateOf(str(t.trade_state));
  return {
    state,
    amountFen: typeof amount.total === 'number' ? amount.total : undefined,
    providerRef: str(t.transaction_id),
    paidAt: state === 'paid' ? dateOf(t.success_time) : undefined,
  };
}

export class WechatPayProvider implements PaymentProvider {
  readonly method = 'wechat' as const;
  readonly currency = 'CNY';

  constructor(private readonly s: WechatSettings) {}

  /** One signed call; the answer's signature is checked before its body is believed. */
  private async call(
    method: 'GET' | 'POST',
    path: string,
    body?: Record<string, unknown>,
  ): Promise<{ status: number; data: Record<string, unknown> }> {
    const text = body ? JSON.stringify(body) : '';
    const what = `WeChat Pay ${method} ${path.split('?')[0]}`;
    const res = await request(
      `${this.s.baseUrl}${path}`,
      {
        method,
        headers: {
          Authorization: wechatAuthorization(this.s, method, path, text),
          Accept: 'application/json',
          ...(body ? { 'Content-Type': 'application/json' } : {}),
          'User-Agent': 'safety-console-wechatpay/1',
        },
        body: body ? text : undefined,
      },
      what,
    );
    if (res.status >= 200 && res.status < 300) {
      try {
        verifyWechatSignature(this.s, Object.fromEntries(res.headers), res.text);
      } catch (err) {
        throw new ProviderHttpError(`${what}: the answer's signature failed (${(err as Error).message})`, res.status);
      }
      return { status: res.status, data: res.text ? parseJson(res.text, what) : {} };
    }
    let code: string | undefined;
    let message = `HTTP ${res.status}`;
    try {
      const e = JSON.parse(res.text) as { code?: string; message?: string };
      code = e.code;
      message = `${e.code ?? ''} ${e.message ?? ''}`.trim() || message;
    } catch {
      // not JSON: the status says enough
    }
    throw new ProviderHttpError(`${what}: ${message}`, res.status, code);
  }

  async create(order: ProviderOrder): Promise<ProviderCheckout> {
    const { data } = await this.call('POST', '/v3/pay/transactions/native', {
      appid: this.s.appid,
      mchid: this.s.mchid,
      description: order.subject.slice(0, 127),
      out_trade_no: order.orderNo,
      time_expire: beijingTime(order.expiresAt),
      notify_url: order.notifyUrl,
      amount: { total: order.amountFen, currency: 'CNY' },
    });
    const codeUrl = str(data.code_url);
    if (!codeUrl) throw new ProviderHttpError('WeChat Pay native order: no code_url in the answer');
    return { qrCode: codeUrl };
  }

  async query(orderNo: string): Promise<ProviderState> {
    try {
      const { data } = await this.call(
        'GET',
        `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}?mchid=${this.s.mchid}`,
      );
      return transactionState(data);
    } catch (err) {
      // Never shown to the payer: WeChat Pay has no such order yet.
      if (err instanceof ProviderHttpError && err.code === 'ORDER_NOT_EXIST') return { state: 'unpaid' };
      throw err;
    }
  }

  async close(orderNo: string): Promise<void> {
    await this.call('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}/close`, {
      mchid: this.s.mchid,
    });
  }

  async refund(req: RefundRequest): Promise<{ state: 'refunded' | 'refunding' | 'failed'; providerRef?: string }> {
    const { data } = await this.call('POST', '/v3/refund/domestic/refunds', {
      out_trade_no: req.orderNo,
      out_refund_no: req.refundNo,
      ...(req.reason ? { reason: req.reason.slice(0, 80) } : {}),
      amount: { refund: req.amountFen, total: req.totalFen, currency: 'CNY' },
    });
    const status = str(data.status);
    return {
      state: status === 'SUCCESS' ? 'refunded' : status === 'PROCESSING' ? 'refunding' : 'failed',
      providerRef: str(data.refund_id),
    };
  }

  async verifyCallback(callback: RawCallback): Promise<ProviderNotification> {
    verifyWechatSignature(this.s, callback.headers, callback.rawBody);
    let body: Record<string, unknown>;
    try {
      body = parseJson(callback.rawBody, 'WeChat Pay notification');
    } catch {
      throw new PaymentSignatureError('WeChat Pay: the notification is not JSON');
    }
    const resource = obj(body.resource);
    if (
      resource.algorithm !== 'AEAD_AES_256_GCM' ||
      typeof resource.ciphertext !== 'string' ||
      typeof resource.nonce !== 'string'
    ) {
      throw new PaymentSignatureError('WeChat Pay: the notification has no AEAD_AES_256_GCM resource');
    }
    const plain = decryptWechatResource(this.s.apiV3Key, {
      ciphertext: resource.ciphertext,
      nonce: resource.nonce,
      associated_data: str(resource.associated_data),
    });
    let t: Record<string, unknown>;
    try {
      t = parseJson(plain, 'WeChat Pay notification resource');
    } catch {
      throw new PaymentSignatureError('WeChat Pay: the decrypted resource is not JSON');
    }
    if (t.mchid !== undefined && t.mchid !== this.s.mchid)
      throw new PaymentSignatureError('WeChat Pay: the notification is for another merchant');
    const orderNo = str(t.out_trade_no);
    if (!orderNo) throw new PaymentSignatureError('WeChat Pay: the notification names no out_trade_no');
    if (str(body.event_type)?.startsWith('REFUND.')) {
      // A refund notification (resource original_type "refund"): amount.total is the order's.
      const amount = obj(t.amount);
      const status = str(t.refund_status);
      return {
        orderNo,
        state: status === 'SUCCESS' && amount.refund === amount.total ? 'refunded' : 'paid',
        amountFen: typeof amount.total === 'number' ? amount.total : undefined,
        providerRef: str(t.transaction_id),
      };
    }
    return { orderNo, ...transactionState(t) };
  }

  callbackAnswer(ok: boolean): { status: number; contentType: string; body: string } {
    // v3: success is 200/204 with no body; failure 4XX/5XX with {"code":"FAIL","message":...}.
    return ok
      ? { status: 204, contentType: 'application/json', body: '' }
      : { status: 400, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message: '失败' }) };
  }
}
