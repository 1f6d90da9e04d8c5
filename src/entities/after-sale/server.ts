import { randomInt } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { Code } from '../../shared/api';
import { yuanToFen } from '../../shared/payments';
import { qualified } from '../../server/engine/query';
import { defineEntity } from '../../server/engine/registry';
import { fail } from '../../server/lib/api-error';
import { MALL_ORDER } from '../mall-order';
import { mallOrderItems, mallOrders } from '../mall-order/table';
import afterSale, { AFTER_SALE, AFTER_SALE_TYPE } from './resource';
import { afterSales } from './table';

/** Orders a request may be made against: paid (to ship), shipped or completed. */
const SERVICEABLE: number[] = [MALL_ORDER.paid, MALL_ORDER.shipped, MALL_ORDER.completed];
/** Requests whose amount is still claimed on the order (not rejected, not yet refunded). */
const OPEN: number[] = [AFTER_SALE.pending, AFTER_SALE.approved, AFTER_SALE.received];

const newServiceNo = (now: number) =>
  `S${new Date(now).toISOString().replace(/\D/g, '').slice(0, 14)}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;

export default defineEntity({
  def: afterSale,
  table: afterSales,
  computed: { amount: sql<number>`(${qualified(afterSales.amountFen)} / 100.0)::float8` },
  hooks: {
    async beforeWrite(ctx, tx, values, input, tenantId, existing) {
      if (existing) fail(Code.BAD_REQUEST, 'noSuchTransition');
      const [order] = await tx
        .select()
        .from(mallOrders)
        .where(and(eq(mallOrders.orderNo, String(input.orderNo ?? '').trim()), eq(mallOrders.tenantId, tenantId)));
      if (!order) fail(Code.BAD_REQUEST, 'orderUnknown');
      if (!SERVICEABLE.includes(order!.status))
        fail(Code.BAD_REQUEST, order!.status === MALL_ORDER.unpaid ? 'orderNotPaid' : 'afterSaleOrderState');
      const type = Number(input.type);
      const amountFen = type === AFTER_SALE_TYPE.exchange ? 0 : yuanToFen(Number(input.amount ?? 0));
      if (type !== AFTER_SALE_TYPE.exchange && amountFen <= 0) fail(Code.BAD_REQUEST, 'required', 'amount: required');
      const skuId = input.skuId == null ? null : Number(input.skuId);
      const qty = input.qty == null ? 0 : Number(input.qty);
      if (type !== AFTER_SALE_TYPE.refund && (!skuId || qty < 1)) fail(Code.BAD_REQUEST, 'afterSaleItemRequired');
      if (skuId) {
        const [item] = await tx
          .select()
          .from(mallOrderItems)
          .where(and(eq(mallOrderItems.orderId, order!.id), eq(mallOrderItems.skuId, skuId)));
        if (!item) fail(Code.BAD_REQUEST, 'afterSaleItemRequired');
        const [claimed] = await tx
          .select({ n: sql<number>`coalesce(sum(${afterSales.qty}), 0)::int` })
          .from(afterSales)
          .where(and(eq(afterSales.orderId, order!.id), eq(afterSales.skuId, skuId), inArray(afterSales.status, OPEN)));
        if (qty > item!.qty - item!.returnedQty - (claimed?.n ?? 0)) fail(Code.BAD_REQUEST, 'afterSaleQtyTooMany');
      }
      // No more than was paid, less what was refunded and what open requests already ask for.
      const [open] = await tx
        .select({ fen: sql<number>`coalesce(sum(${afterSales.amountFen}), 0)::int` })
        .from(afterSales)
        .where(and(eq(afterSales.orderId, order!.id), inArray(afterSales.status, OPEN)));
      if (amountFen > order!.totalFen - order!.refundedFen - (open?.fen ?? 0)) fail(Code.BAD_REQUEST, 'refundTooMuch');
      Object.assign(values, {
        orderId: order!.id,
        orderNo: order!.orderNo,
        type,
        skuId,
        qty,
        amountFen,
        status: AFTER_SALE.pending,
        serviceNo: newServiceNo(ctx.app.clock.now()),
      });
    },
  },
});
