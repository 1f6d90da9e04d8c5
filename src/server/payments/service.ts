import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Code } from '../../shared/api';
import { PAY_METHOD, PAY_METHOD_NAMES, PAY_STATUS, type PayMethodName } from '../../shared/payments';
import { payments } from '../../entities/payment/table';
import type { Db } from '../db/driver';
import type { Scope } from '../db/scope';
import { fail } from '../lib/api-error';
import type { Clock } from '../lib/clock';
import { Fulfilment } from './fulfilment';
import { PaymentLedger, type PaymentEvent } from './ledger';
import { PaymentMachine } from './machine';
import {
  asMethodName,
  errorText,
  guessOrderNo,
  MAX_PAYMENT_FEN,
  newOrderNo,
  OPEN,
  RECEIVED,
  toPayment,
  type PaymentRow,
} from './model';
import { reconcile, type ReconcileResult } from './reconcile';
import {
  PaymentSignatureError,
  type CallbackOutcome,
  type CreatePayment,
  type Payment,
  type PaymentHandler,
  type PaymentsOptions,
  type PaymentProvider,
  type PaymentService,
  type ProviderCheckout,
  type ProviderState,
  type RawCallback,
} from './types';

// The service's public surface: Payments and what callers read about orders. Behind it: model.ts (rows,
// pure helpers), ledger.ts (table, event log), machine.ts (state machine), fulfilment.ts, reconcile.ts.
export { toPayment } from './model';

/**
 * The payment service behind `app.payments` (docs/payments.md). It owns the payments
 * table: orders are written unpaid, move only through PAY_MACHINE with conditional updates (so a
 * notification delivered twice, or by two replicas at once, pays once), and every callback,
 * query and refund lands in payment_events. Modules hear about money through onPaid/onRefunded;
 * a handler that throws is retried by the reconcile job until it succeeds.
 */
export class Payments implements PaymentService {
  private readonly providers = new Map<PayMethodName, PaymentProvider>();
  private readonly ledger: PaymentLedger;
  private readonly fulfilment: Fulfilment;
  private readonly machine: PaymentMachine;
  readonly expireMs: number;
  readonly staleMs: number;

  constructor(
    private readonly db: Db,
    clock: Clock,
    private readonly log: FastifyBaseLogger,
    providers: PaymentProvider[],
    private readonly opts: PaymentsOptions,
  ) {
    for (const p of providers) this.providers.set(p.method, p);
    this.expireMs = opts.expireMs ?? 30 * 60_000;
    this.staleMs = opts.staleMs ?? 60_000;
    this.ledger = new PaymentLedger(db, clock, log);
    this.fulfilment = new Fulfilment(this.ledger, log, opts.fulfilLeaseMs ?? 2 * 60_000);
    this.machine = new PaymentMachine(this.ledger, this.fulfilment, log);
  }

  methods(): PayMethodName[] {
    return PAY_METHOD_NAMES.filter((m) => this.providers.has(m));
  }

  provider(method: PayMethodName): PaymentProvider {
    const p = this.providers.get(method);
    if (!p) fail(Code.BAD_REQUEST, 'payMethodUnavailable');
    return p;
  }

  onPaid(kind: string, handler: PaymentHandler): void {
    this.fulfilment.onPaid(kind, handler);
  }

  onRefunded(kind: string, handler: PaymentHandler): void {
    this.fulfilment.onRefunded(kind, handler);
  }

  async row(orderNo: string, where?: SQL): Promise<PaymentRow | undefined> {
    return this.ledger.row(orderNo, where);
  }

  async get(orderNo: string): Promise<Payment | undefined> {
    const row = await this.row(orderNo);
    return row && toPayment(row);
  }

  async logEvent(e: PaymentEvent): Promise<void> {
    return this.ledger.logEvent(e);
  }

  urls(method: PayMethodName, orderNo: string) {
    return {
      notifyUrl: `${this.opts.publicBase}/api/pay/notify/${method}`,
      returnUrl: `${this.opts.publicBase}/map/paypal?orderNo=${encodeURIComponent(orderNo)}`,
    };
  }

