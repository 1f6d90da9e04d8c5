import { sql } from 'drizzle-orm';
import type { Db } from '../db/driver';
import { rowsOf } from '../db/rows';
import { ROLLUP_GRAIN } from '../../shared/rollups';

/** Minute rows taken per statement: each stays short, so an urgent write waits little behind it. */
export const ROLL_CHUNK = 1_000;

/**
 * Adds the minute rollups' pending count and sum (pn, psum: what the ingest stored since the last
 * roll-up) to their hour and day rows and resets them, in chunks of ROLL_CHUNK rows, each one
 * statement. `since` bounds the minute buckets looked at (the partial index on bucket); without
 * it every minute row is (the start, after a stop that may have left rows pending).
 *
 * Safe beside the ingest and other replicas: the chunk's rows are locked in key order (the
 * ingest's upserts lock in the same order), read as they are once locked, and reset in the same
 * statement, so each stored reading reaches its hour and day rows exactly once; min and max are
 * taken with least/greatest, which a repeat cannot change. Returns the minute rows taken.
 */
export async function rollUp(db: Db, opts: { timeZone?: string; since?: Date; chunk?: number } = {}): Promise<number> {
  const tz = opts.timeZone ?? 'UTC';
  const chunk = opts.chunk ?? ROLL_CHUNK;
  const since = opts.since ? sql`and bucket >= ${opts.since.toISOString()}::timestamptz` : sql``;
  let total = 0;
  for (;;) {
    const res = await db.execute(sql`
      with m as (
        select ctid as c, device_id, tenant_id, metric, bucket, pn, psum, min, max from reading_rollups
        where grain = ${ROLLUP_GRAIN.minute} ${since} and pn > 0
        order by device_id, metric, bucket
        limit ${chunk}
        for update
      ), z as (
        update reading_rollups r set pn = 0, psum = 0 from m
        where r.ctid = m.c
      ), h as (
        insert into reading_rollups as o (device_id, tenant_id, metric, grain, bucket, n, sum, min, max)
        select m.device_id, m.tenant_id, m.metric, g.grain, date_trunc(g.unit, m.bucket, ${tz}), sum(m.pn), sum(m.psum), min(m.min), max(m.max)
        from m cross join (values ${sql.raw(`(${ROLLUP_GRAIN.hour}, 'hour'), (${ROLLUP_GRAIN.day}, 'day')`)}) as g(grain, unit)
        group by 1, 2, 3, 4, 5
        order by 1, 3, 4, 5
        on conflict (device_id, metric, grain, bucket) do update set
          n = o.n + excluded.n, sum = o.sum + excluded.sum, min = least(o.min, excluded.min), max = greatest(o.max, excluded.max)
      )
      select count(*)::int as n from m`);
    const n = Number(rowsOf<{ n: number }>(res)[0]?.n ?? 0);
    total += n;
    if (n < chunk) return total;
  }
}
