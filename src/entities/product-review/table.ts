import { index, integer, jsonb, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes, ts } from '../../server/db/columns';
import { tenants } from '../tenant/table';
import { productSkus } from '../product-sku/table';
import { mallProducts } from '../product/table';

export const productReviews = pgTable(
  'product_reviews',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => mallProducts.id, { onDelete: 'cascade' }),
    skuId: integer('sku_id').references(() => productSkus.id, { onDelete: 'set null' }),
    /** The mall order it reviews (the orders module), if any. */
    orderId: integer('order_id'),
    userName: text('user_name').notNull(),
    rating: smallint('rating').notNull(),
    content: text('content').notNull(),
    /** The first picture (the list's thumbnail); all of them in `images`. */
    image: text('image'),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    /** REVIEW_STATE: 0 pending, 1 approved, 2 rejected, 3 hidden. */
    state: smallint('state').notNull().default(0),
    reviewReason: text('review_reason'),
    reviewerName: text('reviewer_name'),
    reviewedAt: ts('reviewed_at'),
    reply: text('reply'),
    repliedAt: ts('replied_at'),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('product_reviews', t.userName, t.content),
    index('product_reviews_tenant_id_idx').on(t.tenantId, t.id),
    index('product_reviews_tenant_product_idx').on(t.tenantId, t.productId, t.state),
    index('product_reviews_tenant_state_idx').on(t.tenantId, t.state, t.id),
    index('product_reviews_tenant_rating_idx').on(t.tenantId, t.rating),
    index('product_reviews_tenant_user_idx').on(t.tenantId, t.userName),
    index('product_reviews_tenant_created_idx').on(t.tenantId, t.createdAt),
  ],
);
