import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { Code } from '../../shared/api';
import { dateProblem } from '../../shared/dates';
import { createdAt, trigramIndexes } from '../../server/db/columns';
import { departments, tenants, users } from '../../server/db/schema-tenancy';
import { defineEntity } from '../../server/engine/registry';
import type { Row, Tx } from '../../server/engine/types';
import { fail } from '../../server/lib/api-error';
import { periodsOf } from './periods';
import attendanceRule from './resource';

export const attendanceRules = pgTable(
  'attendance_rules',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 2, 4 or 6 punches a day. */
    punchCount: smallint('punch_count').notNull().default(4),
    /** ATTENDANCE_TYPE: 1 big week (Mon-Fri), 2 small week (Mon-Sat), 3 alternating by ISO week. */
    type: smallint('type').notNull().default(1),
    amStart: text('am_start'),
    amLate: text('am_late'),
    amEnd: text('am_end'),
    noonCutoff: text('noon_cutoff'),
    pmStart: text('pm_start'),
    pmLate: text('pm_late'),
    pmEnd: text('pm_end'),
    eveningStart: text('evening_start'),
    eveningLate: text('evening_late'),
    eveningEnd: text('evening_end'),
    /** Days off, YYYY-MM-DD separated by commas. */
    holidays: text('holidays').notNull().default(''),
    departmentIds: integer('department_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    userIds: integer('user_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** STATUS: 1 enabled, 0 disabled. */
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('attendance_rules', t.name),
    index('attendance_rules_tenant_idx').on(t.tenantId, t.id),
    index('attendance_rules_tenant_name_idx').on(t.tenantId, t.name),
    index('attendance_rules_tenant_type_idx').on(t.tenantId, t.type, t.id),
    index('attendance_rules_tenant_punch_idx').on(t.tenantId, t.punchCount, t.id),
  ],
);

export type AttendanceRuleRow = typeof attendanceRules.$inferSelect;

/** The holidays as a normalised list (sorted, unique, comma-separated); a day that is no date is 'dateInvalid'. */
export function normaliseHolidays(text: string): string {
  const days = [...new Set(text.split(/[\s,，]+/).filter(Boolean))].sort();
  for (const d of days) if (dateProblem(d)) fail(Code.BAD_REQUEST, dateProblem(d)!);
  return days.join(',');
}

async function takeTargets(tx: Tx, values: Row, input: Row, tenantId: number): Promise<void> {
  for (const [field, table] of [
    ['departmentIds', departments],
    ['userIds', users],
  ] as const) {
    const ids = input[field];
    if (ids === undefined) continue;
    const list = [...new Set(Array.isArray(ids) ? (ids as number[]) : [])];
    if (list.length) {
      const [found] = await tx
        .select({ n: count() })
        .from(table)
        .where(and(eq(table.tenantId, tenantId), inArray(table.id, list)));
      if (Number(found?.n) !== list.length) fail(Code.BAD_REQUEST, 'refInvalid');
    }
    values[field] = list;
  }
}

export default defineEntity({
  def: attendanceRule,
  table: attendanceRules,
  columns: { departmentIds: attendanceRules.departmentIds, userIds: attendanceRules.userIds },
  hooks: {
    // The times the punch count needs, in order (periods.ts); holidays real days; targets the tenant's.
    async beforeWrite(_ctx, tx, values, input, tenantId, existing) {
      const [row] = existing ? await tx.select().from(attendanceRules).where(eq(attendanceRules.id, existing.id)) : [];
      const merged = { ...(row ?? {}), ...values } as unknown as AttendanceRuleRow;
      const shape = periodsOf({ ...merged, punchCount: Number(merged.punchCount ?? 4) });
      if (typeof shape === 'string') fail(Code.BAD_REQUEST, shape, 'attendance rule times');
      if (typeof values.holidays === 'string') values.holidays = normaliseHolidays(values.holidays);
      await takeTargets(tx, values, input, tenantId);
    },
  },
});