  async create(scope: Scope, req: CreatePayment): Promise<{ payment: Payment; checkout: ProviderCheckout }> {
    if (!Number.isInteger(req.amountFen) || req.amountFen <= 0 || req.amountFen > MAX_PAYMENT_FEN)
      fail(Code.BAD_REQUEST, 'payAmountInvalid');
    const subject = req.subject?.trim();
    if (!subject || subject.length > 128 || !req.purpose?.kind || !req.purpose.ref)
      fail(Code.BAD_REQUEST, 'invalidInput');
    const provider = this.provider(req.method);
    const now = this.ledger.now();
    const orderNo = newOrderNo(now.getTime(), this.opts.timeZone);
    const expiresAt = new Date(now.getTime() + this.expireMs);
    const currency = provider.currency ?? 'CNY';
    const [row] = await this.db
      .insert(payments)
      .values({
        tenantId: scope.tenantId,
        orderNo,
        purposeKind: req.purpose.kind,
        purposeRef: String(req.purpose.ref),
        subject,
        amountFen: req.amountFen,
        currency,
        method: PAY_METHOD[req.method],
        status: PAY_STATUS.unpaid,
        expiresAt,
        userId: req.userId ?? (scope.userId || null),
        returnPath: req.returnPath ?? null,
        createdAt: now,
      })
      .returning();
    const checkout = await this.checkout(row!, provider);
    return { payment: toPayment((await this.row(orderNo))!), checkout };
  }

  /** Asks the order's provider for a checkout; a provider that fails marks the order failed. */
  private async checkout(row: PaymentRow, provider: PaymentProvider): Promise<ProviderCheckout> {
    const { orderNo } = row;
    let checkout: ProviderCheckout;
    try {
      checkout = await provider.create({
        orderNo,
        amountFen: row.amountFen,
        currency: row.currency,
        subject: row.subject,
        expiresAt: row.expiresAt,
        ...this.urls(provider.method, orderNo),
      });
    } catch (err) {
      this.log.warn({ err, orderNo, method: provider.method }, 'payment provider refused the order');
      await this.logEvent({
        orderNo,
        tenantId: row.tenantId,
        kind: 'create',
        method: provider.method,
        result: `failed: ${errorText(err)}`,
      });
      await this.machine.move(orderNo, PAY_STATUS.failed);
      return fail(Code.BAD_REQUEST, 'payProviderFailed');
    }
    if (checkout.providerRef)
      await this.db.update(payments).set({ providerRef: checkout.providerRef }).where(eq(payments.orderNo, orderNo));
    await this.logEvent({
      orderNo,
      tenantId: row.tenantId,
      kind: 'create',
      method: provider.method,
      verified: true,
      payload: checkout,
      result: 'created',
    });
    return checkout;
  }

  /**
   * Gives an unpaid order another method (the payer chose WeChat after all): same order number,
   * a new checkout. The same method again is 'payMethodNotChanged'.
   */
  async changeMethod(
    orderNo: string,
    method: PayMethodName,
    where?: SQL,
  ): Promise<{ payment: Payment; checkout: ProviderCheckout }> {
    const row = await this.ledger.mustRow(orderNo, where);
    if (row.method === PAY_METHOD[method]) fail(Code.BAD_REQUEST, 'payMethodNotChanged');
    if (row.status !== PAY_STATUS.unpaid) fail(Code.BAD_REQUEST, 'noSuchTransition');
    const provider = this.provider(method);
    const old = this.providers.get(asMethodName(row.method));
    await old
      ?.close(orderNo, row.providerRef ?? undefined)
      .catch((err: unknown) => this.log.warn({ err, orderNo }, 'closing at the old provider failed'));
    const [moved] = await this.db
      .update(payments)
      .set({ method: PAY_METHOD[method], providerRef: null, currency: provider.currency ?? 'CNY' })
      .where(and(eq(payments.orderNo, orderNo), eq(payments.status, PAY_STATUS.unpaid)))
      .returning();
    if (!moved) fail(Code.BAD_REQUEST, 'noSuchTransition');
    const checkout = await this.checkout(moved, provider);
    return { payment: toPayment((await this.row(orderNo))!), checkout };
  }

