import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/driver';
import { rowsOf } from '../db/rows';
import type { FastifyBaseLogger } from 'fastify';
import { GRAIN_MS, ROLLUP_GRAIN } from '../../shared/rollups';
import type { Clock } from '../lib/clock';
import type { PriorityGate } from '../lib/priority';

/** Minute rows taken per statement: each stays short, so an urgent write waits little behind it. */
const ROLL_CHUNK = 500;
/** Devices per statement of the full roll-up after a start. */
const ROLL_ALL_DEVICES = 500;

/** A minute rollup row: device id, metric, bucket start (ms). */
interface RollKey {
  d: number;
  m: string;
  b: number;
}

const rollKeyId = (k: RollKey) => `${k.d}\u0000${k.m}\u0000${k.b}`;
const byKey = (a: RollKey, b: RollKey) => a.d - b.d || (a.m < b.m ? -1 : a.m > b.m ? 1 : 0) || a.b - b.b;

/**
 * One statement: the minute rows that `which` selects and that hold a pending count (pn, psum:
 * what the ingest stored since the last roll-up) are locked in key order (the ingest's upserts
 * lock in the same order), read as they are once locked, reset, and added to their hour and day
 * rows. So each stored reading reaches its hour and day rows exactly once, beside the ingest and
 * other replicas; min and max go through least/greatest, which a repeat cannot change.
 */
async function rollStatement(db: Db, which: SQL, timeZone: string): Promise<number> {
  const res = await db.execute(sql`
    with m as (
      select r.ctid as c, r.device_id, r.tenant_id, r.metric, r.bucket, r.pn, r.psum, r.min, r.max
      from reading_rollups r ${which} and r.grain = ${ROLLUP_GRAIN.minute} and r.pn > 0
      order by r.device_id, r.metric, r.bucket
      for update of r
    ), z as (
      update reading_rollups r set pn = 0, psum = 0 from m where r.ctid = m.c
    ), h as (
      insert into reading_rollups as o (device_id, tenant_id, metric, grain, bucket, n, sum, min, max)
      select m.device_id, m.tenant_id, m.metric, g.grain, date_trunc(g.unit, m.bucket, ${timeZone}), sum(m.pn), sum(m.psum), min(m.min), max(m.max)
      from m cross join (values ${sql.raw(`(${ROLLUP_GRAIN.hour}, 'hour'), (${ROLLUP_GRAIN.day}, 'day')`)}) as g(grain, unit)
      group by 1, 2, 3, 4, 5
      order by 1, 3, 4, 5
      on conflict (device_id, metric, grain, bucket) do update set
        n = o.n + excluded.n, sum = o.sum + excluded.sum, min = least(o.min, excluded.min), max = greatest(o.max, excluded.max)
    )
    select count(*)::int as n from m`);
  return Number(rowsOf<{ n: number }>(res)[0]?.n ?? 0);
}

/**
 * Rolls the given minute rows up (the ones the ingest wrote since the last roll-up), ROLL_CHUNK
 * per statement, each a primary-key look-up per row. Returns the rows that held a pending count.
 */
export async function rollUp(
  db: Db,
  keys: readonly RollKey[],
  opts: { timeZone?: string; chunk?: number; before?: () => Promise<void> | undefined } = {},
): Promise<number> {
  const sorted = [...keys].sort(byKey);
  const chunk = opts.chunk ?? ROLL_CHUNK;
  let total = 0;
  for (let i = 0; i < sorted.length; i += chunk) {
    const part = JSON.stringify(sorted.slice(i, i + chunk));
    const which = sql`join jsonb_to_recordset(${part}::jsonb) as k(d int, m text, b float8)
      on r.device_id = k.d and r.metric = k.m and r.bucket = to_timestamp(k.b / 1000.0) where true`;
    await opts.before?.();
    total += await rollStatement(db, which, opts.timeZone ?? 'UTC');
  }
  return total;
}

/**
 * Rolls up the minute rows a stop left pending (the ingest's list of what it wrote is in memory):
 * those from `since` on of the metrics in the live values of the devices heard from since then,
 * ROLL_ALL_DEVICES devices per statement, each a primary-key range per device and metric.
 * Returns the rows that held a pending count.
 */
