/** Reads and changes of alarm records for the routes, always within the caller's scope. */
import { and, asc, count, desc, eq, gt, gte, inArray, lte, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AlarmStats } from '../../shared/alarms/api';
import { EVENT_TYPES } from '../../shared/alarms/types';
import type { CaughtUpAlarm } from '../../shared/alarms/push';
import type { Db } from '../db/driver';
import { alarmEscalations, alarmRecords as a } from '../db/schema';
import { scopedWhere, type Scope } from '../db/scope';
import { rowsOf } from '../db/rows';
import { contextOf, toAlarmRecord } from './records';

const DAY_MS = 86_400_000;

export interface Changed {
  id: number;
  tenantId: number;
}

/** Changed ids by tenant (a super administrator may change several tenants' records at once). */
export function byTenant(changed: Changed[]): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (const c of changed) out.set(c.tenantId, [...(out.get(c.tenantId) ?? []), c.id]);
  return out;
}

/** Marks records read; answers those that changed (already-read ones are left alone). */
export async function markRead(db: Db, scope: Scope, ids: number[], at: Date): Promise<Changed[]> {
  const rows = await db
    .update(a)
    .set({ read: 1, readAt: at })
    .where(scopedWhere(scope, a, inArray(a.id, ids), eq(a.read, 0)))
    .returning({ id: a.id, tenantId: a.tenantId });
  return rows;
}

interface Handling {
  state: number;
  note?: string;
  requestId?: string;
  handlerId: number;
  handlerName: string;
}

/** Request ids a record remembers (a JSON array in handle_request_id); older ones are forgotten. */
const REMEMBERED_REQUESTS = 20;

/**
 * Handles records (read too). A record already in that state with that note is left alone, and
 * so is one that already saw this request id: a replayed request changes nothing, even if
 * someone handled the record differently in between.
 */
export async function handle(db: Db, scope: Scope, ids: number[], h: Handling, at: Date): Promise<Changed[]> {
  const note = h.note ?? null;
  const seen = sql`coalesce(${a.handleRequestId}, '[]')::jsonb`;
  const requestIds = h.requestId
    ? sql`(case when jsonb_array_length(${seen}) >= ${REMEMBERED_REQUESTS} then jsonb_build_array(${h.requestId}::text) else ${seen} || to_jsonb(${h.requestId}::text) end)::text`
    : sql`${a.handleRequestId}`;
  const rows = await db
    .update(a)
    .set({
      handleState: h.state,
      handleNote: note,
      handlerId: h.handlerId || null,
      handlerName: h.handlerName,
      handledAt: at,
      handleRequestId: requestIds,
      read: 1,
      readAt: sql`coalesce(${a.readAt}, ${at.toISOString()}::timestamptz)`,
      // Handling answers the alarm: one nobody acknowledged counts as acknowledged by its handler.
      ackedAt: sql`coalesce(${a.ackedAt}, ${at.toISOString()}::timestamptz)`,
      ackedBy: sql`coalesce(${a.ackedBy}, ${h.handlerId || null}::int)`,
      ackedByName: sql`coalesce(${a.ackedByName}, ${h.handlerName}::text)`,
    })
    .where(
      scopedWhere(
        scope,
        a,
        inArray(a.id, ids),
        or(ne(a.handleState, h.state), sql`${a.handleNote} is distinct from ${note}`),
        h.requestId ? sql`not (${seen} ? ${h.requestId}::text)` : undefined,
      ),
    )
    .returning({ id: a.id, tenantId: a.tenantId });
  return rows;
}

/**
 * Acknowledges records ("I'm on it"): the first operator takes them; records someone already
 * acknowledged or handled are left alone (so a replay, or a second operator, changes nothing).
 */
export async function acknowledge(
  db: Db,
  scope: Scope,
  ids: number[],
  by: { id: number; name: string; via?: 'push' | 'link' },
  at: Date,
): Promise<Changed[]> {
  return db
    .update(a)
    .set({
      ackedAt: at,
      ackedBy: by.id || null,
      ackedByName: by.name,
      ackedVia: by.via ?? null,
      read: 1,
      readAt: sql`coalesce(${a.readAt}, ${at.toISOString()}::timestamptz)`,
    })
    .where(scopedWhere(scope, a, inArray(a.id, ids), sql`${a.ackedAt} is null`, eq(a.handleState, 0)))
    .returning({ id: a.id, tenantId: a.tenantId });
}

