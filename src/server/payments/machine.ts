import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PAY_MACHINE, PAY_STATUS, type PayStatus } from '../../shared/payments';
import { sourcesOf } from '../../shared/state-machine';
import { payments } from '../../entities/payment/table';
import type { Fulfilment } from './fulfilment';
import type { PaymentLedger } from './ledger';
import { asMethodName, RECEIVED, type PaymentRow } from './model';
import type { ProviderState } from './types';

/**
 * The payment state machine: orders move only through PAY_MACHINE, each move one conditional
 * update (so a notification delivered twice, or by two replicas at once, moves the order once),
 * and what a provider reports about an order is applied here.
 */
export class PaymentMachine {
  constructor(
    private readonly ledger: PaymentLedger,
    private readonly fulfilment: Fulfilment,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Moves the order to `to` if PAY_MACHINE allows it from the state it is in, in one statement;
   * undefined when it was not in such a state (already moved by a duplicate, or illegal).
   */
  async move(
    orderNo: string,
    to: PayStatus,
    set: Partial<PaymentRow> = {},
    extra?: SQL,
  ): Promise<PaymentRow | undefined> {
    const sources = sourcesOf(PAY_MACHINE, to);
    if (!sources.length) return undefined;
    const [row] = await this.ledger.db
      .update(payments)
      .set({ status: to, ...set })
      .where(and(eq(payments.orderNo, orderNo), inArray(payments.status, sources), extra))
      .returning();
    return row;
  }

  /**
   * Applies what the provider says about an order (from a verified callback or a query) and logs
   * it; answers what came of it: 'paid', 'duplicate', 'amountMismatch', 'closed', 'unchanged' ...
   */
  async apply(orderNo: string, state: ProviderState, kind: 'callback' | 'query', rawBody?: string): Promise<string> {
    const row = await this.ledger.row(orderNo);
    const method = row ? asMethodName(row.method) : undefined;
    const log = (result: string) =>
      this.ledger
        .logEvent({
          orderNo,
          tenantId: row?.tenantId,
          kind,
          method,
          verified: true,
          payload: rawBody !== undefined ? { body: rawBody.slice(0, 4000), state } : state,
          result,
        })
        .then(() => result);
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
        paidAt: state.paidAt ?? this.ledger.now(),
        ...(state.providerRef ? { providerRef: state.providerRef } : {}),
      });
      if (moved) {
        await log('paid');
        await this.fulfilment.fulfil(orderNo);
        return 'paid';
      }
      // Not moved: read it again, since a duplicate arriving at the same moment may have moved it
      // after `row` was read (the state read first would call a paid order closed).
      const now = (await this.ledger.row(orderNo)) ?? row;
      if (RECEIVED.includes(now.status)) {
        await log('duplicate');
        if (!now.fulfilledAt) await this.fulfilment.fulfil(orderNo);
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
      return log(
        (await this.move(orderNo, PAY_STATUS.closed, { closedAt: this.ledger.now() })) ? 'closed' : 'unchanged',
      );
    if (state.state === 'refunded') {
      const done = await this.move(
        orderNo,
        PAY_STATUS.refunded,
        {},
        and(eq(payments.status, PAY_STATUS.refunding), sql`${payments.refundedFen} >= ${payments.amountFen}`),
      );
      if (done) await this.fulfilment.fulfilRefund(orderNo);
      return log(done ? 'refunded' : 'unchanged');
    }
    return log('unchanged');
  }

  /** A refund the provider completed: whole -> refunded, partial -> back to success; then onRefunded. */
  async refundDone(orderNo: string): Promise<void> {
    const whole = await this.move(
      orderNo,
      PAY_STATUS.refunded,
      {},
      and(eq(payments.status, PAY_STATUS.refunding), sql`${payments.refundedFen} >= ${payments.amountFen}`),
    );
    if (!whole) await this.move(orderNo, PAY_STATUS.success, {}, eq(payments.status, PAY_STATUS.refunding));
    await this.fulfilment.fulfilRefund(orderNo);
  }
}
