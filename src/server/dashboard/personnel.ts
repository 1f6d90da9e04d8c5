import { sql, type SQL } from 'drizzle-orm';
import { EVENT_TYPES } from '../../shared/alarms/types';
import type { PersonnelFigures } from '../../shared/dashboard';
import { DEVICE_KINDS, KIND_INFO } from '../../shared/devices/kinds';
import { attendanceStats } from '../attendance';
import { daysBetween, localDayOf } from '../../shared/attendance/days';
import type { Db } from '../db/driver';
import { rowsOf } from '../db/rows';
import type { Scope } from '../db/scope';

const num = (v: unknown): number => Number(v ?? 0) || 0;
const list = (values: readonly (string | number)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
/** The kinds people wear: their alarms are the people's alarms. */
const WORN = DEVICE_KINDS.filter((k) => KIND_INFO[k].wearable);

interface PersonnelQuery {
  scope: Scope;
  /** The SQL test of an alias's tenant (`true` for the platform). */
  tenant: (alias: string) => SQL;
  departmentId?: number;
  from: Date;
  to: Date;
  now: number;
  timeZone: string;
}

/**
 * The campus personnel panel (index4personnel): the tenant's people by department and role now,
 * who punched in today, and over the period's days (TIME_ZONE days, the attendance records' own)
 * the attendance (through `attendanceStats`, the attendance screen's query) and the alarms of
 * worn devices by type and day. The period moves every figure but the head counts.
 */
export async function personnelFigures(db: Db, q: PersonnelQuery): Promise<PersonnelFigures> {
  const { tenant, timeZone: tz } = q;
  const today = localDayOf(new Date(q.now), tz);
  const fromDay = localDayOf(q.from, tz);
  const toDay = [localDayOf(q.to, tz), today].sort()[0]!;
  const dept = (alias: string): SQL =>
    q.departmentId ? sql`${sql.raw(alias)}.department_id = ${q.departmentId}` : sql`true`;
  const period = sql`a.ts >= ${q.from.toISOString()}::timestamptz and a.ts <= ${q.to.toISOString()}::timestamptz`;
  const [people, worn, roles, onDuty, alarms, attendance] = await Promise.all([
    db.execute(sql`select u.department_id, max(p.name) as name, count(*) as n from users u left join departments p on p.id = u.department_id
      where ${tenant('u')} and ${dept('u')} and u.status = 1 and u.kind <> 'visitor' group by 1`),
    db.execute(
      sql`select d.department_id, count(*) as n from devices d where ${tenant('d')} and ${dept('d')} and d.kind in (${list(WORN)}) group by 1`,
    ),
    db.execute(sql`select r.id, r.name, count(distinct u.id) as n from user_roles ur join roles r on r.id = ur.role_id join users u on u.id = ur.user_id
      where ${tenant('ur')} and ${dept('u')} and u.status = 1 and u.kind <> 'visitor' group by 1, 2 order by 3 desc, 1`),
    db.execute(
      sql`select count(*) as n from attendance_records ar where ${tenant('ar')} and ${dept('ar')} and ar.day = ${today} and ar.punches > 0`,
    ),
    db.execute(sql`select a.type::text as type, to_char(a.ts at time zone ${tz}, 'YYYY-MM-DD') as day, count(*) as n from alarm_records a
      where ${tenant('a')} and ${dept('a')} and ${period} and a.device_kind in (${list(WORN)}) and a.type not in (${list(EVENT_TYPES)}) group by 1, 2`),
    fromDay <= toDay
      ? attendanceStats(db, q.scope, {
          from: fromDay,
          to: toDay,
          ...(q.departmentId ? { departmentId: q.departmentId } : {}),
        })
      : undefined,
  ]);

  const byDept = new Map<string, PersonnelFigures['byDepartment'][number]>();
  const deptRow = (id: unknown) => {
    const key = String(id ?? '');
    let row = byDept.get(key);
    if (!row)
      byDept.set(
        key,
        (row = {
          departmentId: id === null || id === undefined ? null : Number(id),
          name: null,
          people: 0,
          wearables: 0,
        }),
      );
    return row;
  };
  for (const r of rowsOf<{ department_id: unknown; name: string | null; n: unknown }>(people))
    Object.assign(deptRow(r.department_id), { name: r.name, people: num(r.n) });
  for (const r of rowsOf<{ department_id: unknown; n: unknown }>(worn)) deptRow(r.department_id).wearables = num(r.n);

  const alarmRows = rowsOf<{ type: string; day: string; n: unknown }>(alarms);
  const byType = new Map<number, number>();
  const byDay = new Map<string, number>();
  for (const r of alarmRows) {
    byType.set(Number(r.type), (byType.get(Number(r.type)) ?? 0) + num(r.n));
    byDay.set(r.day, (byDay.get(r.day) ?? 0) + num(r.n));
  }
  const days = fromDay <= toDay ? daysBetween(fromDay, toDay) : [];
  const totals = attendance?.totals ?? { records: 0, normal: 0, late: 0, early: 0, absent: 0, leave: 0 };
  return {
    fromDay,
    toDay,
    people: [...byDept.values()].reduce((n, d) => n + d.people, 0),
    byDepartment: [...byDept.values()].sort(
      (a, b) => b.people - a.people || b.wearables - a.wearables || (a.departmentId ?? 0) - (b.departmentId ?? 0),
    ),
    byRole: rowsOf<{ id: unknown; name: string; n: unknown }>(roles).map((r) => ({
      roleId: Number(r.id),
      name: r.name,
      people: num(r.n),
    })),
    onDutyToday: num(rowsOf<{ n: unknown }>(onDuty)[0]?.n),
    attendance: totals,
    attendanceDays: (attendance?.days ?? []).map((d) => ({
      day: d.day,
      normal: d.normal,
      late: d.late,
      absent: d.absent,
      leave: d.leave,
    })),
    alarms: [...byType.values()].reduce((n, c) => n + c, 0),
    alarmsByType: [...byType.entries()]
      .map(([type, count]) => ({ type, count }))
      .sort((a, b) => b.count - a.count || a.type - b.type),
    alarmDays: days.map((day) => ({ day, count: byDay.get(day) ?? 0 })),
  };
}
