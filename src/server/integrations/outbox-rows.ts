/**
 * The outbox's rows (src/server/integrations/outbox.ts): what the writer makes of published events
 * (a row per subscribed target, a batching kind's positions in rows of up to its `batch`), their
 * insert, and what a claimed row is made of and comes to once delivered.
 */
import { createHash } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/driver';
import { rowsOf } from '../db/rows';
import { devices } from '../db/schema';
import { OUTBOX_STATE, type integrationOutbox } from '../db/tables';
import type { DeliveryResult, IntegrationEvent, TargetKind } from './target';

/** How long failed deliveries are retried (docs/integrations.md "Retries"). */
export const RETRY_WINDOW_MS = 24 * 3_600_000;
/** Rows per insert statement of the writer. */
const WRITE_ROWS = 2_000;
/** Rows of single events claimed per kind and round; more wait for the next round (at once when this one was full). */
const CLAIM_ROWS = 500;
/** Rows of a batching kind's positions claimed per round (each up to its `batch` events). */
const POSITION_ROWS = 4;

/** An event to write, and the device it concerns (its name is filled in by the writer, off the hot path). */
export interface Published {
  event: IntegrationEvent;
  deviceId?: number;
}

/** A row to write: the event for one subscribed target (due at once, retried for RETRY_WINDOW_MS). */
type OutboxRow = Pick<
  typeof integrationOutbox.$inferInsert,
  'tenantId' | 'targetKind' | 'targetId' | 'eventId' | 'eventType' | 'payload'
>;

/**
 * The rows of a batch for every subscribed target of every kind, and the events some target takes.
 * A position is sampled per target and device (`positionEverySec`); `lastPosition` keeps the last
 * one written (`${kind}:${targetId}:${deviceId}` -> its time).
 */
export async function rowsOfBatch(
  batch: Published[],
  kinds: Iterable<TargetKind<unknown>>,
  lastPosition: Map<string, number>,
): Promise<{ rows: OutboxRow[]; taken: Published[] }> {
  const rows: OutboxRow[] = [];
  const all = [...kinds];
  /** A batching kind's positions per target, written as rows of up to `kind.batch` events. */
  const grouped = new Map<
    string,
    { kind: TargetKind<unknown>; tenantId: number; targetId: number; events: IntegrationEvent[] }
  >();
  /** The events some target takes: only theirs get a device name (most positions of a site have no subscriber). */
  const taken: Published[] = [];
  for (const p of batch) {
    const { event } = p;
    let wanted = false;
    for (const kind of all) {
      for (const sub of await kind.subscribers(event.tenantId, event.type)) {
        const position = event.type === 'device.position';
        if (position && p.deviceId !== undefined) {
          const key = `${kind.kind}:${sub.id}:${p.deviceId}`;
          const at = Date.parse(event.occurredAt);
          const last = lastPosition.get(key);
          if (last !== undefined && at - last < sub.positionEverySec * 1000 && at >= last) continue;
          lastPosition.set(key, at);
        }
        wanted = true;
        if (position && kind.batch > 1) {
          const key = `${kind.kind}:${sub.id}:${event.tenantId}`;
          const group = grouped.get(key) ?? { kind, tenantId: event.tenantId, targetId: sub.id, events: [] };
          group.events.push(event);
          grouped.set(key, group);
          continue;
        }
        rows.push({
          tenantId: event.tenantId,
          targetKind: kind.kind,
          targetId: sub.id,
          eventId: event.id,
          eventType: event.type,
          payload: event,
        });
      }
    }
    if (wanted) taken.push(p);
  }
  for (const { kind, tenantId, targetId, events } of grouped.values())
    for (let i = 0; i < events.length; i += kind.batch) {
      const part = events.slice(i, i + kind.batch);
      rows.push({
        tenantId,
        targetKind: kind.kind,
        targetId,
        eventId: positionsRowId(part),
        eventType: 'device.position',
        payload: part,
      });
    }
  return { rows, taken };
}

