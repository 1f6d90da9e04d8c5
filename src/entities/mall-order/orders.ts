import { randomInt } from 'node:crypto';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Code } from '../../shared/api';
import { PAY_METHOD } from '../../shared/payments';
import { canMove } from '../../shared/state-machine';
import type { Db } from '../../server/db/driver';
import { tenantWhere, type Scope } from '../../server/db/scope';
import type { Tx } from '../../server/engine/types';
import { ApiError, fail } from '../../server/lib/api-error';
import type { Payment, PaymentService } from '../../server/payments';
import { mallProducts as products } from '../product';
import { productSkus } from '../product-sku';
import { MALL_ORDER, MALL_ORDER_MACHINE } from './resource';
import { mallOrderItems, mallOrders } from './table';
import { quote } from './quote';
import type { PlaceInput } from '../../shared/mall-orders';

// Pricing a cart is quote.ts; placing, paying, shipping, refunding and cancelling orders are here.
export { quote } from './quote';

/** The purpose kind of mall payments (app.payments.onPaid('mallOrder', ...)). */
export const MALL_PURPOSE = 'mallOrder';

type MallOrder = typeof mallOrders.$inferSelect;

/** The payment interface (src/server/payments), decorated by the payments plugin. */
export function paymentsOf(app: FastifyInstance): PaymentService {
  const p = (app as unknown as { payments?: PaymentService }).payments;
  if (!p) throw new Error('app.payments is not registered');
  return p;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
function newOrderNo(now: number): string {
  const d = new Date(now);
  return `M${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}${pad(randomInt(0, 1_000_000), 6)}`;
}

/**
 * How long an unpaid order holds its stock: as long as its payment may still be paid
 * (PAY_EXPIRE_MIN, 30 minutes by default); then expireUnpaid cancels it and returns the stock.
 */
const unpaidTtlMs = (app: FastifyInstance): number => app.config.payCore.expireMin * 60_000;

/** Takes the stock of every line or none: one conditional update per SKU in the caller's transaction. */
async function reserve(tx: Tx, lines: { skuId: number; qty: number }[]): Promise<void> {
  for (const l of lines) {
    const done = await tx
      .update(productSkus)
      .set({ stock: sql`${productSkus.stock} - ${l.qty}` })
      .where(and(eq(productSkus.id, l.skuId), sql`${productSkus.stock} >= ${l.qty}`))
      .returning({ id: productSkus.id });
    if (!done.length) fail(Code.CONFLICT, 'outOfStock');
  }
}

/** Gives an order's units (or `qtyBySku`) back to stock. */
export async function restock(tx: Tx, lines: { skuId: number; qty: number }[]): Promise<void> {
  for (const l of lines)
    if (l.qty > 0)
      await tx
        .update(productSkus)
        .set({ stock: sql`${productSkus.stock} + ${l.qty}` })
        .where(eq(productSkus.id, l.skuId));
}

/**
 * Places an order: prices it, takes the stock (all or nothing) and stores it in one transaction,
 * then creates its payment. A payment that cannot be created cancels the order again.
 */
export async function placeOrder(
  app: FastifyInstance,
  scope: Scope,
  input: PlaceInput,
): Promise<{ order: MallOrder; payUrl?: string; qrCode?: string }> {
  const payments = paymentsOf(app);
  if (!payments.methods().includes(input.method)) fail(Code.BAD_REQUEST, 'payMethodUnavailable');
  const now = app.clock.now();
  const order = await app.db.transaction(async (tx) => {
    const q = await quote(tx, scope, input.items, input.regionCode);
    await reserve(tx, q.lines);
    const [created] = await tx
      .insert(mallOrders)
      .values({
        tenantId: q.tenantId,
        orderNo: newOrderNo(now),
        userId: scope.userId || null,
        buyerName: input.address.name,
        phone: input.address.phone,
        regionCode: input.regionCode,
        address: input.address.detail,
        goodsFen: q.goodsFen,
        freightFen: q.freightFen,
        totalFen: q.totalFen,
        status: MALL_ORDER.unpaid,
        method: PAY_METHOD[input.method],
        remark: input.remark ?? null,
        expiresAt: new Date(now + unpaidTtlMs(app)),
        createdAt: new Date(now),
      })
      .returning();
    await tx.insert(mallOrderItems).values(
      q.lines.map((l) => ({
        tenantId: q.tenantId,
        orderId: created!.id,
        skuId: l.skuId,
        productId: l.productId,
        name: l.name,
        specs: l.specs,
        image: l.image,
        priceFen: l.priceFen,
        qty: l.qty,
      })),
    );
    return created!;
  });
  try {
    const { payment, checkout } = await payments.create(
      { ...scope, tenantId: order.tenantId },
      {
        purpose: { kind: MALL_PURPOSE, ref: order.orderNo },
        subject: `商城订单 ${order.orderNo}`,
        amountFen: order.totalFen,
        method: input.method,
        returnPath: '/orderManagement',
        userId: scope.userId || undefined,
      },
    );
    const [saved] = await app.db
      .update(mallOrders)
      .set({ paymentNo: payment.orderNo })
      .where(eq(mallOrders.id, order.id))
      .returning();
    return { order: saved!, payUrl: checkout.payUrl, qrCode: checkout.qrCode };
  } catch (err) {
    await cancelUnpaid(app, order.id, 'payment failed');
    throw err;
  }
}

const itemsOf = (db: Db | Tx, orderId: number) =>
  db.select().from(mallOrderItems).where(eq(mallOrderItems.orderId, orderId)).orderBy(asc(mallOrderItems.id));

/** Cancels an unpaid order and returns its stock; false when it was not unpaid any more (paid meanwhile). */
async function cancelUnpaid(app: FastifyInstance, orderId: number, reason: string): Promise<boolean> {
  const now = new Date(app.clock.now());
  const order = await app.db.transaction(async (tx) => {
    const [moved] = await tx
      .update(mallOrders)
      .set({ status: MALL_ORDER.cancelled, cancelledAt: now, cancelReason: reason })
      .where(and(eq(mallOrders.id, orderId), eq(mallOrders.status, MALL_ORDER.unpaid)))
      .returning();
    if (!moved) return undefined;
    await restock(tx, await itemsOf(tx, orderId));
    return moved;
  });
  if (order?.paymentNo)
    await paymentsOf(app)
      .close(order.paymentNo)
      .catch((err: unknown) => app.log.warn({ err, orderNo: order.orderNo }, 'mall: closing the payment failed'));
  return !!order;
}

/** Cancels every unpaid order past its expiry (their stock comes back). Run periodically. */
export async function expireUnpaid(app: FastifyInstance): Promise<number> {
  const stale = await app.db
    .select({ id: mallOrders.id })
    .from(mallOrders)
    .where(and(eq(mallOrders.status, MALL_ORDER.unpaid), lt(mallOrders.expiresAt, new Date(app.clock.now()))))
    .limit(500);
  let n = 0;
  for (const o of stale) if (await cancelUnpaid(app, o.id, 'expired')) n++;
  return n;
}

/**
 * Fulfilment of a paid mall payment: the order becomes paid and its products' sales grow, once
 * (the conditional move makes a second call a no-op). An order cancelled before the money came
 * (expired) gets its money back.
 */
export async function onMallPaid(app: FastifyInstance, payment: Payment): Promise<void> {
  const now = new Date(app.clock.now());
  const paidLate = await app.db.transaction(async (tx) => {
    const [order] = await tx.select().from(mallOrders).where(eq(mallOrders.orderNo, payment.purpose.ref));
    if (!order) return false;
    if (payment.amountFen !== order.totalFen)
      throw new Error(`mall order ${order.orderNo}: paid ${payment.amountFen}, owes ${order.totalFen}`);
    const [moved] = await tx
      .update(mallOrders)
      .set({ status: MALL_ORDER.paid, paidAt: payment.paidAt ?? now, paymentNo: payment.orderNo })
      .where(and(eq(mallOrders.id, order.id), eq(mallOrders.status, MALL_ORDER.unpaid)))
      .returning({ id: mallOrders.id });
    if (!moved) return order.status === MALL_ORDER.cancelled && order.paymentNo === payment.orderNo;
    for (const item of await itemsOf(tx, order.id))
      await tx
        .update(products)
        .set({ sales: sql`${products.sales} + ${item.qty}` })
        .where(eq(products.id, item.productId));
    return false;
  });
  if (paidLate)
    await paymentsOf(app)
      .refund(payment.orderNo, { reason: 'order cancelled before payment' })
      .catch((err: unknown) => app.log.warn({ err }, 'mall: refunding a late payment failed'));
}

/** The order in the caller's scope, or 'notFound'. */
export async function orderInScope(db: Db | Tx, scope: Scope, id: number): Promise<MallOrder> {
  const [order] = await db
    .select()
    .from(mallOrders)
    .where(and(eq(mallOrders.id, id), tenantWhere(scope, mallOrders)));
  if (!order) fail(Code.NOT_FOUND, 'notFound');
  return order!;
}

/** Refuses a move the machine does not allow; shipping (or completing) an unpaid order is 'orderNotPaid'. */
function checkMove(order: MallOrder, to: number): void {
  if (canMove(MALL_ORDER_MACHINE, order.status, to)) return;
  if (order.status === MALL_ORDER.unpaid && to !== MALL_ORDER.cancelled) fail(Code.BAD_REQUEST, 'orderNotPaid');
  fail(Code.BAD_REQUEST, 'noSuchTransition');
}

export async function ship(
  app: FastifyInstance,
  scope: Scope,
  id: number,
  carrier: string,
  trackingNo: string,
): Promise<void> {
  const order = await orderInScope(app.db, scope, id);
  checkMove(order, MALL_ORDER.shipped);
  const [moved] = await app.db
    .update(mallOrders)
    .set({ status: MALL_ORDER.shipped, carrier, trackingNo, shippedAt: new Date(app.clock.now()) })
    .where(and(eq(mallOrders.id, id), eq(mallOrders.status, order.status)))
    .returning({ id: mallOrders.id });
  if (!moved) fail(Code.BAD_REQUEST, 'noSuchTransition');
}

export async function complete(app: FastifyInstance, scope: Scope, id: number): Promise<void> {
  const order = await orderInScope(app.db, scope, id);
  checkMove(order, MALL_ORDER.completed);
  const [moved] = await app.db
    .update(mallOrders)
    .set({ status: MALL_ORDER.completed, completedAt: new Date(app.clock.now()) })
    .where(and(eq(mallOrders.id, id), eq(mallOrders.status, order.status)))
    .returning({ id: mallOrders.id });
  if (!moved) fail(Code.BAD_REQUEST, 'noSuchTransition');
}

/**
 * Gives money back through the payment interface and records it on the order: the whole rest
 * makes it refunded (or refunding while the provider works), a part only adds to refundedFen.
 */
export async function refundOrder(
  app: FastifyInstance,
  order: MallOrder,
  amountFen: number,
  reason: string,
): Promise<MallOrder> {
  if (!order.paymentNo || order.paidAt == null) fail(Code.BAD_REQUEST, 'orderNotPaid');
  const rest = order.totalFen - order.refundedFen;
  if (amountFen <= 0 || amountFen > rest) fail(Code.BAD_REQUEST, 'refundTooMuch');
  const whole = amountFen === rest;
  const to = whole ? MALL_ORDER.refunded : order.status;
  if (whole) checkMove(order, MALL_ORDER.refunded);
  // Claim the amount first, so two refunds at once cannot both pass the check.
  const [claimed] = await app.db
    .update(mallOrders)
    .set({ refundedFen: sql`${mallOrders.refundedFen} + ${amountFen}` })
    .where(
      and(
        eq(mallOrders.id, order.id),
        eq(mallOrders.status, order.status),
        sql`${mallOrders.refundedFen} + ${amountFen} <= ${mallOrders.totalFen}`,
      ),
    )
    .returning({ id: mallOrders.id });
  if (!claimed) fail(Code.BAD_REQUEST, 'refundTooMuch');
  let payment: Payment;
  try {
    payment = await paymentsOf(app).refund(order.paymentNo!, { amountFen, reason });
  } catch (err) {
    await app.db
      .update(mallOrders)
      .set({ refundedFen: sql`${mallOrders.refundedFen} - ${amountFen}` })
      .where(eq(mallOrders.id, order.id));
    if (err instanceof ApiError) throw err;
    fail(Code.BAD_REQUEST, 'payProviderFailed');
  }
  const done = payment.status !== 4; // PAY_STATUS.refunding
  const status = whole ? (done ? to : MALL_ORDER.refunding) : order.status;
  const [saved] = await app.db
    .update(mallOrders)
    .set({ status, ...(whole && done ? { refundedAt: new Date(app.clock.now()) } : {}) })
    .where(eq(mallOrders.id, order.id))
    .returning();
  return saved!;
}

/** A refund the provider finished later: a refunding order is refunded. */
export async function onMallRefunded(app: FastifyInstance, payment: Payment): Promise<void> {
  await app.db
    .update(mallOrders)
    .set({ status: MALL_ORDER.refunded, refundedAt: new Date(app.clock.now()) })
    .where(and(eq(mallOrders.orderNo, payment.purpose.ref), eq(mallOrders.status, MALL_ORDER.refunding)));
}

/**
 * Cancels an order: an unpaid one is cancelled and its stock returned; a paid one (not shipped)
 * is refunded in full through the payment interface and its stock returned. Others: use after-sales.
 */
export async function cancelOrder(app: FastifyInstance, scope: Scope, id: number, reason: string): Promise<MallOrder> {
  const order = await orderInScope(app.db, scope, id);
  if (order.status === MALL_ORDER.unpaid) {
    if (!(await cancelUnpaid(app, id, reason))) fail(Code.BAD_REQUEST, 'noSuchTransition');
  } else if (order.status === MALL_ORDER.paid) {
    await refundOrder(app, order, order.totalFen - order.refundedFen, reason);
    await app.db.transaction(async (tx) => {
      await tx
        .update(mallOrders)
        .set({ cancelReason: reason, cancelledAt: new Date(app.clock.now()) })
        .where(eq(mallOrders.id, id));
      await restock(tx, await itemsOf(tx, id));
    });
  } else fail(Code.BAD_REQUEST, 'noSuchTransition');
  return orderInScope(app.db, scope, id);
}

export async function orderItems(db: Db | Tx, orderId: number) {
  return itemsOf(db, orderId);
}
