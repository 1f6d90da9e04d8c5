import { asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { AttendanceStats } from '../../shared/attendance/stats';
import { attendanceRecords as r } from '../../entities/attendance-record/table';
import type { Db } from '../db/driver';
import { departments, users } from '../db/schema';
import { scopedWhere, type Scope } from '../db/scope';
import { daysBetween } from '../../shared/attendance/days';

const n = (v: unknown) => Number(v ?? 0);

/**
 * The statistics of `attendance`: per day the workers normal, late, left early and absent (a
 * record counts once under each problem it has; normal: none), per department the same totals,
 * and the ten workers late most often. Days are the records' (TIME_ZONE) days, [from, to].
 */
export async function attendanceStats(
  db: Db,
  scope: Scope,
  q: { from: string; to: string; departmentId?: number },
): Promise<AttendanceStats> {
  const where = scopedWhere(
    scope,
    r,
    gte(r.day, q.from),
    lte(r.day, q.to),
    q.departmentId === undefined ? undefined : eq(r.departmentId, q.departmentId),
  );
  const sums = {
    records: sql<number>`count(*)::int`,
    normal: sql<number>`(count(*) filter (where ${r.late} + ${r.early} + ${r.absent} = 0))::int`,
    late: sql<number>`(count(*) filter (where ${r.late} > 0))::int`,
    early: sql<number>`(count(*) filter (where ${r.early} > 0))::int`,
    absent: sql<number>`(count(*) filter (where ${r.absent} > 0))::int`,
    leave: sql<number>`(count(*) filter (where ${r.leave} > 0))::int`,
  };
  const [byDay, byDept, top] = await Promise.all([
    db
      .select({ day: r.day, ...sums })
      .from(r)
      .where(where)
      .groupBy(r.day),
    db
      .select({ departmentId: r.departmentId, name: sql<string | null>`max(${departments.name})`, ...sums })
      .from(r)
      .leftJoin(departments, eq(departments.id, r.departmentId))
      .where(where)
      .groupBy(r.departmentId)
      .orderBy(asc(r.departmentId)),
    db
      .select({
        userId: r.userId,
        name: sql<string>`max(${users.name})`,
        late: sql<number>`sum(${r.late})::int`,
        early: sql<number>`sum(${r.early})::int`,
        absent: sql<number>`sum(${r.absent})::int`,
      })
      .from(r)
      .innerJoin(users, eq(users.id, r.userId))
      .where(where)
      .groupBy(r.userId)
      .having(sql`sum(${r.late}) > 0`)
      .orderBy(desc(sql`sum(${r.late})`), asc(r.userId))
      .limit(10),
  ]);
  const perDay = new Map(byDay.map((d) => [d.day, d]));
  const days = daysBetween(q.from, q.to).map((day) => {
    const d = perDay.get(day);
    return {
      day,
      normal: n(d?.normal),
      late: n(d?.late),
      early: n(d?.early),
      absent: n(d?.absent),
      leave: n(d?.leave),
    };
  });
  const total = (k: 'records' | 'normal' | 'late' | 'early' | 'absent' | 'leave') =>
    byDay.reduce((s, d) => s + n(d[k]), 0);
  return {
    from: q.from,
    to: q.to,
    totals: {
      records: total('records'),
      normal: total('normal'),
      late: total('late'),
      early: total('early'),
      absent: total('absent'),
      leave: total('leave'),
    },
    days,
    departments: byDept.map((d) => ({
      departmentId: d.departmentId,
      name: d.name,
      records: n(d.records),
      normal: n(d.normal),
      late: n(d.late),
      early: n(d.early),
      absent: n(d.absent),
    })),
    topLate: top.map((t) => ({
      userId: t.userId,
      name: t.name,
      late: n(t.late),
      early: n(t.early),
      absent: n(t.absent),
    })),
  };
}
