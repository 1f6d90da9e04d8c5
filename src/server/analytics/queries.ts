import { and, asc, count, desc, eq, gte, inArray, lt, lte, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type {
  AlarmAnalytics,
  AnalyticsBody,
  DepartmentCount,
  DeviceAnalytics,
  ScatterAnswer,
  StateLineAnswer,
} from '../../shared/analytics';
import { SCATTER_MAX_POINTS } from '../../shared/analytics';
import { ALARM_HANDLE, EVENT_TYPES } from '../../shared/alarms/types';
import { METRICS, type Metric } from '../../shared/devices/kinds';
import { ROLLUP_GRAIN } from '../../shared/rollups';
import type { Db } from '../db/driver';
import { alarmRecords as a, departments, deviceEvents, devices as d, readingRollups as r } from '../db/schema';
import { isPlatformScope, scopedWhere, tenantWhere, type Scope } from '../db/scope';
import { rowsOf } from '../db/rows';

/**
 * The analytics screens' aggregates (docs/architecture.md "Analytics"): alarm records over their
 * (tenant, ts) index, device counts over the devices table, activity over the reading rollups.
 * Days and hours are the operators' (TIME_ZONE), as the rollups' are.
 */

const HOUR_MS = 3_600_000;

/** Every TIME_ZONE day (YYYY-MM-DD) that [from, to] touches, in order. */
export function daysOf(from: number, to: number, timeZone: string): string[] {
  const fmt = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const days: string[] = [];
  // Hour steps: a day is never skipped, whatever the zone's offset changes.
  for (let t = from; t <= to; t += HOUR_MS) {
    const day = fmt.format(t);
    if (days.at(-1) !== day) days.push(day);
  }
  const last = fmt.format(to);
  if (days.at(-1) !== last) days.push(last);
  return days;
}

/** Devices of the department, as a condition on a device id column (undefined: any department). */
function inDepartment(
  db: Db,
  scope: Scope,
  departmentId: number | undefined,
  column: typeof r.deviceId,
): SQL | undefined {
  if (departmentId === undefined) return undefined;
  return inArray(
    column,
    db
      .select({ id: d.id })
      .from(d)
      .where(scopedWhere(scope, d, eq(d.departmentId, departmentId))),
  );
}

export async function alarmAnalytics(
  db: Db,
  scope: Scope,
  body: AnalyticsBody,
  timeZone: string,
): Promise<AlarmAnalytics> {
  const from = new Date(body.from);
  const to = new Date(body.to);
  // Alarms only: events (online, recoveries, door calls, cards) are counted by no screen.
  const where = scopedWhere(
    scope,
    a,
    gte(a.ts, from),
    lte(a.ts, to),
    notInArray(a.type, [...EVENT_TYPES]),
    body.departmentId === undefined ? undefined : eq(a.departmentId, body.departmentId),
  );
  const local = sql`(${a.ts} at time zone ${timeZone})`;
  const handled = ne(a.handleState, ALARM_HANDLE.pending);
  const [totals, byType, byDay, byHour, top] = await Promise.all([
    db
      .select({
        total: count(),
        handled: sql<number>`count(*) filter (where ${handled})`,
        meanS: sql<
          number | null
        >`avg(extract(epoch from (${a.handledAt} - ${a.ts}))) filter (where ${handled} and ${a.handledAt} is not null)`,
        // As /map/alarmTongji counts it (docs/alarms.md#acknowledgement-and-escalation).
        ackMedianS: sql<
          number | null
        >`percentile_cont(0.5) within group (order by extract(epoch from (${a.ackedAt} - ${a.createdAt})))
          filter (where ${a.ackedAt} is not null and ${a.level} >= 2)`,
      })
      .from(a)
      .where(where),
    db.select({ type: a.type, n: count() }).from(a).where(where).groupBy(a.type).orderBy(desc(count()), asc(a.type)),
    db.execute(
      sql`select to_char(${local}, 'YYYY-MM-DD') as day, count(*) as n, count(*) filter (where ${handled}) as h from ${a} where ${where} group by 1`,
    ),
    db.execute(sql`select extract(hour from ${local})::int as hour, count(*) as n from ${a} where ${where} group by 1`),
    db
      .select({ imei: a.imei, name: sql<string | null>`max(${a.deviceName})`, n: count() })
      .from(a)
      .where(where)
      .groupBy(a.imei)
      .orderBy(desc(count()), asc(a.imei))
      .limit(10),
  ]);
  const total = Number(totals[0]?.total ?? 0);
  const handledN = Number(totals[0]?.handled ?? 0);
  const mean = totals[0]?.meanS;
  const perDay = new Map(rowsOf<{ day: string; n: number; h: number }>(byDay).map((row) => [row.day, row]));
  const days = daysOf(from.getTime(), to.getTime(), timeZone);
  const hours = Array.from({ length: 24 }, () => 0);
  for (const row of rowsOf<{ hour: number; n: number }>(byHour)) hours[Number(row.hour)] = Number(row.n);
  return {
    total,
    handled: handledN,
    handlingRate: total ? handledN / total : 0,
    meanHandleS: mean === null || mean === undefined ? null : Math.round(Number(mean)),
    ackMedianS: totals[0]?.ackMedianS == null ? null : Math.round(Number(totals[0].ackMedianS)),
    byType: byType.map((row) => ({ type: row.type, count: Number(row.n) })),
    byDay: days.map((day) => ({ day, count: Number(perDay.get(day)?.n ?? 0) })),
    handledByDay: days.map((day) => Number(perDay.get(day)?.h ?? 0)),
    byHour: hours,
    topDevices: top.map((row) => ({ imei: row.imei, name: row.name, count: Number(row.n) })),
  };
}

/** Department rows with device counts as a tree; devices without a department under id 0. */
function departmentTree(
  rows: { id: number; pid: number; name: string }[],
  counts: Map<number, number>,
  none: string,
): DepartmentCount[] {
  const nodes = new Map(
    rows.map((row) => [
      row.id,
      { id: row.id, name: row.name, count: counts.get(row.id) ?? 0, children: [] as DepartmentCount[] },
    ]),
  );
  const roots: DepartmentCount[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = row.pid ? nodes.get(row.pid) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  const unassigned = counts.get(0) ?? 0;
  if (unassigned) roots.push({ id: 0, name: none, count: unassigned, children: [] });
  return roots;
}

export async function deviceAnalytics(
  db: Db,
  scope: Scope,
  body: AnalyticsBody,
  noDepartment: string,
): Promise<DeviceAnalytics> {
  const from = new Date(body.from);
  const to = new Date(body.to);
  const where = scopedWhere(
    scope,
    d,
    body.departmentId === undefined ? undefined : eq(d.departmentId, body.departmentId),
  );
  // Hours up to a week, days beyond: at most 168 or 366 buckets.
  const grain = to.getTime() - from.getTime() <= 7 * 24 * HOUR_MS ? 'hour' : 'day';
  const [byState, byKind, byDepartment, depts, trend] = await Promise.all([
    db.select({ state: d.state, n: count() }).from(d).where(where).groupBy(d.state).orderBy(asc(d.state)),
    db.select({ kind: d.kind, n: count() }).from(d).where(where).groupBy(d.kind).orderBy(desc(count()), asc(d.kind)),
    db
      .select({ id: sql<number>`coalesce(${d.departmentId}, 0)`, n: count() })
      .from(d)
      .where(where)
      .groupBy(sql`1`),
    db
      .select({ id: departments.id, pid: departments.pid, name: departments.name })
      .from(departments)
      .where(tenantWhere(scope, departments))
      .orderBy(asc(departments.sort), asc(departments.id)),
    // Every metric listed, so the (tenant, metric, grain, bucket) index answers each range.
    db
      .select({ t: r.bucket, n: sql<number>`count(distinct ${r.deviceId})` })
      .from(r)
      .where(
        and(
          tenantWhere(scope, r),
          inArray(r.metric, [...METRICS]),
          eq(r.grain, ROLLUP_GRAIN[grain]),
          gte(r.bucket, from),
          lte(r.bucket, to),
          inDepartment(db, scope, body.departmentId, r.deviceId),
        ),
      )
      .groupBy(r.bucket)
      .orderBy(asc(r.bucket)),
  ]);
  const counts = new Map(byDepartment.map((row) => [Number(row.id), Number(row.n)]));
  const scoped =
    body.departmentId === undefined
      ? depts
      : depts.filter((x) => x.id === body.departmentId).map((x) => ({ ...x, pid: 0 }));
  return {
    total: byState.reduce((n, row) => n + Number(row.n), 0),
    byState: byState.map((row) => ({ state: row.state, count: Number(row.n) })),
    byKind: byKind.map((row) => ({ kind: row.kind, count: Number(row.n) })),
    onlineTrend: trend.map((row) => ({ t: row.t.toISOString(), count: Number(row.n) })),
    grain,
    departments: departmentTree(scoped, counts, noDepartment),
  };
}

/**
 * A device's online/offline changes from its events (`device_events`, indexed by device and ts):
 * the state at the window's start (the last change before it, else its current state), then each change.
 */
export async function stateLine(
  db: Db,
  device: { id: number; imei: string; name: string | null; state: number },
  body: { from: string; to: string },
): Promise<StateLineAnswer> {
  const from = new Date(body.from);
  const to = new Date(body.to);
  const e = deviceEvents;
  const kinds = inArray(e.type, ['online', 'offline']);
  const [before, changes] = await Promise.all([
    db
      .select({ type: e.type })
      .from(e)
      .where(and(eq(e.deviceId, device.id), kinds, lt(e.ts, from)))
      .orderBy(desc(e.ts))
      .limit(1),
    db
      .select({ ts: e.ts, type: e.type })
      .from(e)
      .where(and(eq(e.deviceId, device.id), kinds, gte(e.ts, from), lte(e.ts, to)))
      .orderBy(asc(e.ts))
      .limit(5_000),
  ]);
  const code = (type: string): 1 | 2 => (type === 'online' ? 1 : 2);
  const first = before[0]
    ? code(before[0].type)
    : changes[0]
      ? code(changes[0].type) === 1
        ? 2
        : 1
      : device.state === 1 || device.state === 3
        ? 1
        : 2;
  const points: StateLineAnswer['points'] = [{ t: from.toISOString(), state: first }];
  for (const c of changes)
    if (points.at(-1)!.state !== code(c.type)) points.push({ t: c.ts.toISOString(), state: code(c.type) });
  points.push({ t: to.toISOString(), state: points.at(-1)!.state });
  return { imei: device.imei, name: device.name, points };
}

/** Hourly means of two metrics for the same device and hour, by device kind; at most SCATTER_MAX_POINTS. */
export async function scatter(
  db: Db,
  scope: Scope,
  body: AnalyticsBody & { x: Metric; y: Metric },
): Promise<ScatterAnswer> {
  const from = new Date(body.from);
  const to = new Date(body.to);
  const rows = rowsOf<{ kind: string; x: number; y: number }>(
    await db.execute(sql`
      select dv.kind as kind, rx.sum / rx.n as x, ry.sum / ry.n as y
      from ${r} rx
      join ${r} ry on ry.device_id = rx.device_id and ry.grain = rx.grain and ry.bucket = rx.bucket and ry.metric = ${body.y}
      join ${d} dv on dv.id = rx.device_id
      where ${isPlatformScope(scope) ? sql`true` : sql`rx.tenant_id = ${scope.tenantId}`}
        and rx.metric = ${body.x} and rx.grain = ${ROLLUP_GRAIN.hour} and rx.bucket >= ${from.toISOString()}::timestamptz and rx.bucket <= ${to.toISOString()}::timestamptz
        ${body.departmentId === undefined ? sql`` : sql`and dv.department_id = ${body.departmentId}`}
      order by rx.bucket desc
      limit ${SCATTER_MAX_POINTS}`),
  );
  const byKind = new Map<string, [number, number][]>();
  for (const row of rows) {
    const list = byKind.get(row.kind) ?? [];
    list.push([Math.round(Number(row.x) * 100) / 100, Math.round(Number(row.y) * 100) / 100]);
    byKind.set(row.kind, list);
  }
  return { x: body.x, y: body.y, series: [...byKind].map(([kind, points]) => ({ kind, points })) };
}
