import { index, integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes } from '../../server/db/columns';
import { tenants } from '../tenant/table';
import { mallProducts } from '../product/table';

export const productBanners = pgTable(
  'product_banners',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    image: text('image').notNull(),
    productId: integer('product_id').references(() => mallProducts.id, { onDelete: 'set null' }),
    sort: integer('sort').notNull().default(0),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('product_banners', t.title),
    index('product_banners_tenant_id_idx').on(t.tenantId, t.id),
    index('product_banners_tenant_sort_idx').on(t.tenantId, t.sort, t.id),
    index('product_banners_tenant_title_idx').on(t.tenantId, t.title),
    index('product_banners_tenant_product_idx').on(t.tenantId, t.productId),
    index('product_banners_tenant_status_idx').on(t.tenantId, t.status),
  ],
);
