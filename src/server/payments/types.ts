import type { Scope } from '../db/scope';
import type { PaymentPurpose, PayMethodName, PayStatus } from '../../shared/payments';

/**
 * The payment interface (docs/payments.md). Modules that sell something call `app.payments`; they never
 * talk to a provider. Providers implement `PaymentProvider`; the local sandbox is always there,
 * WeChat Pay v3, Alipay and PayPal join once their keys are set (README "Payments").
 */

/** What the service asks a provider to collect. */
export interface ProviderOrder {
  /** Our order number, unique, the provider's out_trade_no / invoice id. */
  orderNo: string;
  amountFen: number;
  /** ISO 4217; CNY unless the provider needs another (PayPal's sandbox: USD by config). */
  currency: string;
  subject: string;
  /** Where the provider posts its notification (absolute URL). */
  notifyUrl: string;
  /** Where the payer's browser returns after paying (absolute URL). */
  returnUrl: string;
  expiresAt: Date;
}

/** Where the payer goes: a page to open, or the content of a QR code to scan (WeChat Native). */
export interface ProviderCheckout {
  payUrl?: string;
  qrCode?: string;
  /** The provider's own id of the order (PayPal order id, WeChat prepay id ...). */
  providerRef?: string;
}

/** The provider's word on an order, from a verified notification or a query. */
export interface ProviderState {
  state: 'paid' | 'unpaid' | 'paying' | 'closed' | 'failed' | 'refunded';
  /** What the provider says was paid, in fen: checked against the order before it counts. */
  amountFen?: number;
  providerRef?: string;
  paidAt?: Date;
}

export interface ProviderNotification extends ProviderState {
  orderNo: string;
}

/** A raw HTTP callback as it arrived: the body unparsed, since signatures cover the exact bytes. */
export interface RawCallback {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
  query: Record<string, string>;
}

export interface PaymentProvider {
  readonly method: PayMethodName;
  /** ISO 4217 code the provider collects in; CNY when unset. */
  readonly currency?: string;
  create(order: ProviderOrder): Promise<ProviderCheckout>;
  query(orderNo: string, providerRef?: string): Promise<ProviderState>;
  refund(req: {
    orderNo: string;
    refundNo: string;
    amountFen: number;
    totalFen: number;
    reason?: string;
    providerRef?: string;
  }): Promise<{ state: 'refunded' | 'refunding' | 'failed'; providerRef?: string }>;
  close(orderNo: string, providerRef?: string): Promise<void>;
  /** Checks the callback's signature and decodes it; throws PaymentSignatureError when it fails. */
  verifyCallback(callback: RawCallback): Promise<ProviderNotification>;
  /** What the provider expects as the answer to a callback it sent (success / failure). */
  callbackAnswer(ok: boolean): { status: number; contentType: string; body: string };
}

export class PaymentSignatureError extends Error {}

/** A payment as modules see it. */
export interface Payment {
  orderNo: string;
  tenantId: number;
  purpose: PaymentPurpose;
  subject: string;
  amountFen: number;
  method: PayMethodName;
  status: PayStatus;
  refundedFen: number;
  paidAt: Date | null;
  createdAt: Date;
}

export interface CreatePayment {
  purpose: PaymentPurpose;
  subject: string;
  amountFen: number;
  method: PayMethodName;
  /** Console path the payer returns to after paying (e.g. '/bilList'). */
  returnPath?: string;
  userId?: number;
}

/**
 * Fulfilment: what a module does once its payment succeeded (change the card's package, mark the
 * mall order paid ...). Called after the payment is recorded as paid, at most once per success;
 * if it throws, the reconcile job calls it again later, so it must be idempotent. `onRefunded` is
 * the same for money given back.
 */
export type PaymentHandler = (payment: Payment) => Promise<void>;

export interface PaymentService {
  /** The methods configured on this service (sandbox always; the others once their keys are set). */
  methods(): PayMethodName[];
  create(scope: Scope, req: CreatePayment): Promise<{ payment: Payment; checkout: ProviderCheckout }>;
  get(orderNo: string): Promise<Payment | undefined>;
  /** Asks the provider and applies what it says (the reconcile job does this for stale orders). */
  sync(orderNo: string): Promise<Payment>;
  refund(orderNo: string, req: { amountFen?: number; reason?: string }): Promise<Payment>;
  close(orderNo: string): Promise<Payment>;
  onPaid(kind: string, handler: PaymentHandler): void;
  onRefunded(kind: string, handler: PaymentHandler): void;
}

export interface PaymentsOptions {
  /** Absolute origin the providers are given for notifications and the payer's return (PUBLIC_URL). */
  publicBase: string;
  /** Unpaid orders close after this long (default 30 min). */
  expireMs?: number;
  /** Open orders older than this are asked about by the reconcile job (default 1 min). */
  staleMs?: number;
  /** How long one replica holds an order's fulfilment before another may retry it (default 2 min). */
  fulfilLeaseMs?: number;
  timeZone?: string;
}

/** What the callback route answers the provider. */
export interface CallbackOutcome {
  answer: { status: number; contentType: string; body: string };
  result: string;
  orderNo?: string;
}
