import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Code } from '../../shared/api';
import type { PayEventKind } from '../../entities/payment/resource';
import { paymentEvents, payments } from '../../entities/payment/table';
import type { Db } from '../db/driver';
import { fail } from '../lib/api-error';
import type { Clock } from '../lib/clock';
import type { PaymentRow } from './model';

/** One entry of an order's event log (payment_events). */
export interface PaymentEvent {
  orderNo: string;
  tenantId?: number | null;
  kind: PayEventKind;
  method?: string;
  verified?: boolean;
  payload?: unknown;
  result: string;
}

/**
 * The payments table and its event log as the service's modules read and write them: one order's
 * row, and the payment_events entry every callback, query, refund and fulfilment leaves.
 */
export class PaymentLedger {
  constructor(
    readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  now(): Date {
    return new Date(this.clock.now());
  }

  async row(orderNo: string, where?: SQL): Promise<PaymentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderNo, orderNo), where));
    return row;
  }

  async mustRow(orderNo: string, where?: SQL): Promise<PaymentRow> {
    return (await this.row(orderNo, where)) ?? fail(Code.NOT_FOUND, 'notFound');
  }

  async logEvent(e: PaymentEvent): Promise<void> {
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

  /** The event log of one order, newest last. */
  async events(orderNo: string) {
    return this.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.orderNo, orderNo))
      .orderBy(asc(paymentEvents.id));
  }
}
