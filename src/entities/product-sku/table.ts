import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes } from '../../server/db/columns';
import { tenants } from '../tenant/table';
import { mallProducts } from '../product/table';

/**
 * A product's SKUs: one per combination of its specification values. Stock never goes below
 * zero (the CHECK): an order takes it with `update ... set stock = stock - n where id = ? and
 * stock >= n`. Its own file so the orders module references it without importing the binding.
 */
export const productSkus = pgTable(
  'product_skus',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => mallProducts.id, { onDelete: 'cascade' }),
    /** Spec name -> value, e.g. {"颜色":"红","尺码":"L"}; {} for a product without specifications. */
    specs: jsonb('specs').$type<Record<string, string>>().notNull().default({}),
    /** The SKU code (unique within the tenant). */
    code: text('code').notNull(),
    priceFen: integer('price_fen').notNull(),
    stock: integer('stock').notNull().default(0),
    image: text('image'),
    /** STATUS: 1 on sale, 0 not sold. */
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('product_skus', t.code),
    check('product_skus_stock_nonnegative', sql`${t.stock} >= 0`),
    check('product_skus_price_nonnegative', sql`${t.priceFen} >= 0`),
    uniqueIndex('product_skus_tenant_code_uq').on(t.tenantId, t.code),
    index('product_skus_tenant_id_idx').on(t.tenantId, t.id),
    index('product_skus_tenant_product_idx').on(t.tenantId, t.productId),
    index('product_skus_tenant_stock_idx').on(t.tenantId, t.stock),
    index('product_skus_tenant_price_idx').on(t.tenantId, t.priceFen),
    index('product_skus_tenant_status_idx').on(t.tenantId, t.status, t.id),
    index('product_skus_product_idx').on(t.productId),
  ],
);

/** Every manual stock change of the product library (/Commodity): who, how much, why. */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    skuId: integer('sku_id')
      .notNull()
      .references(() => productSkus.id, { onDelete: 'cascade' }),
    /** Signed change. */
    delta: integer('delta').notNull(),
    stockAfter: integer('stock_after').notNull(),
    /** STOCK_REASON: inbound, stocktake, damage, return, other. */
    reason: text('reason').notNull(),
    note: text('note'),
    operatorName: text('operator_name'),
    createdAt: createdAt(),
  },
  (t) => [index('stock_movements_tenant_sku_idx').on(t.tenantId, t.skuId, t.id)],
);
