import { type AnyPgColumn, index, integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes } from '../../server/db/columns';
import { tenants } from '../tenant/table';

/** The mall's category tree. Its own file so products can reference it without importing the binding. */
export const mallCategories = pgTable(
  'mall_categories',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** Null for a top category; a category with children or products cannot be deleted. */
    parentId: integer('parent_id').references((): AnyPgColumn => mallCategories.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    icon: text('icon'),
    image: text('image'),
    /** 1: shown in the storefront's navigation (/Category). */
    nav: smallint('nav').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('mall_categories', t.name),
    index('mall_categories_tenant_id_idx').on(t.tenantId, t.id),
    index('mall_categories_tenant_sort_idx').on(t.tenantId, t.sort, t.id),
    index('mall_categories_tenant_name_idx').on(t.tenantId, t.name),
    index('mall_categories_tenant_parent_idx').on(t.tenantId, t.parentId),
    index('mall_categories_tenant_nav_idx').on(t.tenantId, t.nav),
  ],
);