/** Names the events' devices, in one query (a renamed device shows its new name). */
export async function nameDevices(db: Db, taken: Published[]): Promise<void> {
  const ids = [...new Set(taken.flatMap((p) => (p.deviceId === undefined ? [] : [p.deviceId])))];
  if (ids.length === 0) return;
  const found = await db.select({ id: devices.id, name: devices.name }).from(devices).where(inArray(devices.id, ids));
  const names = new Map(found.map((d) => [d.id, d.name]));
  for (const p of taken)
    if (p.deviceId !== undefined && names.has(p.deviceId)) p.event.data.deviceName = names.get(p.deviceId);
}

/** Inserts the rows due at `now` (a row already there is left: the unique key); the events written. */
export async function insertRows(db: Db, rows: OutboxRow[], now: number): Promise<number> {
  // The rows as one JSON parameter per statement: the query builder's cost per value was most of
  // the writer's CPU at thousands of rows a second (docs/performance.md "Integrations").
  const at = new Date(now).toISOString();
  const until = new Date(now + RETRY_WINDOW_MS).toISOString();
  let written = 0;
  for (let i = 0; i < rows.length; i += WRITE_ROWS) {
    const part = rows.slice(i, i + WRITE_ROWS).map((r) => ({
      tenant_id: r.tenantId,
      target_kind: r.targetKind,
      target_id: r.targetId,
      event_id: r.eventId,
      event_type: r.eventType,
      payload: r.payload,
    }));
    const [stored] = rowsOf<{ n: number }>(
      await db.execute(sql`
        with ins as (
          insert into integration_outbox
            (tenant_id, target_kind, target_id, event_id, event_type, payload, next_at, retry_until, created_at)
          select r.tenant_id, r.target_kind, r.target_id, r.event_id, r.event_type, r.payload,
            ${at}::timestamptz, ${until}::timestamptz, ${at}::timestamptz
          from jsonb_to_recordset(${JSON.stringify(part)}::jsonb)
            as r(tenant_id int, target_kind text, target_id int, event_id text, event_type text, payload jsonb)
          on conflict do nothing
          returning case when jsonb_typeof(payload) = 'array' then jsonb_array_length(payload) else 1 end as n)
        select coalesce(sum(n), 0)::int as n from ins`),
    );
    written += Number(stored?.n ?? 0);
  }
  return written;
}

/** A row's payload: one event, or a batching kind's positions (up to its `batch`). */
type OutboxPayload = IntegrationEvent | IntegrationEvent[];

export interface ClaimedRow {
  id: number;
  target_id: number;
  /** The row's payload as events: one, or a batching kind's positions (the stats count events). */
  events: IntegrationEvent[];
  attempts: number;
  retry_until: string | Date;
}

/** A payload as read back (a driver may answer jsonb as text) in events. */
export function eventsOf(payload: OutboxPayload | string): IntegrationEvent[] {
  const parsed = typeof payload === 'string' ? (JSON.parse(payload) as OutboxPayload) : payload;
  return Array.isArray(parsed) ? parsed : [parsed];
}

/**
 * The unique key of a row of positions: the same events batched the same way (the writer's batch
 * written again after an error) are the same row, so they are delivered once.
 */
function positionsRowId(events: IntegrationEvent[]): string {
  const hash = createHash('sha256');
  for (const e of events) hash.update(e.id).update('\n');
  return `device.position*${events.length}:${hash.digest('base64url')}`;
}

/**
 * Claims a kind's rows due at `now` until `leaseUntil` (`for update skip locked`: replicas claim
 * disjoint rows); `full` when more may be due now (the next round starts at once).
 */
export async function claimDue(
  db: Db,
  kind: TargetKind<unknown>,
  now: number,
  leaseUntil: number,
): Promise<ClaimedRow[] & { full: boolean }> {
  const due = sql`target_kind = ${kind.kind} and state = 0 and next_at <= ${new Date(now).toISOString()}::timestamptz`;
  const lease = sql`${new Date(leaseUntil).toISOString()}::timestamptz`;
  // A batching kind's positions are rows of up to `batch` events each (rowsOfBatch): a few of those
  // a round, beside as many single events as any kind takes.
  const ids =
    kind.batch > 1
      ? sql`id in (select id from integration_outbox where ${due} and event_type <> 'device.position'
            order by next_at, id limit ${CLAIM_ROWS} for update skip locked)
          or id in (select id from integration_outbox where ${due} and event_type = 'device.position'
            order by next_at, id limit ${POSITION_ROWS} for update skip locked)`
      : sql`id in (select id from integration_outbox where ${due}
            order by next_at, id limit ${CLAIM_ROWS} for update skip locked)`;
  const rows = rowsOf<Omit<ClaimedRow, 'events'> & { event_type: string; payload: OutboxPayload | string }>(
    await db.execute(sql`
      update integration_outbox set next_at = ${lease} where ${ids}
      returning id, target_id, event_type, payload, attempts, retry_until`),
  ).map(({ payload, ...r }) => ({ ...r, id: Number(r.id), events: eventsOf(payload) }));
  const positions = kind.batch > 1 ? rows.filter((r) => r.event_type === 'device.position').length : 0;
  return Object.assign(rows, { full: rows.length - positions >= CLAIM_ROWS || positions >= POSITION_ROWS });
}

