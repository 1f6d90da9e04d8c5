import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { trigramIndexes, ts } from '../../server/db/columns';
import { tenants, users } from '../../server/db/schema-tenancy';
import { bindingFor, defineEntity } from '../../server/engine/registry';
import type { Binding, Ctx, Row } from '../../server/engine/types';
import { maskRow } from '../../shared/mask';
import auditLogDef from './resource';

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

export default defineEntity({
  def: auditLogDef,
  table: auditLog,
  // The rows as JSON text: what the table cell, the detail and the export show.
  computed: {
    before: sql<string | null>`${auditLog.before}::text`,
    after: sql<string | null>`${auditLog.after}::text`,
  },
  hooks: { shown: maskAudited },
});

/**
 * The row before and after masked as the audited resource's own list masks it for the caller:
 * an auditor without the supervision screen reads no offence in a monitored person's change.
 */
async function maskAudited(_ctx: Ctx, rows: Row[], hides: (b: Binding) => Promise<boolean>): Promise<Row[]> {
  const hidesOf = new Map<string, Promise<boolean>>();
  const out: Row[] = [];
  for (const row of rows) {
    const [kind, name] = String(row.resource).split('/');
    const audited = bindingFor(kind ?? '', name ?? '');
    const key = String(row.resource);
    if (audited && !hidesOf.has(key)) hidesOf.set(key, hides(audited));
    if (!audited || !(await hidesOf.get(key))) {
      out.push(row);
      continue;
    }
    const masked = (text: unknown) =>
      typeof text === 'string' ? JSON.stringify(maskRow(audited.def.fields, JSON.parse(text) as Row)) : text;
    out.push({ ...row, before: masked(row.before), after: masked(row.after) });
  }
  return out;
}