  /** A provider's notification as it arrived on POST /api/pay/notify/:method. */
  async notify(method: string, raw: RawCallback): Promise<CallbackOutcome> {
    const provider = this.providers.get(method as PayMethodName);
    if (!provider) fail(Code.NOT_FOUND, 'payMethodUnavailable');
    let note;
    try {
      note = await provider.verifyCallback(raw);
    } catch (err) {
      const orderNo = guessOrderNo(raw.rawBody);
      const tenantId = orderNo ? (await this.row(orderNo))?.tenantId : undefined;
      const bad = err instanceof PaymentSignatureError;
      this.log.warn(
        { err, method, orderNo },
        bad ? 'payment callback with a bad signature refused' : 'payment callback could not be read',
      );
      await this.logEvent({
        orderNo: orderNo ?? '?',
        tenantId,
        kind: 'callback',
        method,
        verified: false,
        payload: { body: raw.rawBody.slice(0, 4000) },
        result: bad ? 'badSignature' : `unreadable: ${errorText(err)}`,
      });
      return { answer: provider.callbackAnswer(false), result: bad ? 'badSignature' : 'unreadable', orderNo };
    }
    const { orderNo, ...state } = note;
    const result = await this.machine.apply(orderNo, state, 'callback', raw.rawBody);
    const ok = result !== 'amountMismatch' && result !== 'unknownOrder';
    return { answer: provider.callbackAnswer(ok), result, orderNo };
  }

  async sync(orderNo: string): Promise<Payment> {
    const row = await this.ledger.mustRow(orderNo);
    const provider = this.providers.get(asMethodName(row.method));
    if (provider && (OPEN.includes(row.status) || row.status === PAY_STATUS.refunding)) {
      let state: ProviderState;
      try {
        state = await provider.query(orderNo, row.providerRef ?? undefined);
      } catch (err) {
        await this.logEvent({
          orderNo,
          tenantId: row.tenantId,
          kind: 'query',
          method: provider.method,
          result: `failed: ${errorText(err)}`,
        });
        throw err;
      }
      await this.machine.apply(orderNo, state, 'query');
    }
    if (RECEIVED.includes((await this.ledger.mustRow(orderNo)).status)) {
      const now = await this.ledger.mustRow(orderNo);
      if (!now.fulfilledAt) await this.fulfil(orderNo);
      if (now.refundedFen > 0 && !now.refundFulfilledAt && now.status !== PAY_STATUS.refunding)
        await this.fulfilment.fulfilRefund(orderNo);
    }
    return toPayment(await this.ledger.mustRow(orderNo));
  }

