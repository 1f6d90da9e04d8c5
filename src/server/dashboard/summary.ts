import { sql, type SQL } from 'drizzle-orm';
import { ALARM_HANDLE, ALARM_TYPE_BY_KEY, EVENT_TYPES } from '../../shared/alarms/types';
import { DEVICE_STATE } from '../../shared/codes';
import {
  scenarioKinds,
  SCENARIO_METRICS,
  type DashboardBody,
  type DashboardSummary,
  type KindCounts,
  type ScenarioFigures,
} from '../../shared/dashboard';
import { parseDate } from '../../shared/dates';
import { KIND_INFO, type DeviceKind } from '../../shared/devices/kinds';
import { ROLLUP_GRAIN } from '../../shared/rollups';
import type { Db } from '../db/driver';
import { rowsOf } from '../db/rows';
import { isPlatformScope, type Scope } from '../db/scope';
import { localDayOf, localInstant } from '../../shared/attendance/days';
import { communityFigures } from './community';
import { personnelFigures } from './personnel';
import { supervisionFigures } from '../supervision';

const DAY_MS = 86_400_000;
const T = ALARM_TYPE_BY_KEY;
/** Notices, not alarms: they are counted as figures (door calls, cards) or not at all. */
const NOT_ALARMS: readonly number[] = EVENT_TYPES;
const LATEST = 10;
/** Level of SOS, falls and fire alarms (ALARM_LEVEL_TABLE: 紧急). */
const CRITICAL_LEVEL = 3;