export async function rollUpRecent(
  db: Db,
  since: Date,
  opts: { timeZone?: string; devices?: number } = {},
): Promise<number> {
  const step = opts.devices ?? ROLL_ALL_DEVICES;
  const at = since.toISOString();
  const ids = rowsOf<{ id: number }>(
    await db.execute(sql`select id from devices where last_communication_at >= ${at}::timestamptz order by id`),
  ).map((r) => Number(r.id));
  let total = 0;
  for (let i = 0; i < ids.length; i += step) {
    const part = ids.slice(i, i + step);
    const which = sql`join (select d.id, kv.key from devices d cross join lateral jsonb_object_keys(d.last_values) as kv(key)
        where d.id in (${sql.join(
          part.map((id) => sql`${id}`),
          sql`, `,
        )}) and jsonb_typeof(d.last_values) = 'object') k
      on r.device_id = k.id and r.metric = k.key where r.bucket >= ${at}::timestamptz`;
    total += await rollStatement(db, which, opts.timeZone ?? 'UTC');
  }
  return total;
}

/**
 * How often the hour and day rollups take in the minute rollups' pending counts. A roll-up
 * writes three rows per minute row (its reset, its hour and day), a message one (its minute)
 * instead of three: a device reporting every 10 s has sent 3 messages per minute row in 30 s, so
 * two rows are saved per metric and message at the common rate, more at faster ones.
 */
export const ROLL_MS = 30_000;
/**
 * Readings at most this old add to their minute rollups only, pending for the next roll-up; older
 * ones (a device's buffered backlog) to all three grains at once.
 */
export const ROLL_RECENT_MS = 5 * 60_000;
/**
 * The first roll-up after a start also takes in what a stop left pending, in the minute buckets
 * this far back (the pending ones are at most ROLL_RECENT_MS older than the stop).
 */
const ROLL_RECOVER_MS = 60 * 60_000;

interface RollupDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  timeZone?: string;
  priority?: PriorityGate;
}

/** The ingest's roll-ups: the minute rows stored with a pending count, taken in every ROLL_MS. */
export class Rollups {
  /** The minute rollup rows written with a pending count since the last roll-up took them. */
  private toRoll = new Map<string, RollKey>();
  /** Whether a roll-up took in what an earlier run of the service left pending. */
  private recovered = false;
  private rolling: Promise<void> | undefined;

  constructor(private readonly deps: RollupDeps) {}

  /**
   * Adds the minute rollups' pending counts to the hour and day rollups (every ROLL_MS, after a
   * drain, at close). One at a time; a failure is logged and the next one takes the rows in.
   */
  roll(): Promise<void> {
    this.rolling ??= (async () => {
      const keys = [...this.toRoll.values()];
      this.toRoll = new Map();
      try {
        if (!this.recovered) {
          await rollUpRecent(this.deps.db, new Date(this.deps.clock.now() - ROLL_RECOVER_MS), {
            timeZone: this.deps.timeZone,
          });
          this.recovered = true;
        }
        await rollUp(this.deps.db, keys, { timeZone: this.deps.timeZone, before: () => this.deps.priority?.clear() });
      } catch (err) {
        // Taken again next time (a row rolled already holds no pending count: nothing twice).
        for (const k of keys) this.toRoll.set(rollKeyId(k), k);
        this.deps.log.error({ err }, 'rollup of the minute buckets failed; the next one retries');
      } finally {
        this.rolling = undefined;
      }
    })();
    return this.rolling;
  }

  /** Notes the minute rollup rows of these stored readings that hold a pending count. */
  note(readings: readonly object[], rollFrom: number): void {
    for (const r of readings as { d: number; ts: number; v: Record<string, unknown> }[]) {
      if (r.ts < rollFrom) continue;
      const b = r.ts - (r.ts % GRAIN_MS.minute);
      for (const m in r.v) {
        if (typeof r.v[m] !== 'number') continue;
        const k = { d: r.d, m, b };
        this.toRoll.set(rollKeyId(k), k);
      }
    }
  }
}
