import { integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenants } from '../tenant/table';

/** A company's public site settings: one row per company. */
export const websites = pgTable(
  'websites',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    siteName: text('site_name').notNull(),
    logo: text('logo'),
    phone: text('phone'),
    email: text('email'),
    address: text('address'),
    theme: text('theme').notNull().default('blue'),
  },
  (t) => [uniqueIndex('websites_tenant_uq').on(t.tenantId)],
);