/** The claimed rows of one target in transport calls of up to `batch` events (a row is never split). */
export function callsOf(rows: ClaimedRow[], batch: number): ClaimedRow[][] {
  const calls: ClaimedRow[][] = [];
  let part: ClaimedRow[] = [];
  let events = 0;
  for (const r of rows) {
    const n = r.events.length;
    if (part.length && events + n > Math.max(1, batch)) {
      calls.push(part);
      part = [];
      events = 0;
    }
    part.push(r);
    events += n;
  }
  if (part.length) calls.push(part);
  return calls;
}

/** One row's outcome from its events' outcomes: delivered when all were, else again (or failed when none may be retried). */
export function rowResult(results: DeliveryResult[]): DeliveryResult {
  if (results.length === 1) return results[0]!;
  const durationMs = Math.max(0, ...results.map((r) => r.durationMs));
  const failed = results.filter((r) => !r.ok);
  if (failed.length === 0) return { ok: true, retry: false, status: results[0]?.status, durationMs };
  const first = failed[0]!;
  return {
    ok: false,
    retry: failed.some((r) => r.retry),
    status: first.status,
    durationMs,
    excerpt: `${failed.length} of ${results.length} not delivered: ${first.excerpt ?? ''}`.slice(0, 500),
  };
}

/** What the outbox counts of outcomes (Outbox.stats). */
interface OutcomeCounts {
  delivered: number;
  retried: number;
  failed: number;
}

/**
 * Records claimed rows' outcomes in one statement: delivered, due again after `backoffMs` of its
 * attempts, or failed (a final answer, or the retry window over); counts their events in `stats`.
 */
export async function recordOutcomes(
  db: Db,
  rows: ClaimedRow[],
  results: DeliveryResult[],
  now: number,
  backoffMs: (attempts: number) => number,
  stats: OutcomeCounts,
): Promise<void> {
  if (rows.length === 0) return;
  const at = new Date(now).toISOString();
  const moves = rows.map((r, i) => {
    const res = results[i] ?? { ok: false, retry: true, durationMs: 0, excerpt: 'no result' };
    const attempts = r.attempts + 1;
    const nextAt = now + backoffMs(attempts);
    const retry = !res.ok && res.retry && nextAt <= new Date(r.retry_until).getTime();
    const events = r.events.length;
    if (res.ok) stats.delivered += events;
    else if (retry) stats.retried += events;
    else stats.failed += events;
    return {
      id: r.id,
      state: res.ok ? OUTBOX_STATE.delivered : retry ? OUTBOX_STATE.pending : OUTBOX_STATE.failed,
      attempts,
      next_at: new Date(retry ? nextAt : now).toISOString(),
      last_status: res.status ?? null,
      last_duration_ms: Math.round(res.durationMs),
      last_excerpt: res.excerpt?.slice(0, 500) ?? null,
      delivered_at: res.ok ? at : null,
    };
  });
  await db.execute(sql`
    update integration_outbox o
    set state = m.state, attempts = m.attempts, next_at = m.next_at, last_status = m.last_status,
      last_duration_ms = m.last_duration_ms, last_excerpt = m.last_excerpt, last_at = ${at}::timestamptz,
      delivered_at = m.delivered_at
    from json_to_recordset(${JSON.stringify(moves)}::json)
      as m(id bigint, state int, attempts int, next_at timestamptz, last_status int, last_duration_ms int,
        last_excerpt text, delivered_at timestamptz)
    where o.id = m.id`);
}
