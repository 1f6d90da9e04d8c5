import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes } from '../../server/db/columns';
import { tenants } from '../tenant/table';
import { users } from '../user/table';

/**
 * A site's warehouse items. Quantities are whole kilograms (`*_kg`, what movements change, so
 * three decimals of a ton are exact); `stock`, `used`, `unqualified` and `remaining` are the same
 * in tons, generated, for the list. The CHECKs keep every figure and the remaining at or above
 * zero: a movement is one `update ... set used_kg = used_kg + ?`, so two concurrent movements
 * serialise on the row and the second one that would overdraw fails ('warehouseOverdraw').
 */
export const warehouseItems = pgTable(
  'warehouse_items',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    category: text('category'),
    location: text('location'),
    stockKg: integer('stock_kg').notNull().default(0),
    usedKg: integer('used_kg').notNull().default(0),
    unqualifiedKg: integer('unqualified_kg').notNull().default(0),
    stock: doublePrecision('stock').generatedAlwaysAs(sql`"stock_kg"::float8 / 1000`),
    used: doublePrecision('used').generatedAlwaysAs(sql`"used_kg"::float8 / 1000`),
    unqualified: doublePrecision('unqualified').generatedAlwaysAs(sql`"unqualified_kg"::float8 / 1000`),
    remaining: doublePrecision('remaining').generatedAlwaysAs(
      sql`("stock_kg" - "used_kg" - "unqualified_kg")::float8 / 1000`,
    ),
    /** Tons: at or below it the item is low (highlighted). */
    alertBelow: doublePrecision('alert_below').notNull().default(0),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('warehouse_items', t.name, t.category),
    check(
      'warehouse_items_figures_nonnegative',
      sql`${t.stockKg} >= 0 and ${t.usedKg} >= 0 and ${t.unqualifiedKg} >= 0`,
    ),
    check('warehouse_items_remaining_nonnegative', sql`${t.stockKg} - ${t.usedKg} - ${t.unqualifiedKg} >= 0`),
    index('warehouse_items_tenant_id_idx').on(t.tenantId, t.id),
    index('warehouse_items_tenant_name_idx').on(t.tenantId, t.name),
    index('warehouse_items_tenant_category_idx').on(t.tenantId, t.category),
    index('warehouse_items_tenant_stock_idx').on(t.tenantId, t.stock),
    index('warehouse_items_tenant_used_idx').on(t.tenantId, t.used),
    index('warehouse_items_tenant_unqualified_idx').on(t.tenantId, t.unqualified),
    index('warehouse_items_tenant_remaining_idx').on(t.tenantId, t.remaining),
    index('warehouse_items_tenant_created_idx').on(t.tenantId, t.createdAt),
  ],
);

/** Every movement of an item: who, when, what (WAREHOUSE_MOVE), how much (kg, signed for adjust), the remaining after, a note. */
export const warehouseMovements = pgTable(
  'warehouse_movements',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => warehouseItems.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    quantityKg: integer('quantity_kg').notNull(),
    remainingKgAfter: integer('remaining_kg_after').notNull(),
    note: text('note'),
    operatorId: integer('operator_id').references(() => users.id, { onDelete: 'set null' }),
    operatorName: text('operator_name'),
    createdAt: createdAt(),
  },
  (t) => [index('warehouse_movements_tenant_item_idx').on(t.tenantId, t.itemId, t.id)],
);