/**
 * Ends the escalations of answered alarms at once, so their record says so; the sweep would also
 * skip them (it re-reads the acknowledgement before firing a step).
 */
export async function stopEscalations(db: Db, changed: Changed[]): Promise<void> {
  if (changed.length === 0) return;
  await db
    .update(alarmEscalations)
    .set({ state: 1, dueAt: null })
    .where(
      and(
        inArray(
          alarmEscalations.alarmId,
          changed.map((c) => c.id),
        ),
        eq(alarmEscalations.state, 0),
      ),
    );
}

/** Who acknowledged `ids` (those acknowledged), for the answer to a second operator. */
export async function acknowledgedBy(
  db: Db,
  scope: Scope,
  ids: number[],
): Promise<{ id: number; ackedByName: string | null; ackedAt: string | null }[]> {
  const rows = await db
    .select({ id: a.id, ackedByName: a.ackedByName, ackedAt: a.ackedAt })
    .from(a)
    .where(scopedWhere(scope, a, inArray(a.id, ids), sql`${a.ackedAt} is not null`));
  return rows.map((r) => ({ ...r, ackedAt: r.ackedAt ? new Date(r.ackedAt).toISOString() : null }));
}

/** How many of `ids` the caller may see at all. */
export async function countVisible(db: Db, scope: Scope, ids: number[]): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(a)
    .where(scopedWhere(scope, a, inArray(a.id, ids)));
  return Number(row?.n ?? 0);
}

/**
 * Alarms after `after`, oldest first, each with what its live push carried beside the record (where an SOS
 * happened, a card's information, whether it escalates), so a console catching up opens the same dialogs.
 */
export async function since(db: Db, scope: Scope, after: Date, limit: number): Promise<CaughtUpAlarm[]> {
  const rows = await db
    .select({
      r: a,
      escalated: sql<boolean>`exists (select 1 from ${alarmEscalations} e where e.alarm_id = ${a.id})`,
    })
    .from(a)
    .where(scopedWhere(scope, a, gt(a.createdAt, after)))
    .orderBy(asc(a.createdAt), asc(a.id))
    .limit(limit);
  return rows.map(({ r, escalated }) => {
    const c = contextOf(r);
    const cardInfo = typeof r.data?.cardInfo === 'string' ? r.data.cardInfo : undefined;
    return {
      ...toAlarmRecord(r),
      context: {
        building: c.building ?? '',
        unit: c.unit ?? '',
        roomNo: c.roomNo ?? '',
        ...(cardInfo ? { cardInfo } : {}),
        ...(escalated ? { escalated: true } : {}),
      },
    };
  });
}

export async function unreadCount(db: Db, scope: Scope): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(a)
    .where(scopedWhere(scope, a, eq(a.read, 0)));
  return Number(row?.n ?? 0);
}

/** Max points of a trend; a longer period is cut (the console asks for hours over two days, days over months). */
const MAX_POINTS = 1_000;

/** Every bucket from `from` to `to`, empty ones as 0, so a chart's axis has no gaps. */
function series(rows: { b: number; n: number }[], from: number, to: number, step: number): AlarmStats['trend'] {
  const n = Math.min(MAX_POINTS, Math.max(1, Math.floor((to - from) / step) + 1));
  const counts = new Map(rows.map((r) => [Number(r.b), Number(r.n)]));
  return Array.from({ length: n }, (_, i) => ({
    at: new Date(from + i * step).toISOString(),
    count: counts.get(i) ?? 0,
  }));
}

/**
 * Counts over [from, to]. Trend buckets start at `from` and step by an hour or a day, so a
 * console that sends its local midnight gets its local days without the service knowing its zone.
 */
