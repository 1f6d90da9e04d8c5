import { index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { tenants } from './schema-tenancy';

/** Notices of the information centre (src/shared/resources/site.ts). */
export const notices = pgTable(
  'notices',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    level: smallint('level').notNull().default(1),
    /** SOFT_STATUS: 1 normal, 2 deleted (restorable by administrators). */
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    index('notices_tenant_idx').on(t.tenantId, t.id),
    index('notices_tenant_title_idx').on(t.tenantId, t.title),
    index('notices_tenant_level_idx').on(t.tenantId, t.level, t.id),
  ],
);

/** A company's public site settings: one row per company. */
export const websites = pgTable(
  'websites',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    siteName: text('site_name').notNull(),
    logo: text('logo'),
    phone: text('phone'),
    email: text('email'),
    address: text('address'),
    theme: text('theme').notNull().default('blue'),
  },
  (t) => [uniqueIndex('websites_tenant_uq').on(t.tenantId)],
);
