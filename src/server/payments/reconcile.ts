import { and, asc, gt, inArray, isNotNull, isNull, lt, lte, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PAY_STATUS } from '../../shared/payments';
import { payments } from '../../entities/payment/table';
import type { Fulfilment } from './fulfilment';
import type { PaymentLedger } from './ledger';
import type { PaymentMachine } from './machine';
import { OPEN, RECEIVED } from './model';
import type { Payment } from './types';

export interface ReconcileResult {
  synced: number;
  closed: number;
  fulfilled: number;
}

/** What the reconcile loop works with: the service's parts, and its own sync and close. */
interface Reconcilable {
  ledger: PaymentLedger;
  machine: PaymentMachine;
  fulfilment: Fulfilment;
  log: FastifyBaseLogger;
  /** Open orders older than this are asked about. */
  staleMs: number;
  sync(orderNo: string): Promise<Payment>;
  close(orderNo: string): Promise<Payment>;
}

/**
 * The periodic reconcile (plugins/payments.ts, every minute; tests call it directly): open
 * orders older than `staleMs` are asked about (late payments become paid and fulfilled),
 * expired ones close, and paid ones still owing fulfilment are fulfilled again. Orders are
 * claimed with `for update skip locked` and a `synced_at` stamp, so replicas share the work
 * instead of doing it twice.
 */
export async function reconcile(svc: Reconcilable, limit = 200): Promise<ReconcileResult> {
  const { db } = svc.ledger;
  const now = svc.ledger.now();
  const result: ReconcileResult = { synced: 0, closed: 0, fulfilled: 0 };
  const stale = new Date(now.getTime() - svc.staleMs);
  const recent = new Date(now.getTime() - Math.min(svc.staleMs, 50_000));
  const due = db
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
  const claimed = await db
    .update(payments)
    .set({ syncedAt: now })
    .where(inArray(payments.id, due))
    .returning({ orderNo: payments.orderNo, expiresAt: payments.expiresAt });
  for (const { orderNo, expiresAt } of claimed) {
    try {
      const before = await svc.ledger.mustRow(orderNo);
      const after = await svc.sync(orderNo);
      if (after.status !== before.status) result.synced++;
      if (OPEN.includes(after.status) && expiresAt <= now) {
        await svc.close(orderNo).then(
          () => result.closed++,
          (err: unknown) => svc.log.debug({ err, orderNo }, 'expired order not closed'),
        );
      }
    } catch (err) {
      svc.log.warn({ err, orderNo }, 'reconciling a payment failed');
      // The provider did not answer: an expired order still closes on our side.
      if (expiresAt <= now) {
        const closed = await svc.machine.move(orderNo, PAY_STATUS.closed, { closedAt: now });
        if (closed) result.closed++;
      }
    }
  }
  // Money in, fulfilment still owed (a handler threw, or the replica stopped half-way).
  const owing = await db
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
  for (const { orderNo } of owing) if (await svc.fulfilment.fulfil(orderNo)) result.fulfilled++;
  const refundOwing = await db
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
  for (const { orderNo } of refundOwing) await svc.fulfilment.fulfilRefund(orderNo);
  return result;
}
