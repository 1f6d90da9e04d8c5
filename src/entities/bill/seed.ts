import { asc, eq } from 'drizzle-orm';
import { ORDER_STATUS, PAY_METHOD, PAY_STATUS } from '../../shared/payments';
import { createRng, seedOf } from '../../shared/prng';
import type { Tx } from '../../server/db/driver';
import { payments, paySandboxOrders } from '../payment';
import { simCards } from '../sim-card';
import { simPackages } from '../sim-package';
import { BILL_KIND, BILL_PURPOSE } from './resource';
import { bills } from './table';
import { defineSeed } from '../../server/db/entity-seeds';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** A demo order number in the payments' form (P + yyyymmddHHMMss + 6 digits), UTC digits are fine for the demo. */
const orderNoAt = (at: number, n: number) =>
  `P${new Date(at).toISOString().replace(/\D/g, '').slice(0, 14)}${String(100_000 + n).slice(-6)}`;

/**
 * /Bill, /bilList and /Report on a fresh demo: about thirty purchases over the last five months
 * for the demo cards (entities/sim-card seed runs first) — mostly paid, some refunded or
 * cancelled, two unpaid from today. Paid ones have their sandbox payment, so a refund from /Bill
 * goes through the payment interface like a real one.
 */
async function seedBills(tx: Tx, tenantId: number, now = Date.now()): Promise<void> {
  const cards = await tx.select().from(simCards).where(eq(simCards.tenantId, tenantId)).orderBy(asc(simCards.id));
  const pkgs = await tx
    .select()
    .from(simPackages)
    .where(eq(simPackages.tenantId, tenantId))
    .orderBy(asc(simPackages.id));
  if (!cards.length || !pkgs.length) return;
  const rng = createRng(seedOf('bills'));
  const count = 30;
  for (let i = 0; i < count; i++) {
    const card = cards[i % cards.length]!;
    const pkg =
      i % 4 === 3
        ? pkgs[rng.int(0, pkgs.length - 1)]!
        : (pkgs.find((p) => p.id === card.packageId) ?? pkgs[i % pkgs.length]!);
    const kind = pkg.type === 0 ? BILL_KIND.package : BILL_KIND.data;
    const recent = i >= count - 2;
    const createdAt = recent
      ? now - rng.int(1, 5) * HOUR_MS
      : now - rng.int(1, 150) * DAY_MS - rng.int(0, 23) * HOUR_MS;
    const paidAt = createdAt + rng.int(1, 20) * 60_000;
    const state = recent ? 'unpaid' : i % 10 === 4 ? 'refunded' : i % 10 === 7 ? 'cancelled' : 'paid';
    const amountFen = Math.round(Number(pkg.price) * 100);
    const orderNo = orderNoAt(createdAt, i);
    const subject = `${pkg.name} · ${card.msisdn || card.iccid}`;
    const method = PAY_METHOD.sandbox;
    const [row] = await tx
      .insert(bills)
      .values({
        tenantId,
        orderNo,
        simCardId: card.id,
        iccid: card.iccid,
        msisdn: card.msisdn,
        carrier: card.carrier,
        packageId: pkg.id,
        packageName: pkg.name,
        kind,
        amountFen,
        status:
          state === 'paid' ? ORDER_STATUS.paid : state === 'unpaid' ? ORDER_STATUS.unpaid : ORDER_STATUS.cancelled,
        payStatus:
          state === 'paid'
            ? PAY_STATUS.success
            : state === 'refunded'
              ? PAY_STATUS.refunded
              : state === 'cancelled'
                ? PAY_STATUS.closed
                : PAY_STATUS.unpaid,
        method,
        refundedFen: state === 'refunded' ? amountFen : 0,
        paidAt: state === 'paid' || state === 'refunded' ? new Date(paidAt) : null,
        refundedAt: state === 'refunded' ? new Date(paidAt + rng.int(1, 3) * DAY_MS) : null,
        applied: state === 'paid' || state === 'refunded',
        userName: 'Demo administrator',
        createdAt: new Date(createdAt),
      })
      .returning({ id: bills.id });
    // Unpaid demo bills have no payment yet: 去支付 opens a fresh one.
    if (state === 'unpaid') continue;
    const paid = state === 'paid' || state === 'refunded';
    await tx.insert(payments).values({
      tenantId,
      orderNo,
      purposeKind: kind === BILL_KIND.package ? BILL_PURPOSE.package : BILL_PURPOSE.data,
      purposeRef: String(row!.id),
      subject,
      amountFen,
      method,
      status: state === 'paid' ? PAY_STATUS.success : state === 'refunded' ? PAY_STATUS.refunded : PAY_STATUS.closed,
      refundedFen: state === 'refunded' ? amountFen : 0,
      paidAt: paid ? new Date(paidAt) : null,
      closedAt: state === 'cancelled' ? new Date(createdAt + HOUR_MS) : null,
      fulfilledAt: paid ? new Date(paidAt) : null,
      refundFulfilledAt: state === 'refunded' ? new Date(paidAt + DAY_MS) : null,
      expiresAt: new Date(createdAt + 2 * HOUR_MS),
      returnPath: '/bilList',
      createdAt: new Date(createdAt),
    });
    await tx.insert(paySandboxOrders).values({
      orderNo,
      subject,
      amountFen,
      currency: 'CNY',
      notifyUrl: '/api/pay/notify/sandbox',
      returnUrl: `/paypal?orderNo=${orderNo}`,
      state: state === 'paid' ? 'paid' : state === 'refunded' ? 'refunded' : 'closed',
      tradeNo: `SBXDEMO${String(i).padStart(4, '0')}`,
      refundedFen: state === 'refunded' ? amountFen : 0,
      paidAt: paid ? new Date(paidAt) : null,
      expiresAt: new Date(createdAt + 2 * HOUR_MS),
      createdAt: new Date(createdAt),
    });
  }
}

export default defineSeed({
  // Purchases of the SIM cards' packages; payments after the mall orders' (the same tables).
  after: ['sim-card', 'mall-order'],
  demo: (tx, { tenantId }) => seedBills(tx, tenantId),
});
