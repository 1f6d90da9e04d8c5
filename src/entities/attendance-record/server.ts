import { and, gt, gte, lte, or, sql } from 'drizzle-orm';
import { Code } from '../../shared/api';
import { dateProblem } from '../../shared/dates';
import { fail } from '../../server/lib/api-error';
import { qualified } from '../../server/engine/query';
import { defineEntity } from '../../server/engine/registry';
import attendanceRecord, { RECORD_ISSUE } from './resource';
import { attendanceRecords } from './table';

const r = attendanceRecords;

export default defineEntity({
  def: attendanceRecord,
  table: attendanceRecords,
  computed: {
    issue: sql<number>`(case when ${qualified(r.late)} + ${qualified(r.early)} > 0 then ${sql.raw(String(RECORD_ISSUE.lateEarly))} when ${qualified(r.absent)} > 0 then ${sql.raw(String(RECORD_ISSUE.absent))} else 0 end)`,
  },
  filters: {
    // A range of days as text: the date column compares with text, not with an instant.
    day: (v) => {
      if (!Array.isArray(v) || v.length !== 2) return fail(Code.BAD_REQUEST, 'filterInvalid');
      const [from, to] = (v as unknown[]).map((d) => {
        if (d === null || d === undefined || d === '') return undefined;
        const problem = typeof d === 'string' ? dateProblem(d) : 'dateInvalid';
        if (problem) fail(Code.BAD_REQUEST, problem);
        return (d as string).slice(0, 10);
      });
      return and(from === undefined ? undefined : gte(r.day, from), to === undefined ? undefined : lte(r.day, to));
    },
    issue: (v) => {
      if (Number(v) === RECORD_ISSUE.lateEarly) return or(gt(r.late, 0), gt(r.early, 0));
      if (Number(v) === RECORD_ISSUE.absent) return gt(r.absent, 0);
      return undefined;
    },
  },
});
