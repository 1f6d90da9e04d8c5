import { index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes, ts } from '../../server/db/columns';
import { tenants } from '../tenant/table';
import { mallOrders } from '../mall-order/table';

/** After-sales requests (return / refund / exchange) against a mall order. Its own file so the orders module reads it without the binding. */
export const afterSales = pgTable(
  'after_sales',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    serviceNo: text('service_no').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => mallOrders.id, { onDelete: 'cascade' }),
    orderNo: text('order_no').notNull(),
    /** AFTER_SALE_TYPE: 0 refund only, 1 return and refund, 2 exchange. */
    type: smallint('type').notNull(),
    /** The SKU returned or exchanged (an item of the order). */
    skuId: integer('sku_id'),
    qty: integer('qty').notNull().default(0),
    amountFen: integer('amount_fen').notNull().default(0),
    reason: text('reason').notNull(),
    image: text('image'),
    /** AFTER_SALE: 0 pending, 1 approved, 2 rejected, 3 received, 4 refunded, 5 completed. */
    status: smallint('status').notNull().default(0),
    reviewComment: text('review_comment'),
    reviewerName: text('reviewer_name'),
    reviewedAt: ts('reviewed_at'),
    receivedAt: ts('received_at'),
    refundedAt: ts('refunded_at'),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('after_sales', t.serviceNo, t.orderNo),
    uniqueIndex('after_sales_service_no_uq').on(t.serviceNo),
    index('after_sales_tenant_idx').on(t.tenantId, t.id),
    index('after_sales_tenant_status_idx').on(t.tenantId, t.status, t.id),
    index('after_sales_tenant_type_idx').on(t.tenantId, t.type),
    index('after_sales_tenant_order_no_idx').on(t.tenantId, t.orderNo),
    index('after_sales_tenant_created_idx').on(t.tenantId, t.createdAt),
    index('after_sales_order_idx').on(t.orderId),
  ],
);
