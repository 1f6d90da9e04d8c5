import { randomInt } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Code } from '../../shared/api';
import {
  PAY_MACHINE,
  PAY_METHOD,
  PAY_METHOD_NAMES,
  PAY_STATUS,
  type PayMethodName,
  type PayStatus,
} from '../../shared/payments';
import { sourcesOf } from '../../shared/state-machine';
import { paymentEvents, payments } from '../../entities/payment/server';
import type { PayEventKind } from '../../entities/payment/resource';
import type { Db } from '../db/driver';
import type { Scope } from '../db/scope';
import { fail } from '../lib/api-error';
import type { Clock } from '../lib/clock';
import {
  PaymentSignatureError,
  type CreatePayment,
  type Payment,
  type PaymentHandler,
  type PaymentProvider,
  type PaymentService,
  type ProviderCheckout,
  type ProviderState,
  type RawCallback,
} from './types';

export type PaymentRow = typeof payments.$inferSelect;

/** The largest single payment: 1,000,000 yuan. */
export const MAX_PAYMENT_FEN = 100_000_000;

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

export interface ReconcileResult {
  synced: number;
  closed: number;
  fulfilled: number;
}

/** What the callback route answers the provider. */
export interface CallbackOutcome {
  answer: { status: number; contentType: string; body: string };
  result: string;
  orderNo?: string;
}

const OPEN: number[] = [PAY_STATUS.unpaid, PAY_STATUS.paying];
/** States in which the money was received (onPaid is owed). */
const RECEIVED: number[] = [PAY_STATUS.success, PAY_STATUS.refunding, PAY_STATUS.refunded];

const asMethodName = (code: number): PayMethodName => PAY_METHOD_NAMES.find((n) => PAY_METHOD[n] === code) ?? 'sandbox';

export function toPayment(row: PaymentRow): Payment {
  return {
    orderNo: row.orderNo,
    tenantId: row.tenantId,
    purpose: { kind: row.purposeKind, ref: row.purposeRef },
    subject: row.subject,
    amountFen: row.amountFen,
    method: asMethodName(row.method),
    status: row.status as PayStatus,
    refundedFen: row.refundedFen,
    paidAt: row.paidAt,
    createdAt: row.createdAt,
  };
}

