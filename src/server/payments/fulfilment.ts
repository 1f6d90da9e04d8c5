import { and, eq, gt, inArray, isNull, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PAY_STATUS } from '../../shared/payments';
import { payments } from '../../entities/payment/table';
import type { PaymentLedger } from './ledger';
import { errorText, RECEIVED, toPayment } from './model';
import type { PaymentHandler } from './types';

/**
 * Fulfilment: the modules' onPaid/onRefunded handlers, and running them once per order. A handler
 * that throws leaves fulfilledAt (refundFulfilledAt) unset, so the reconcile job runs it again.
 */
export class Fulfilment {
  private readonly paidHandlers = new Map<string, PaymentHandler[]>();
  private readonly refundHandlers = new Map<string, PaymentHandler[]>();

  constructor(
    private readonly ledger: PaymentLedger,
    private readonly log: FastifyBaseLogger,
    /** How long one replica holds an order's fulfilment before another may retry it. */
    private readonly leaseMs: number,
  ) {}

  onPaid(kind: string, handler: PaymentHandler): void {
    this.paidHandlers.set(kind, [...(this.paidHandlers.get(kind) ?? []), handler]);
  }

  onRefunded(kind: string, handler: PaymentHandler): void {
    this.refundHandlers.set(kind, [...(this.refundHandlers.get(kind) ?? []), handler]);
  }

  /**
   * Runs the purpose's onPaid handlers once the money is in, under a lease so one replica runs
   * them at a time; fulfilledAt is set only when all succeeded (else the reconcile job retries).
   */
  async fulfil(orderNo: string): Promise<boolean> {
    return this.runHandlers(orderNo, this.paidHandlers, 'fulfilledAt');
  }

  async fulfilRefund(orderNo: string): Promise<boolean> {
    return this.runHandlers(orderNo, this.refundHandlers, 'refundFulfilledAt');
  }

  private async runHandlers(
    orderNo: string,
    handlers: Map<string, PaymentHandler[]>,
    done: 'fulfilledAt' | 'refundFulfilledAt',
  ): Promise<boolean> {
    const { db } = this.ledger;
    const now = this.ledger.now();
    const doneCol = done === 'fulfilledAt' ? payments.fulfilledAt : payments.refundFulfilledAt;
    const owed =
      done === 'fulfilledAt'
        ? inArray(payments.status, RECEIVED)
        : and(gt(payments.refundedFen, 0), inArray(payments.status, [PAY_STATUS.success, PAY_STATUS.refunded]));
    const [claimed] = await db
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
      await db.update(payments).set({ fulfilLease: null }).where(eq(payments.orderNo, orderNo));
      await this.ledger.logEvent({
        orderNo,
        tenantId: claimed.tenantId,
        kind,
        result: `${done === 'fulfilledAt' ? 'fulfilFailed' : 'refundFulfilFailed'}: ${errorText(err)}`,
      });
      return false;
    }
    await db
      .update(payments)
      .set({ [done]: this.ledger.now(), fulfilLease: null })
      .where(eq(payments.orderNo, orderNo));
    await this.ledger.logEvent({
      orderNo,
      tenantId: claimed.tenantId,
      kind,
      verified: true,
      result: done === 'fulfilledAt' ? 'fulfilled' : 'refundFulfilled',
    });
    return true;
  }
}
