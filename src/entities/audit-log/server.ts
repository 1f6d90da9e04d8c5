import { sql } from 'drizzle-orm';
import { bindingFor, defineEntity } from '../../server/engine/registry';
import type { Binding, Ctx, Row } from '../../server/engine/types';
import { maskRow } from '../../shared/mask';
import auditLogDef from './resource';
import { auditLog } from './table';

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
