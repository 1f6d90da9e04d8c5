import { AlipaySdk, type AlipaySdkCommonResult } from 'alipay-sdk';
import {
  PaymentSignatureError,
  type PaymentProvider,
  type ProviderCheckout,
  type ProviderNotification,
  type ProviderOrder,
  type ProviderState,
  type RawCallback,
} from '../types';
import { decimalOfFen, fenOfDecimal, PROVIDER_TIMEOUT_MS, ProviderHttpError, type RefundRequest } from './common';
import type { AlipaySettings } from '../../lib/payment-settings';

/**
 * Alipay through the official `alipay-sdk` (v4, maintained by Alipay; it installs without
 * deprecation warnings): computer-website pay (alipay.trade.page.pay: a signed gateway URL the
 * payer opens), alipay.trade.query / close / refund with RSA2 (SHA256withRSA) requests and signed
 * answers checked, and asynchronous notifications checked with Alipay's public key (RSA2 over the
 * sorted key=value pairs without sign and sign_type). Alipay amounts are yuan strings ("12.34"),
 * converted from and to fen exactly.
 */

/** "yyyy-MM-dd HH:mm:ss" in Beijing time: Alipay's timestamp and time_expire (the SDK would use the server's zone). */
export function alipayTime(d: Date): string {
  return new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** Alipay's "yyyy-MM-dd HH:mm:ss" (Beijing) back to a Date. */
function dateOfAlipay(v: unknown): Date | undefined {
  if (typeof v !== 'string' || !/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(v)) return undefined;
  return new Date(`${v.replace(' ', 'T')}+08:00`);
}

function stateOf(tradeStatus: unknown, totalFen?: number, refundFen?: number): ProviderState['state'] {
  switch (tradeStatus) {
    case 'TRADE_SUCCESS':
    case 'TRADE_FINISHED':
      return 'paid';
    case 'TRADE_CLOSED':
      // Closed after a full refund, or closed unpaid.
      return refundFen !== undefined && refundFen > 0 && refundFen === totalFen ? 'refunded' : 'closed';
    default:
      return 'unpaid';
  }
}

/** Business failure codes: 10000 is success, 40004 a refused request (sub_code says why). */
const OK = '10000';
const BUSINESS_FAILED = '40004';

export class AlipayProvider implements PaymentProvider {
  readonly method = 'alipay' as const;
  readonly currency = 'CNY';
  private readonly sdk: AlipaySdk;

  constructor(private readonly s: AlipaySettings) {
    this.sdk = new AlipaySdk({
      appId: s.appId,
      privateKey: s.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
      keyType: 'PKCS8',
      alipayPublicKey: s.alipayPublicKey.export({ type: 'spki', format: 'pem' }) as string,
      gateway: s.gateway,
      signType: 'RSA2',
      camelcase: false,
      timeout: PROVIDER_TIMEOUT_MS,
    });
  }

  /** One signed call whose answer's signature is checked (the SDK throws when it does not verify). */
  private async exec(method: string, bizContent: Record<string, unknown>): Promise<AlipaySdkCommonResult> {
    try {
      return await this.sdk.exec(method, { bizContent, timestamp: alipayTime(new Date()) }, { validateSign: true });
    } catch (err) {
      throw new ProviderHttpError(`Alipay ${method}: ${(err as Error).message.split('\n')[0]}`);
    }
  }

  private fail(method: string, r: AlipaySdkCommonResult): never {
    throw new ProviderHttpError(
      `Alipay ${method}: ${r.code} ${r.msg}${r.sub_code ? ` (${r.sub_code} ${r.sub_msg ?? ''})` : ''}`.trim(),
      undefined,
      r.sub_code ?? r.code,
    );
  }

  async create(order: ProviderOrder): Promise<ProviderCheckout> {
    const payUrl = this.sdk.pageExecute('alipay.trade.page.pay', 'GET', {
      bizContent: {
        out_trade_no: order.orderNo,
        product_code: 'FAST_INSTANT_TRADE_PAY',
        total_amount: decimalOfFen(order.amountFen),
        subject: order.subject.slice(0, 256),
        time_expire: alipayTime(order.expiresAt),
      },
      notify_url: order.notifyUrl,
      return_url: order.returnUrl,
      timestamp: alipayTime(new Date()),
    });
    return { payUrl };
  }

  async query(orderNo: string): Promise<ProviderState> {
    const r = await this.exec('alipay.trade.query', { out_trade_no: orderNo });
    // The payer has not opened the pay page yet: Alipay knows no such trade.
    if (r.code === BUSINESS_FAILED && r.sub_code === 'ACQ.TRADE_NOT_EXIST') return { state: 'unpaid' };
    if (r.code !== OK) this.fail('alipay.trade.query', r);
    const state = stateOf(r.trade_status);
    return {
      state,
      amountFen: fenOfDecimal(r.total_amount),
      providerRef: typeof r.trade_no === 'string' ? r.trade_no : undefined,
      paidAt: state === 'paid' ? dateOfAlipay(r.send_pay_date) : undefined,
    };
  }

  async close(orderNo: string): Promise<void> {
    const r = await this.exec('alipay.trade.close', { out_trade_no: orderNo });
    if (r.code === OK || (r.code === BUSINESS_FAILED && r.sub_code === 'ACQ.TRADE_NOT_EXIST')) return;
    this.fail('alipay.trade.close', r);
  }

  async refund(req: RefundRequest): Promise<{ state: 'refunded' | 'refunding' | 'failed'; providerRef?: string }> {
    const r = await this.exec('alipay.trade.refund', {
      out_trade_no: req.orderNo,
      refund_amount: decimalOfFen(req.amountFen),
      out_request_no: req.refundNo,
      ...(req.reason ? { refund_reason: req.reason.slice(0, 256) } : {}),
    });
    // Alipay refunds synchronously: 10000 is money back (fund_change "N" only repeats an earlier request).
    if (r.code === OK)
      return { state: 'refunded', providerRef: typeof r.trade_no === 'string' ? r.trade_no : undefined };
    if (r.code === BUSINESS_FAILED) return { state: 'failed' };
    this.fail('alipay.trade.refund', r);
  }

  async verifyCallback(callback: RawCallback): Promise<ProviderNotification> {
    // A form POST (application/x-www-form-urlencoded); values are signed as decoded.
    const params: Record<string, string> = { ...callback.query };
    for (const [k, v] of new URLSearchParams(callback.rawBody)) params[k] = v;
    if (!params.sign) throw new PaymentSignatureError('Alipay: the notification has no sign');
    if (params.sign_type && params.sign_type !== 'RSA2')
      throw new PaymentSignatureError(`Alipay: sign_type ${params.sign_type} is not RSA2`);
    let ok = false;
    try {
      ok = this.sdk.checkNotifySignV2(params);
    } catch {
      ok = false;
    }
    if (!ok) throw new PaymentSignatureError('Alipay: the notification signature does not verify');
    if (params.app_id !== this.s.appId)
      throw new PaymentSignatureError('Alipay: the notification is for another app_id');
    if (!params.out_trade_no) throw new PaymentSignatureError('Alipay: the notification names no out_trade_no');
    const amountFen = fenOfDecimal(params.total_amount);
    const state = stateOf(params.trade_status, amountFen, fenOfDecimal(params.refund_fee));
    return {
      orderNo: params.out_trade_no,
      state,
      amountFen,
      providerRef: params.trade_no,
      paidAt: state === 'paid' ? dateOfAlipay(params.gmt_payment) : undefined,
    };
  }

  callbackAnswer(ok: boolean): { status: number; contentType: string; body: string } {
    // Anything but the word "success" makes Alipay send the notification again (up to 25 hours).
    return { status: 200, contentType: 'text/plain', body: ok ? 'success' : 'failure' };
  }
}
