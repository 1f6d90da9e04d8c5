import { index, integer, jsonb, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes, ts } from '../../server/db/columns';
import { tenants } from '../tenant/table';

/** Mall orders and their lines. Their own file (tables only) so other modules read them without the binding. */
export const mallOrders = pgTable(
  'mall_orders',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    orderNo: text('order_no').notNull(),
    /** The buyer (a console user; null once the user is gone). */
    userId: integer('user_id'),
    buyerName: text('buyer_name').notNull(),
    phone: text('phone').notNull(),
    /** '省/市/区' names of the bundled region data. */
    regionCode: text('region_code').notNull(),
    address: text('address').notNull(),
    goodsFen: integer('goods_fen').notNull(),
    freightFen: integer('freight_fen').notNull().default(0),
    totalFen: integer('total_fen').notNull(),
    refundedFen: integer('refunded_fen').notNull().default(0),
    /** MALL_ORDER. */
    status: smallint('status').notNull().default(0),
    /** PAY_METHOD code. */
    method: smallint('method').notNull().default(0),
    /** The payment's order number (app.payments). */
    paymentNo: text('payment_no'),
    carrier: text('carrier'),
    trackingNo: text('tracking_no'),
    remark: text('remark'),
    cancelReason: text('cancel_reason'),
    expiresAt: ts('expires_at'),
    paidAt: ts('paid_at'),
    shippedAt: ts('shipped_at'),
    completedAt: ts('completed_at'),
    cancelledAt: ts('cancelled_at'),
    refundedAt: ts('refunded_at'),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('mall_orders', t.orderNo, t.buyerName, t.phone, t.regionCode, t.trackingNo),
    uniqueIndex('mall_orders_order_no_uq').on(t.orderNo),
    index('mall_orders_tenant_idx').on(t.tenantId, t.id),
    index('mall_orders_tenant_status_idx').on(t.tenantId, t.status, t.id),
    index('mall_orders_tenant_buyer_idx').on(t.tenantId, t.buyerName),
    index('mall_orders_tenant_order_no_idx').on(t.tenantId, t.orderNo),
    index('mall_orders_tenant_created_idx').on(t.tenantId, t.createdAt),
    index('mall_orders_tenant_paid_idx').on(t.tenantId, t.paidAt),
    index('mall_orders_tenant_method_idx').on(t.tenantId, t.method),
    index('mall_orders_tenant_region_idx').on(t.tenantId, t.regionCode),
    index('mall_orders_tenant_tracking_idx').on(t.tenantId, t.trackingNo),
    index('mall_orders_status_expires_idx').on(t.status, t.expiresAt),
  ],
);

/** An order's lines, as they were when it was placed (name, specs and price copied). */
export const mallOrderItems = pgTable(
  'mall_order_items',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => mallOrders.id, { onDelete: 'cascade' }),
    skuId: integer('sku_id').notNull(),
    productId: integer('product_id').notNull(),
    name: text('name').notNull(),
    specs: jsonb('specs').$type<Record<string, string>>().notNull().default({}),
    image: text('image'),
    priceFen: integer('price_fen').notNull(),
    qty: integer('qty').notNull(),
    /** Units given back (after-sales returns received). */
    returnedQty: integer('returned_qty').notNull().default(0),
  },
  (t) => [
    index('mall_order_items_order_idx').on(t.orderId),
    index('mall_order_items_tenant_product_idx').on(t.tenantId, t.productId),
  ],
);
