import { and, count, eq, inArray } from 'drizzle-orm';
import { Code } from '../../shared/api';
import { dateProblem } from '../../shared/dates';
import { departments } from '../department/table';
import { users } from '../user/table';
import { defineEntity } from '../../server/engine/registry';
import type { Row, Tx } from '../../server/engine/types';
import { fail } from '../../server/lib/api-error';
import { periodsOf } from '../../server/attendance';
import attendanceRule from './resource';
import { attendanceRules, AttendanceRuleRow } from './table';

/** The holidays as a normalised list (sorted, unique, comma-separated); a day that is no date is 'dateInvalid'. */
function normaliseHolidays(text: string): string {
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
