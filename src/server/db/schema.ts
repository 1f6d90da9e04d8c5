import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { resources, roles, tenants, users } from './schema-tenancy';

/** One live code per phone; a new send replaces it. */
export const smsCodes = pgTable('sms_codes', {
  phone: text('phone').primaryKey(),
  codeHash: text('code_hash').notNull(),
  sentAt: ts('sent_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  tries: integer('tries').notNull().default(0),
});

/** Throttling counters live in the database so every replica sees the same window. */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  windowStart: ts('window_start').notNull(),
  failures: integer('failures').notNull().default(0),
  /** The latest failure: back-off counts from it. */
  lastAt: ts('last_at'),
});

/** Files a tenant uploaded (floor pictures ...): what counts against its UPLOAD_QUOTA_MB. */
export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('uploads_name_uq').on(t.name), index('uploads_tenant_idx').on(t.tenantId)],
);

/** Auto-login tickets already exchanged: a ticket opens one session, once. */
export const usedTickets = pgTable('used_tickets', {
  nonce: text('nonce').primaryKey(),
  usedAt: ts('used_at').notNull(),
});

export type UserRow = typeof users.$inferSelect;
export type TenantRow = typeof tenants.$inferSelect;
export type ResourceRow = typeof resources.$inferSelect;
export type RoleRow = typeof roles.$inferSelect;

export * from './schema-tenancy';
export * from './schema-devices';
export * from './schema-telemetry';
export * from './schema-alarms';
export * from './schema-jobs';
export * from './schema-integrations';
export * from './schema-settings';
// The tables of the entity folders (src/entities/<name>/server.ts), listed by scripts/entities.mjs.
export * from '../../entities/tables.gen';