const num = (v: unknown) => Number(v ?? 0);
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const list = (values: readonly (string | number)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

interface SummaryOptions {
  now: number;
  timeZone: string;
  /** The app's reuse of daily readings (`new DailyCache()` once per app). */
  daily: DailyCache;
}

/**
 * The figures of one scenario dashboard (src/shared/dashboard.ts), for the caller's tenant. Reads
 * only the devices' current state, the raised alarm conditions, the fence states, the alarm
 * records through their (tenant, ts) index and the day rollups: never the raw readings, so the
 * cost follows the fleet's size and the period's alarms, not the readings' volume.
 */
export async function dashboardSummary(
  db: Db,
  scope: Scope,
  body: DashboardBody,
  opts: SummaryOptions,
): Promise<DashboardSummary> {
  const kinds = scenarioKinds(body.scenario);
  const allKinds = body.scenario === 'city' || body.scenario === 'overview';
  const tz = opts.timeZone;
  const now = new Date(opts.now);
  const to = body.to ? new Date(parseDate(body.to)) : now;
  // No period asked: the tenant's today and the six days before, from their first midnight, the
  // same week /analyze and /map/alarmTongji count by default (a rolling 168 hours counted part of
  // an eighth day, so the same week gave /index more alarms than the other two).
  const from = body.from
    ? new Date(parseDate(body.from))
    : localInstant(localDayOf(new Date(to.getTime() - 6 * DAY_MS), tz), 0, tz);

  // The same filters on each table, as SQL over its alias.
  const tenantOf = (alias: string): SQL =>
    isPlatformScope(scope) ? sql`true` : sql`${sql.raw(alias)}.tenant_id = ${scope.tenantId}`;
  const deptOf = (alias: string): SQL =>
    body.departmentId ? sql`${sql.raw(alias)}.department_id = ${body.departmentId}` : sql`true`;
  const kindOf = (col: string): SQL => (allKinds ? sql`true` : sql`${sql.raw(col)} in (${list(kinds)})`);
  const devWhere = sql`${tenantOf('d')} and ${kindOf('d.kind')} and ${deptOf('d')}`;
  const alarmWhere = sql`${tenantOf('a')} and ${kindOf('a.device_kind')} and ${deptOf('a')}`;
  const today = sql`date_trunc('day', ${now.toISOString()}::timestamptz, ${tz})`;
  const since = new Date(Math.min(from.getTime(), now.getTime() - DAY_MS));
  const notAlarm = sql`a.type in (${list(NOT_ALARMS)})`;
  const metrics = SCENARIO_METRICS[body.scenario];

  const period = sql`a.ts >= ${from.toISOString()}::timestamptz and a.ts <= ${to.toISOString()}::timestamptz`;
  const [states, conditions, alarmStats, latest, readings, rollups, fenceOut, attended] = await Promise.all([
    // Devices by kind and state, and how many of them are alarming (abnormal or with a raised condition), in one scan.
    db.execute(sql`select d.kind, d.state, count(*) as n, count(*) filter (where d.state = ${DEVICE_STATE.abnormal}
        or exists (select 1 from device_alarm_conditions c where c.device_id = d.id and c.raised = 1)) as alarming
      from devices d where ${devWhere} group by 1, 2`),
    db.execute(sql`select c.type, d.kind, count(distinct d.id) as n from device_alarm_conditions c join devices d on d.id = c.device_id
      where c.raised = 1 and ${tenantOf('c')} and ${devWhere} and d.state in (${DEVICE_STATE.online}, ${DEVICE_STATE.abnormal}) group by 1, 2`),
    // The period's and today's alarms in one index scan (materialized once), counted four ways:
    // by type (t), by hour of today (h), by day of the period (d), their handling (x) and the
    // response (r: median and p90 seconds to acknowledge, as /map/alarmTongji counts them, and how many escalated).
    db.execute(sql`with x as materialized (
        select a.id, a.type, a.level, a.ts, a.created_at, a.acked_at, a.handle_state, a.handled_at, ${notAlarm} as notice, a.ts >= ${today} as is_today, ${period} as in_period
        from alarm_records a where ${alarmWhere} and a.ts >= ${since.toISOString()}::timestamptz)
      select 't' as k, type::text as g, count(*) filter (where is_today) as a, count(*) filter (where in_period) as b, null::float8 as c from x group by type
      union all select 'h', extract(hour from ts at time zone ${tz})::int::text, count(*), 0, null from x where is_today and not notice group by 2
      union all select 'd', to_char(date_trunc('day', ts, ${tz}) at time zone ${tz}, 'YYYY-MM-DD'), count(*), 0, null from x where in_period and not notice group by 2
      union all select 'x', '', count(*) filter (where handle_state <> 0), count(*) filter (where handle_state = 0),
        avg(extract(epoch from handled_at - ts)) filter (where handled_at is not null) from x where in_period and not notice
      union all select 'r', '',
        round(percentile_cont(0.5) within group (order by extract(epoch from acked_at - created_at)) filter (where acked_at is not null and level >= 2))::bigint,
        round(percentile_cont(0.9) within group (order by extract(epoch from acked_at - created_at)) filter (where acked_at is not null and level >= 2))::bigint,
        count(*) filter (where exists (select 1 from alarm_notifications n where n.alarm_id = x.id))::float8
        from x where in_period and not notice`),
    // The latest alarms, with the period's unhandled critical ones (SOS, fall, fire) ahead of them:
    // a burst of lesser alarms must not push an SOS off the panel.
    db.execute(sql`(select a.id, a.type, a.level, a.title, a.imei, a.device_name, a.person_name, a.ts, a.read, a.handle_state, a.acked_by_name from alarm_records a
      where ${alarmWhere} and not ${notAlarm} and a.level = ${CRITICAL_LEVEL} and a.handle_state = ${ALARM_HANDLE.pending} and a.ts >= ${since.toISOString()}::timestamptz
      order by a.ts desc, a.id desc limit ${LATEST})
      union (select a.id, a.type, a.level, a.title, a.imei, a.device_name, a.person_name, a.ts, a.read, a.handle_state, a.acked_by_name from alarm_records a
      where ${alarmWhere} and not ${notAlarm} order by a.ts desc, a.id desc limit ${LATEST})`),
    db.execute(sql`select kv.key as metric, count(*) as n, avg(kv.value::text::float8) as avg, max(kv.value::text::float8) as max
      from devices d, jsonb_each(d.last_values) kv where ${devWhere} and d.state in (${DEVICE_STATE.online}, ${DEVICE_STATE.abnormal})
      and kv.key in (${list(metrics)}) and jsonb_typeof(kv.value) = 'number' group by 1`),
    opts.daily.get(dailyKey(scope, body, from, to), opts.now, () =>
      db.execute(sql`select r.metric, to_char(r.bucket at time zone ${tz}, 'YYYY-MM-DD') as day, sum(r.sum) / nullif(sum(r.n), 0) as avg, max(r.max) as max
      from reading_rollups r ${allKinds && !body.departmentId ? sql`` : sql`join devices d on d.id = r.device_id and ${kindOf('d.kind')} and ${deptOf('d')}`}
      where ${tenantOf('r')} and r.metric in (${list(metrics)}) and r.grain = ${ROLLUP_GRAIN.day}
      and r.bucket >= date_trunc('day', ${from.toISOString()}::timestamptz, ${tz}) and r.bucket <= ${to.toISOString()}::timestamptz group by 1, 2 order by 1, 2`),
    ),
    body.scenario === 'supervision' || body.scenario === 'campus' || allKinds
      ? db.execute(sql`select count(distinct s.device_id) as n from fence_device_states s join fences f on f.id = s.fence_id and f.status = 1
          join devices d on d.id = s.device_id where ${devWhere} and ((f.type = 1 and not s.inside) or (f.type = 0 and s.inside))`)
      : Promise.resolve(undefined),
    body.scenario === 'campus'
      ? db.execute(
          sql`select count(*) as n from devices d where ${devWhere} and d.kind in (${list(wearableKinds(kinds))}) and d.last_communication_at >= ${today}`,
        )
      : Promise.resolve(undefined),
  ]);

  const byKind = new Map<string, KindCounts>(
    kinds.map((k) => [k, { kind: k, total: 0, online: 0, offline: 0, inactive: 0, alarming: 0 }]),
  );
  for (const r of rowsOf<{ kind: string; state: number; n: unknown; alarming: unknown }>(states)) {
    const c =
      byKind.get(r.kind) ??
      byKind.set(r.kind, { kind: r.kind, total: 0, online: 0, offline: 0, inactive: 0, alarming: 0 }).get(r.kind)!;
    const n = num(r.n);
    c.total += n;
    c.alarming += num(r.alarming);
    const state = Number(r.state);
    if (state === DEVICE_STATE.online || state === DEVICE_STATE.abnormal) c.online += n;
    else if (state === DEVICE_STATE.offline) c.offline += n;
    else c.inactive += n;
  }
  const kindRows = [...byKind.values()];
  const sum = (pick: (c: KindCounts) => number, only?: (kind: string) => boolean) =>
    kindRows.filter((c) => !only || only(c.kind)).reduce((n, c) => n + pick(c), 0);

  const raised = rowsOf<{ type: number; kind: string; n: unknown }>(conditions).map((r) => ({
    type: Number(r.type),
    kind: r.kind,
    n: num(r.n),
  }));
  const raisedOf = (type: number, kind?: string) =>
    raised.filter((r) => r.type === type && (!kind || r.kind === kind)).reduce((n, r) => n + r.n, 0);

  const stats = rowsOf<{ k: 't' | 'h' | 'd' | 'x' | 'r'; g: string; a: unknown; b: unknown; c: unknown }>(alarmStats);
  const statsOf = (k: 't' | 'h' | 'd' | 'x' | 'r') => stats.filter((r) => r.k === k);
  const typeRows = statsOf('t').map((r) => ({ type: Number(r.g), today: num(r.a), period: num(r.b) }));
  const typeOf = (type: number) => typeRows.find((r) => r.type === type) ?? { type, today: 0, period: 0 };
  const alarmTypes = typeRows
    .filter((r) => !NOT_ALARMS.includes(r.type) && (r.today > 0 || r.period > 0))
    .sort((x, y) => y.period - x.period || x.type - y.type);

  const byHour = Array.from({ length: 24 }, () => 0);
  for (const r of statsOf('h')) byHour[Number(r.g)] = num(r.a);
  const handled = statsOf('x')[0];
  const handledN = num(handled?.a);
  const pendingN = num(handled?.b);

  const isWearable = (kind: string) => KIND_INFO[kind as DeviceKind]?.wearable ?? false;
  const isBand = (kind: string) => kind === 'wristband' || kind === 'watch';
  const figures: ScenarioFigures = {
    peopleOnSite: sum((c) => c.online, isWearable),
    wearables: sum((c) => c.total, isWearable),
  };
  const s = body.scenario;
  if (kinds.includes('helmet')) {
    const off = raisedOf(T.wearing, 'helmet');
    figures.helmetsOff = off;
    figures.helmetsWorn = Math.max(0, (byKind.get('helmet')?.online ?? 0) - off);
  }
  if (kinds.some(isBand)) {
    figures.wristbandsOnline = sum((c) => c.online, isBand);
    figures.wristbands = sum((c) => c.total, isBand);
  }
  if (s === 'fire' || s === 'community' || allKinds) {
    figures.smokeAlarming = raisedOf(T.smoke);
    figures.gasAlarming = raisedOf(T.harmfulGas);
    figures.pressureAlarming = raisedOf(T.waterPressure);
    figures.breakersOnline = byKind.get('breaker')?.online ?? 0;
    figures.breakerTrips = typeOf(T.powerLoss).today;
  }
  if (s === 'community' || allKinds) {
    figures.doorCallsToday = typeOf(T.doorCall).today;
    figures.doorCalls = typeOf(T.doorCall).period;
    figures.cardsToday = typeOf(T.cardIssued).today;
    figures.cards = typeOf(T.cardIssued).period;
  }
  if (fenceOut) figures.outOfFence = num(rowsOf<{ n: unknown }>(fenceOut)[0]?.n);
  if (kinds.includes('ankle')) figures.braceletsOff = raisedOf(T.wearing, 'ankle');
  if (attended) figures.attendance = num(rowsOf<{ n: unknown }>(attended)[0]?.n);

  const current = new Map(
    rowsOf<{ metric: string; n: unknown; avg: unknown; max: unknown }>(readings).map((r) => [r.metric, r]),
  );
  const daily = rollups;
  // The community dashboard's access-control figures (index3): only that scenario reads them.
  const community = s === 'community' ? await communityFigures(db, tenantOf, from, to) : undefined;
  // The supervision dashboard's monitored persons (index5).
  const supervision = s === 'supervision' ? await supervisionFigures(db, tenantOf, opts.now, tz) : undefined;
  // The campus dashboard's people over the period (index4personnel).
  const personnel =
    s === 'campus'
      ? await personnelFigures(db, {
          scope,
          tenant: tenantOf,
          departmentId: body.departmentId,
          from,
          to,
          now: opts.now,
          timeZone: tz,
        })
      : undefined;

  return {
    scenario: s,
    at: opts.now,
    from: from.toISOString(),
    to: to.toISOString(),
    devices: {
      total: sum((c) => c.total),
      online: sum((c) => c.online),
      offline: sum((c) => c.offline),
      inactive: sum((c) => c.inactive),
      alarming: sum((c) => c.alarming),
      byKind: kindRows,
    },
    alarms: {
      today: alarmTypes.reduce((n, r) => n + r.today, 0),
      period: alarmTypes.reduce((n, r) => n + r.period, 0),
      byType: alarmTypes,
      byHour,
      byDay: statsOf('d')
        .map((r) => ({ day: r.g, count: num(r.a) }))
        .sort((x, y) => x.day.localeCompare(y.day)),
      handled: handledN,
      pending: pendingN,
      handleRate: handledN + pendingN > 0 ? handledN / (handledN + pendingN) : null,
      meanHandleS: numOrNull(handled?.c),
      ackMedianS: numOrNull(statsOf('r')[0]?.a),
      ackP90S: numOrNull(statsOf('r')[0]?.b),
      escalated: num(statsOf('r')[0]?.c),
    },
    ...(community ? { community } : {}),
    ...(supervision ? { supervision } : {}),
    ...(personnel ? { personnel } : {}),
    readings: metrics.map((metric) => {
      const r = current.get(metric);
      return {
        metric,
        devices: num(r?.n),
        avg: numOrNull(r?.avg),
        max: numOrNull(r?.max),
        days: daily
          .filter((d) => d.metric === metric)
          .map((d) => ({ day: d.day, avg: numOrNull(d.avg), max: numOrNull(d.max) })),
      };
    }),
    figures,
    latest: rankLatest(
      rowsOf<{
        id: number;
        type: number;
        level: number;
        title: string;
        imei: string;
        device_name: string | null;
        person_name: string | null;
        ts: Date | string;
        read: number;
        handle_state: number;
        acked_by_name: string | null;
      }>(latest).map((r) => ({
        id: Number(r.id),
        type: Number(r.type),
        level: Number(r.level),
        title: r.title,
        imei: r.imei,
        deviceName: r.device_name,
        personName: r.person_name,
        ts: new Date(r.ts).toISOString(),
        read: Number(r.read),
        handleState: Number(r.handle_state),
        ackedByName: r.acked_by_name,
      })),
    ),
  };
}

/** Unhandled critical alarms first, newest first within each rank; at most LATEST. */
function rankLatest<T extends { level: number; handleState: number; ts: string; id: number }>(rows: T[]): T[] {
  const urgent = (r: T) => (r.level === CRITICAL_LEVEL && r.handleState === ALARM_HANDLE.pending ? 0 : 1);
  return [...rows].sort((x, y) => urgent(x) - urgent(y) || y.ts.localeCompare(x.ts) || y.id - x.id).slice(0, LATEST);
}

type DailyRow = { metric: string; day: string; avg: unknown; max: unknown };

/** How long a filter's daily readings are reused: they are daily figures, and the live refetch must stay cheap. */
const DAILY_TTL_MS = 60_000;
const DAILY_MAX = 1_000;

const dailyKey = (scope: Scope, body: DashboardBody, from: Date, to: Date) =>
  JSON.stringify([
    isPlatformScope(scope) ? 0 : scope.tenantId,
    body.scenario,
    body.departmentId ?? 0,
    from.toISOString().slice(0, 13),
    to.toISOString().slice(0, 13),
  ]);

/**
 * The daily readings of each filter from the day rollups, reused for a minute: aggregating them
 * costs the fleet's size times the days (about 100,000 rollup rows for the city's metrics with
 * 10,000 devices), too much for every live refetch, while the current values come fresh from the
 * devices. Keyed by tenant and filter; at most DAILY_MAX filters are kept.
 */
export class DailyCache {
  private readonly entries = new Map<string, { at: number; rows: Promise<DailyRow[]> }>();

  get(key: string, now: number, load: () => Promise<unknown>): Promise<DailyRow[]> {
    const hit = this.entries.get(key);
    if (hit && now - hit.at < DAILY_TTL_MS) return hit.rows;
    const rows = load().then((res) => rowsOf<DailyRow>(res));
    rows.catch(() => this.entries.delete(key));
    this.entries.delete(key);
    if (this.entries.size >= DAILY_MAX) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { at: now, rows });
    return rows;
  }
}

function wearableKinds(kinds: readonly DeviceKind[]): DeviceKind[] {
  const out = kinds.filter((k) => KIND_INFO[k].wearable);
  return out.length ? out : ['wristband'];
}
