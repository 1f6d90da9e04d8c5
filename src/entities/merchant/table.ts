import { index, integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes } from '../../server/db/columns';
import { tenants } from '../tenant/table';

/** Merchants of the business-district mall. Its own file so products and orders can reference it without importing the binding. */
export const merchants = pgTable(
  'merchants',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** An upload URL (ossUser/addOssHederImg) or a path under public/. */
    logo: text('logo'),
    contact: text('contact').notNull(),
    phone: text('phone').notNull(),
    address: text('address'),
    intro: text('intro'),
    sort: integer('sort').notNull().default(0),
    /** STATUS: 1 open (shown in the storefront), 0 closed. */
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('merchants', t.name, t.contact, t.phone),
    index('merchants_tenant_id_idx').on(t.tenantId, t.id),
    index('merchants_tenant_sort_idx').on(t.tenantId, t.sort, t.id),
    index('merchants_tenant_name_idx').on(t.tenantId, t.name),
    index('merchants_tenant_status_idx').on(t.tenantId, t.status),
  ],
);
