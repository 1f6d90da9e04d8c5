import { index, integer, jsonb, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes } from '../../server/db/columns';
import { tenants } from '../tenant/table';
import { mallCategories } from '../mall-category/table';
import { merchants } from '../merchant/table';

/**
 * The mall's products. Its own file so SKUs, reviews, banners and the orders module reference it
 * without importing the binding. Prices and stock are per SKU (product_skus); `priceFen` here is
 * the lowest SKU price, kept by the product's save (src/entities/product/routes.ts), for the lists.
 */
export const mallProducts = pgTable(
  'mall_products',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** Null: the operator's own official shop. */
    merchantId: integer('merchant_id').references(() => merchants.id, { onDelete: 'restrict' }),
    categoryId: integer('category_id').references(() => mallCategories.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    subtitle: text('subtitle'),
    /** Upload URLs (or paths under public/); the first is the cover; never empty. */
    images: jsonb('images').$type<string[]>().notNull().default([]),
    description: text('description'),
    /** Its specification lines in order ([{name:'颜色', values:['红','蓝']}]); the SKUs are their combinations. */
    specs: jsonb('specs').$type<{ name: string; values: string[] }[]>().notNull().default([]),
    /** PRODUCT_STATUS: 0 off shelf, 1 on sale. */
    status: smallint('status').notNull().default(0),
    /** Grams, for freight by weight. */
    weightG: integer('weight_g').notNull().default(0),
    /** The freight template of the orders module (null: free shipping). */
    freightTemplateId: integer('freight_template_id'),
    /** The lowest price of its SKUs, fen. */
    priceFen: integer('price_fen').notNull().default(0),
    /** Units sold (the orders module adds to it). */
    sales: integer('sales').notNull().default(0),
    /** Times a storefront shopper opened it (for conversion). */
    views: integer('views').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('mall_products', t.name, t.subtitle),
    index('mall_products_tenant_id_idx').on(t.tenantId, t.id),
    index('mall_products_tenant_name_idx').on(t.tenantId, t.name),
    index('mall_products_tenant_category_idx').on(t.tenantId, t.categoryId),
    index('mall_products_tenant_merchant_idx').on(t.tenantId, t.merchantId),
    index('mall_products_tenant_status_idx').on(t.tenantId, t.status),
    index('mall_products_tenant_price_idx').on(t.tenantId, t.priceFen),
    index('mall_products_tenant_sales_idx').on(t.tenantId, t.sales),
    index('mall_products_tenant_views_idx').on(t.tenantId, t.views),
    index('mall_products_tenant_created_idx').on(t.tenantId, t.createdAt),
  ],
);

/** The same table under the name the orders module first imported (the device `products` table is another one). */
