import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { trigramIndexes, ts } from '../../server/db/columns';
import { tenants } from '../tenant/table';
import { users } from '../user/table';

/**
 * Every write through the resource engine: who, what, the row before and after. Written behind
 * the change (plugins/audit.ts), so a slow audit never holds up the write it records.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    /** The tenant the row belongs to (null for platform rows without one). */
    tenantId: integer('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** add | update | delete */
    action: text('action').notNull(),
    /** `kind/name` of the registry resource. */
    resource: text('resource').notNull(),
    rowId: integer('row_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [
    ...trigramIndexes('audit_log', t.resource),
    index('audit_log_tenant_idx').on(t.tenantId, t.id),
    index('audit_log_action_idx').on(t.tenantId, t.action, t.id),
    index('audit_log_row_idx').on(t.resource, t.rowId),
  ],
);