/** P + yyyymmddHHMMss in the operators' time zone + 6 random digits. */
export function newOrderNo(now: number, timeZone = 'Asia/Shanghai'): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(now))
      .map((p) => [p.type, p.value]),
  );
  return `P${parts.year}${parts.month}${parts.day}${parts.hour}${parts.minute}${parts.second}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

/**
 * The payment service behind `app.payments` (docs/payments.md). It owns the payments
 * table: orders are written unpaid, move only through PAY_MACHINE with conditional updates (so a
 * notification delivered twice, or by two replicas at once, pays once), and every callback,
 * query and refund lands in payment_events. Modules hear about money through onPaid/onRefunded;
 * a handler that throws is retried by the reconcile job until it succeeds.
 */
export class Payments implements PaymentService {
  private readonly providers = new Map<PayMethodName, PaymentProvider>();
  private readonly paidHandlers = new Map<string, PaymentHandler[]>();
  private readonly refundHandlers = new Map<string, PaymentHandler[]>();
  readonly expireMs: number;
  readonly staleMs: number;
  private readonly leaseMs: number;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    providers: PaymentProvider[],
    private readonly opts: PaymentsOptions,
  ) {
    for (const p of providers) this.providers.set(p.method, p);
    this.expireMs = opts.expireMs ?? 30 * 60_000;
    this.staleMs = opts.staleMs ?? 60_000;
    this.leaseMs = opts.fulfilLeaseMs ?? 2 * 60_000;
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
    this.paidHandlers.set(kind, [...(this.paidHandlers.get(kind) ?? []), handler]);
  }

  onRefunded(kind: string, handler: PaymentHandler): void {
    this.refundHandlers.set(kind, [...(this.refundHandlers.get(kind) ?? []), handler]);
  }

  private now(): Date {
    return new Date(this.clock.now());
  }

  async row(orderNo: string, where?: SQL): Promise<PaymentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderNo, orderNo), where));
    return row;
  }

  private async mustRow(orderNo: string, where?: SQL): Promise<PaymentRow> {
    return (await this.row(orderNo, where)) ?? fail(Code.NOT_FOUND, 'notFound');
  }

  async get(orderNo: string): Promise<Payment | undefined> {
    const row = await this.row(orderNo);
    return row && toPayment(row);
  }

  async logEvent(e: {
    orderNo: string;
    tenantId?: number | null;
    kind: PayEventKind;
    method?: string;
    verified?: boolean;
    payload?: unknown;
    result: string;
  }): Promise<void> {
    await this.db
      .insert(paymentEvents)
      .values({
        orderNo: e.orderNo.slice(0, 64),
        tenantId: e.tenantId ?? null,
        kind: e.kind,
        method: e.method ?? null,
        verified: e.verified ?? false,
        payload: e.payload ?? null,
        result: e.result,
        at: this.now(),
      })
      .catch((err: unknown) => this.log.warn({ err, orderNo: e.orderNo }, 'payment event not stored'));
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
    const now = this.now();
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
      await this.move(orderNo, PAY_STATUS.failed);
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
    const row = await this.mustRow(orderNo, where);
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

  /**
   * Moves the order to `to` if PAY_MACHINE allows it from the state it is in, in one statement;
   * undefined when it was not in such a state (already moved by a duplicate, or illegal).
   */
  private async move(
    orderNo: string,
    to: PayStatus,
    set: Partial<PaymentRow> = {},
    extra?: SQL,
  ): Promise<PaymentRow | undefined> {
    const sources = sourcesOf(PAY_MACHINE, to);
    if (!sources.length) return undefined;
    const [row] = await this.db
      .update(payments)
      .set({ status: to, ...set })
      .where(and(eq(payments.orderNo, orderNo), inArray(payments.status, sources), extra))
      .returning();
    return row;
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
    const result = await this.apply(orderNo, state, 'callback', raw.rawBody);
    const ok = result !== 'amountMismatch' && result !== 'unknownOrder';
    return { answer: provider.callbackAnswer(ok), result, orderNo };
  }

  /**
   * Applies what the provider says about an order (from a verified callback or a query) and logs
   * it; answers what came of it: 'paid', 'duplicate', 'amountMismatch', 'closed', 'unchanged' ...
   */
  private async apply(
    orderNo: string,
    state: ProviderState,
    kind: 'callback' | 'query',
    rawBody?: string,
  ): Promise<string> {
    const row = await this.row(orderNo);
    const method = row ? asMethodName(row.method) : undefined;
    const log = (result: string) =>
      this.logEvent({
        orderNo,
        tenantId: row?.tenantId,
        kind,
        method,
        verified: true,
        payload: rawBody !== undefined ? { body: rawBody.slice(0, 4000), state } : state,
        result,
      }).then(() => result);
    if (!row) return log('unknownOrder');
    if (state.state === 'paid') {
      if (state.amountFen !== row.amountFen) {
        this.log.error(
          { orderNo, expected: row.amountFen, got: state.amountFen },
          'payment amount does not match the order: refused',
        );
        return log('amountMismatch');
      }
      const moved = await this.move(orderNo, PAY_STATUS.success, {
        paidAt: state.paidAt ?? this.now(),
        ...(state.providerRef ? { providerRef: state.providerRef } : {}),
      });
      if (moved) {
        await log('paid');
        await this.fulfil(orderNo);
        return 'paid';
      }
      // Not moved: read it again, since a duplicate arriving at the same moment may have moved it
      // after `row` was read (the state read first would call a paid order closed).
      const now = (await this.row(orderNo)) ?? row;
      if (RECEIVED.includes(now.status)) {
        await log('duplicate');
        if (!now.fulfilledAt) await this.fulfil(orderNo);
        return 'duplicate';
      }
      // Money arrived for an order we closed (or that failed): keep the word, an operator refunds.
      this.log.error({ orderNo, status: now.status }, 'payment reported paid for a closed order');
      return log('paidWhileClosed');
    }
    if (state.state === 'paying')
      return log(
        (await this.move(orderNo, PAY_STATUS.paying, {}, eq(payments.status, PAY_STATUS.unpaid)))
          ? 'paying'
          : 'unchanged',
      );
    if (state.state === 'failed') return log((await this.move(orderNo, PAY_STATUS.failed)) ? 'failed' : 'unchanged');
    if (state.state === 'closed')
      return log((await this.move(orderNo, PAY_STATUS.closed, { closedAt: this.now() })) ? 'closed' : 'unchanged');
    if (state.state === 'refunded') {
      const done = await this.move(
        orderNo,
        PAY_STATUS.refunded,
        {},
        and(eq(payments.status, PAY_STATUS.refunding), sql`${payments.refundedFen} >= ${payments.amountFen}`),
      );
      if (done) await this.fulfilRefund(orderNo);
      return log(done ? 'refunded' : 'unchanged');
    }
    return log('unchanged');
  }

  async sync(orderNo: string): Promise<Payment> {
    const row = await this.mustRow(orderNo);
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
      await this.apply(orderNo, state, 'query');
    }
    if (RECEIVED.includes((await this.mustRow(orderNo)).status)) {
      const now = await this.mustRow(orderNo);
      if (!now.fulfilledAt) await this.fulfil(orderNo);
      if (now.refundedFen > 0 && !now.refundFulfilledAt && now.status !== PAY_STATUS.refunding)
        await this.fulfilRefund(orderNo);
    }
    return toPayment(await this.mustRow(orderNo));
  }

  /**
   * Gives money back: the whole remainder, or `amountFen` of it. The refunded sum is reserved in
   * one conditional update (two refunds at once cannot exceed the payment); a provider that
   * refuses gives the reservation back.
   */
  async refund(orderNo: string, req: { amountFen?: number; reason?: string }): Promise<Payment> {
    const row = await this.mustRow(orderNo);
    if (OPEN.includes(row.status)) fail(Code.BAD_REQUEST, 'orderNotPaid');
    if (row.status !== PAY_STATUS.success) fail(Code.BAD_REQUEST, 'noSuchTransition');
    const left = row.amountFen - row.refundedFen;
    const amount = req.amountFen ?? left;
    if (!Number.isInteger(amount) || amount <= 0) fail(Code.BAD_REQUEST, 'payAmountInvalid');
    if (amount > left) fail(Code.BAD_REQUEST, 'refundTooMuch');
    const reserved = await this.move(
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
    if (answer.state === 'refunded') await this.refundDone(orderNo);
    return toPayment(await this.mustRow(orderNo));
  }

  /** A refund the provider completed: whole -> refunded, partial -> back to success; then onRefunded. */
  private async refundDone(orderNo: string): Promise<void> {
    const whole = await this.move(
      orderNo,
      PAY_STATUS.refunded,
      {},
      and(eq(payments.status, PAY_STATUS.refunding), sql`${payments.refundedFen} >= ${payments.amountFen}`),
    );
    if (!whole) await this.move(orderNo, PAY_STATUS.success, {}, eq(payments.status, PAY_STATUS.refunding));
    await this.fulfilRefund(orderNo);
  }

  async close(orderNo: string): Promise<Payment> {
    const row = await this.mustRow(orderNo);
    if (!OPEN.includes(row.status)) fail(Code.BAD_REQUEST, 'noSuchTransition');
    const provider = this.providers.get(asMethodName(row.method));
    // Whatever the provider says about closing, a payment it reports later is still honoured.
    await provider
      ?.close(orderNo, row.providerRef ?? undefined)
      .catch((err: unknown) => this.log.warn({ err, orderNo }, 'closing at the provider failed'));
    const closed = await this.move(orderNo, PAY_STATUS.closed, { closedAt: this.now() });
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
    return this.runHandlers(orderNo, this.paidHandlers, 'fulfilledAt');
  }

  private async fulfilRefund(orderNo: string): Promise<boolean> {
    return this.runHandlers(orderNo, this.refundHandlers, 'refundFulfilledAt');
  }

  private async runHandlers(
    orderNo: string,
    handlers: Map<string, PaymentHandler[]>,
    done: 'fulfilledAt' | 'refundFulfilledAt',
  ): Promise<boolean> {
    const now = this.now();
    const doneCol = done === 'fulfilledAt' ? payments.fulfilledAt : payments.refundFulfilledAt;
    const owed =
      done === 'fulfilledAt'
        ? inArray(payments.status, RECEIVED)
        : and(gt(payments.refundedFen, 0), inArray(payments.status, [PAY_STATUS.success, PAY_STATUS.refunded]));
    const [claimed] = await this.db
      .update(payments)
      .set({ fulfilLease: new Date(now.getTime() + this.leaseMs) })
      .where(
        and(
          eq(payments.orderNo, orderNo),
          owed,
          isNull(doneCol),
          or(isNull(payments.fulfilLease), lt(payments.fulfilLease, now)),
        ),
      )
      .returning();
    if (!claimed) return false;
    const payment = toPayment(claimed);
    const kind = 'fulfil';
    try {
      for (const h of handlers.get(claimed.purposeKind) ?? []) await h(payment);
    } catch (err) {
      this.log.warn(
        { err, orderNo, purpose: claimed.purposeKind },
        done === 'fulfilledAt'
          ? 'payment fulfilment failed: retried by reconcile'
          : 'refund fulfilment failed: retried by reconcile',
      );
      await this.db.update(payments).set({ fulfilLease: null }).where(eq(payments.orderNo, orderNo));
      await this.logEvent({
        orderNo,
        tenantId: claimed.tenantId,
        kind,
        result: `${done === 'fulfilledAt' ? 'fulfilFailed' : 'refundFulfilFailed'}: ${errorText(err)}`,
      });
      return false;
    }
    await this.db
      .update(payments)
      .set({ [done]: this.now(), fulfilLease: null })
      .where(eq(payments.orderNo, orderNo));
    await this.logEvent({
      orderNo,
      tenantId: claimed.tenantId,
      kind,
      verified: true,
      result: done === 'fulfilledAt' ? 'fulfilled' : 'refundFulfilled',
    });
    return true;
  }

  /**
   * The periodic reconcile (plugins/payments.ts, every minute; tests call it directly): open
   * orders older than `staleMs` are asked about (late payments become paid and fulfilled),
   * expired ones close, and paid ones still owing fulfilment are fulfilled again. Orders are
   * claimed with `for update skip locked` and a `synced_at` stamp, so replicas share the work
   * instead of doing it twice.
   */
  async reconcile(limit = 200): Promise<ReconcileResult> {
    const now = this.now();
    const result: ReconcileResult = { synced: 0, closed: 0, fulfilled: 0 };
    const stale = new Date(now.getTime() - this.staleMs);
    const recent = new Date(now.getTime() - Math.min(this.staleMs, 50_000));
    const due = this.db
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          inArray(payments.status, [...OPEN, PAY_STATUS.refunding]),
          lte(payments.createdAt, stale),
          or(isNull(payments.syncedAt), lte(payments.syncedAt, recent)),
        ),
      )
      .orderBy(asc(payments.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    const claimed = await this.db
      .update(payments)
      .set({ syncedAt: now })
      .where(inArray(payments.id, due))
      .returning({ orderNo: payments.orderNo, expiresAt: payments.expiresAt });
    for (const { orderNo, expiresAt } of claimed) {
      try {
        const before = await this.mustRow(orderNo);
        const after = await this.sync(orderNo);
        if (after.status !== before.status) result.synced++;
        if (OPEN.includes(after.status) && expiresAt <= now) {
          await this.close(orderNo).then(
            () => result.closed++,
            (err: unknown) => this.log.debug({ err, orderNo }, 'expired order not closed'),
          );
        }
      } catch (err) {
        this.log.warn({ err, orderNo }, 'reconciling a payment failed');
        // The provider did not answer: an expired order still closes on our side.
        if (expiresAt <= now) {
          const closed = await this.move(orderNo, PAY_STATUS.closed, { closedAt: now });
          if (closed) result.closed++;
        }
      }
    }
    // Money in, fulfilment still owed (a handler threw, or the replica stopped half-way).
    const owing = await this.db
      .select({ orderNo: payments.orderNo })
      .from(payments)
      .where(
        and(
          inArray(payments.status, RECEIVED),
          isNull(payments.fulfilledAt),
          isNotNull(payments.paidAt),
          or(isNull(payments.fulfilLease), lt(payments.fulfilLease, now)),
        ),
      )
      .limit(limit);
    for (const { orderNo } of owing) if (await this.fulfil(orderNo)) result.fulfilled++;
    const refundOwing = await this.db
      .select({ orderNo: payments.orderNo })
      .from(payments)
      .where(
        and(
          gt(payments.refundedFen, 0),
          inArray(payments.status, [PAY_STATUS.success, PAY_STATUS.refunded]),
          isNull(payments.refundFulfilledAt),
          or(isNull(payments.fulfilLease), lt(payments.fulfilLease, now)),
        ),
      )
      .limit(limit);
    for (const { orderNo } of refundOwing) await this.fulfilRefund(orderNo);
    return result;
  }

  /** The event log of one order, newest last. */
  async events(orderNo: string) {
    return this.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.orderNo, orderNo))
      .orderBy(asc(paymentEvents.id));
  }
}

/** The order number a callback names, read without trusting it (for the log of a refused one). */
function guessOrderNo(body: string): string | undefined {
  const m = /"?(?:orderNo|out_trade_no|invoice_id|custom_id)"?\s*[:=]\s*"?([A-Za-z0-9_-]{4,64})/.exec(body);
  return m?.[1];
}