  /**
   * Gives money back: the whole remainder, or `amountFen` of it. The refunded sum is reserved in
   * one conditional update (two refunds at once cannot exceed the payment); a provider that
   * refuses gives the reservation back.
   */
  async refund(orderNo: string, req: { amountFen?: number; reason?: string }): Promise<Payment> {
    const row = await this.ledger.mustRow(orderNo);
    if (OPEN.includes(row.status)) fail(Code.BAD_REQUEST, 'orderNotPaid');
    if (row.status !== PAY_STATUS.success) fail(Code.BAD_REQUEST, 'noSuchTransition');
    const left = row.amountFen - row.refundedFen;
    const amount = req.amountFen ?? left;
    if (!Number.isInteger(amount) || amount <= 0) fail(Code.BAD_REQUEST, 'payAmountInvalid');
    if (amount > left) fail(Code.BAD_REQUEST, 'refundTooMuch');
    const reserved = await this.machine.move(
      orderNo,
      PAY_STATUS.refunding,
      {
        refundedFen: sql`${payments.refundedFen} + ${amount}` as unknown as number,
        refundReason: req.reason ?? null,
        refundFulfilledAt: null,
      },
      and(eq(payments.status, PAY_STATUS.success), sql`${payments.refundedFen} + ${amount} <= ${payments.amountFen}`),
    );
    if (!reserved) fail(Code.BAD_REQUEST, 'refundTooMuch');
    const provider = this.provider(asMethodName(row.method));
    const refundNo = `R${orderNo.slice(1)}${String(reserved.refundedFen).padStart(9, '0')}`;
    let answer: Awaited<ReturnType<PaymentProvider['refund']>>;
    try {
      answer = await provider.refund({
        orderNo,
        refundNo,
        amountFen: amount,
        totalFen: row.amountFen,
        reason: req.reason,
        providerRef: row.providerRef ?? undefined,
      });
    } catch (err) {
      this.log.warn({ err, orderNo }, 'refund refused by the provider');
      answer = { state: 'failed' };
      await this.logEvent({
        orderNo,
        tenantId: row.tenantId,
        kind: 'refund',
        method: provider.method,
        payload: { refundNo, amountFen: amount },
        result: `failed: ${errorText(err)}`,
      });
    }
    if (answer.state === 'failed') {
      await this.db
        .update(payments)
        .set({ status: PAY_STATUS.success, refundedFen: sql`${payments.refundedFen} - ${amount}` })
        .where(and(eq(payments.orderNo, orderNo), eq(payments.status, PAY_STATUS.refunding)));
      await this.logEvent({
        orderNo,
        tenantId: row.tenantId,
        kind: 'refund',
        method: provider.method,
        payload: { refundNo, amountFen: amount },
        result: 'failed',
      });
      fail(Code.BAD_REQUEST, 'payProviderFailed');
    }
    await this.logEvent({
      orderNo,
      tenantId: row.tenantId,
      kind: 'refund',
      method: provider.method,
      verified: true,
      payload: { refundNo, amountFen: amount, reason: req.reason, providerRef: answer.providerRef },
      result: answer.state,
    });
    if (answer.state === 'refunded') await this.machine.refundDone(orderNo);
    return toPayment(await this.ledger.mustRow(orderNo));
  }

  async close(orderNo: string): Promise<Payment> {
    const row = await this.ledger.mustRow(orderNo);
    if (!OPEN.includes(row.status)) fail(Code.BAD_REQUEST, 'noSuchTransition');
    const provider = this.providers.get(asMethodName(row.method));
    // Whatever the provider says about closing, a payment it reports later is still honoured.
    await provider
      ?.close(orderNo, row.providerRef ?? undefined)
      .catch((err: unknown) => this.log.warn({ err, orderNo }, 'closing at the provider failed'));
    const closed = await this.machine.move(orderNo, PAY_STATUS.closed, { closedAt: this.ledger.now() });
    if (!closed) fail(Code.BAD_REQUEST, 'noSuchTransition');
    await this.logEvent({
      orderNo,
      tenantId: row.tenantId,
      kind: 'close',
      method: provider?.method,
      verified: true,
      result: 'closed',
    });
    return toPayment(closed);
  }

  /**
   * Runs the purpose's onPaid handlers once the money is in, under a lease so one replica runs
   * them at a time; fulfilledAt is set only when all succeeded (else the reconcile job retries).
   */
  async fulfil(orderNo: string): Promise<boolean> {
    return this.fulfilment.fulfil(orderNo);
  }

  /** The periodic reconcile job (reconcile.ts); tests call it directly. */
  async reconcile(limit = 200): Promise<ReconcileResult> {
    const { ledger, machine, fulfilment, log, staleMs } = this;
    return reconcile(
      {
        ledger,
        machine,
        fulfilment,
        log,
        staleMs,
        sync: (orderNo) => this.sync(orderNo),
        close: (orderNo) => this.close(orderNo),
      },
      limit,
    );
  }

  /** The event log of one order, newest last. */
  async events(orderNo: string) {
    return this.ledger.events(orderNo);
  }
}