export async function stats(
  db: Db,
  scope: Scope,
  q: { from?: string; to?: string; bucket: 'hour' | 'day' },
  now: number,
): Promise<AlarmStats> {
  const step = q.bucket === 'hour' ? 3_600_000 : DAY_MS;
  const to = q.to ? new Date(q.to) : new Date(now);
  const from = q.from ? new Date(q.from) : new Date(to.getTime() - (q.bucket === 'hour' ? 2 * DAY_MS : 30 * DAY_MS));
  // Alarms only: events (online, recoveries, door calls, cards) are counted by no screen.
  const where = scopedWhere(scope, a, gte(a.ts, from), lte(a.ts, to), notInArray(a.type, [...EVENT_TYPES]));
  // Grouped by position: an expression with a parameter would not match itself in GROUP BY.
  const group = (col: SQL | PgColumn) =>
    db
      .select({ k: sql`${col}`, n: count() })
      .from(a)
      .where(where)
      .groupBy(sql`1`);
  const fromS = from.getTime() / 1000;
  const stepS = step / 1000;
  const bucket = sql<number>`floor((extract(epoch from ${a.ts}) - ${fromS}) / ${stepS})`;
  const tta = sql`extract(epoch from (${a.ackedAt} - ${a.createdAt}))`;
  const times = (key: SQL) =>
    db.execute(sql`
      select ${key} as k, count(*) as n,
        percentile_cont(0.5) within group (order by ${tta}) as p50,
        percentile_cont(0.9) within group (order by ${tta}) as p90
      from ${a} where ${where} and ${a.ackedAt} is not null and ${a.level} >= 2
      group by 1 order by 2 desc limit 50`);
  const [totals, byType, byLevel, byKind, byHandle, trend, top, ttaType, ttaOperator, escalated] = await Promise.all([
    db
      .select({
        total: count(),
        unread: sql<number>`count(*) filter (where ${a.read} = 0)`,
        pending: sql<number>`count(*) filter (where ${a.handleState} = 0)`,
      })
      .from(a)
      .where(where),
    group(a.type),
    group(a.level),
    group(sql<string>`coalesce(${a.deviceKind}, '')`),
    group(a.handleState),
    db.execute(sql`select ${bucket} as b, count(*) as n from ${a} where ${where} group by 1 order by 1`),
    db
      .select({ imei: a.imei, name: sql<string | null>`max(${a.deviceName})`, n: count() })
      .from(a)
      .where(where)
      .groupBy(a.imei)
      .orderBy(desc(count()), asc(a.imei))
      .limit(10),
    times(sql`${a.type}`),
    times(sql`coalesce(${a.ackedByName}, '')`),
    db.execute(
      sql`select count(*) as n from ${a} where ${where} and exists (select 1 from alarm_notifications n where n.alarm_id = ${a.id})`,
    ),
  ]);
  const response = <K>(res: unknown, key: (k: unknown) => K) =>
    rowsOf<{ k: unknown; n: unknown; p50: unknown; p90: unknown }>(res).map((r) => ({
      ...key(r.k),
      acknowledged: Number(r.n),
      medianS: Math.round(Number(r.p50) * 10) / 10,
      p90S: Math.round(Number(r.p90) * 10) / 10,
    }));
  const pairs = (rows: { k: unknown; n: number }[]) =>
    rows.map((r) => ({ k: r.k, count: Number(r.n) })).sort((x, y) => y.count - x.count);
  return {
    total: Number(totals[0]?.total ?? 0),
    unread: Number(totals[0]?.unread ?? 0),
    pending: Number(totals[0]?.pending ?? 0),
    byType: pairs(byType).map((r) => ({ type: Number(r.k), count: r.count })),
    byLevel: pairs(byLevel).map((r) => ({ level: Number(r.k), count: r.count })),
    byKind: pairs(byKind).map((r) => ({ kind: String(r.k), count: r.count })),
    byHandle: pairs(byHandle).map((r) => ({ state: Number(r.k), count: r.count })),
    trend: series(rowsOf<{ b: number; n: number }>(trend), from.getTime(), to.getTime(), step),
    topDevices: top.map((r) => ({ imei: r.imei, name: r.name, count: Number(r.n) })),
    response: {
      byType: response(ttaType, (k) => ({ type: Number(k) })),
      byOperator: response(ttaOperator, (k) => ({ name: String(k) })),
      escalated: Number(rowsOf<{ n: unknown }>(escalated)[0]?.n ?? 0),
    },
  };
}
