import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/driver';
import { rowsOf } from '../db/rows';
import { ROLLUP_GRAIN } from '../../shared/rollups';

/** Minute rows taken per statement: each stays short, so an urgent write waits little behind it. */
export const ROLL_CHUNK = 500;
/** Devices per statement of the full roll-up after a start. */
const ROLL_ALL_DEVICES = 500;

/** A minute rollup row: device id, metric, bucket start (ms). */
export interface RollKey {
  d: number;
  m: string;
  b: number;
}

export const rollKeyId = (k: RollKey) => `${k.d}\u0000${k.m}\u0000${k.b}`;
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
