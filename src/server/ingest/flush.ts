import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/driver';
import { rowsOf } from '../db/rows';
import { ROLLUP_GRAIN, ROLLUP_GRAINS } from '../../shared/rollups';
import type { Rows } from './batch';

/** A device whose online state changed in this flush. */
export interface Transition {
  id: number;
  online: boolean;
}

const ms = (col: string) => sql.raw(`to_timestamp(${col} / 1000.0)`);

/**
 * Writes one batch in ONE statement (one round trip, atomic): multi-row inserts into the time
 * series from jsonb_to_recordset, duplicates of a (device, msg_id) skipped for QoS 1
 * redeliveries, then, when `rows.live` holds any, one UPDATE of the devices' live fields.
 * Online/offline transitions are judged against the stored state (the `o` self-join reads the
 * row as it was), so replicas sharing the traffic agree, and written as device_events in the
 * same statement. Empty parts are left out of the statement.
 */
export async function writeBatch(
  db: Db,
  rows: Rows,
  timeZone = 'UTC',
  opts: { rollFrom?: number } = {},
): Promise<Transition[]> {
  const ctes: SQL[] = [];
  if (rows.readings.length) {
    ctes.push(sql`r as (
      insert into device_readings (device_id, tenant_id, ts, "values", msg_id)
      select x.d, dv.tenant_id, ${ms('x.ts')}, x.v, x.m
      from jsonb_to_recordset(${JSON.stringify(rows.readings)}::jsonb) as x(d int, ts float8, v jsonb, m text)
      join devices dv on dv.id = x.d
      on conflict do nothing
      returning device_id, tenant_id, ts, "values"
    )`);
    // Rollups from the rows actually stored (a redelivered message adds nothing), grouped first
    // because one upsert may not touch a row twice, and in key order so that replicas writing
    // the same buckets lock them in the same order. A reading from `rollFrom` on adds to its
    // minute rows only, pending for the hour and day rows (rollup.ts); an older one (or any,
    // without `rollFrom`) to all three grains at once.
    const recent =
      opts.rollFrom === undefined ? sql`false` : sql`r.ts >= ${new Date(opts.rollFrom).toISOString()}::timestamptz`;
    ctes.push(sql`ru as (
      insert into reading_rollups as o (device_id, tenant_id, metric, grain, bucket, n, sum, min, max, pn, psum)
      select r.device_id, r.tenant_id, kv.key, g.grain, date_trunc(g.unit, r.ts, ${timeZone}), count(*), sum(kv.value::text::float8), min(kv.value::text::float8), max(kv.value::text::float8),
        count(*) filter (where ${recent}), coalesce(sum(kv.value::text::float8) filter (where ${recent}), 0)
      from r
      cross join lateral jsonb_each(r."values") kv
      join (values ${sql.raw(ROLLUP_GRAINS.map((g) => `(${ROLLUP_GRAIN[g]}, '${g}')`).join(', '))}) as g(grain, unit) on g.grain = ${ROLLUP_GRAIN.minute} or not ${recent}
      where jsonb_typeof(kv.value) = 'number'
      group by 1, 2, 3, 4, 5
      order by 1, 3, 4, 5
      on conflict (device_id, metric, grain, bucket) do update set
        n = o.n + excluded.n, sum = o.sum + excluded.sum, min = least(o.min, excluded.min), max = greatest(o.max, excluded.max),
        pn = o.pn + excluded.pn, psum = o.psum + excluded.psum
    )`);
  }
  if (rows.locations.length) {
    ctes.push(sql`l as (
      insert into device_locations (device_id, tenant_id, ts, lat, lon, alt, speed, heading, accuracy, source, x, y, z, floor, valid, satellites, radio, msg_id)
      select x.d, dv.tenant_id, ${ms('x.ts')}, x.lat, x.lon, x.alt, x.sp, x.hd, x.ac, x.src, x.x, x.y, x.z, x.fl, x.va, x.sa, x.ra, x.m
      from jsonb_to_recordset(${JSON.stringify(rows.locations)}::jsonb)
        as x(d int, ts float8, lat float8, lon float8, alt float8, sp float8, hd float8, ac float8, src text, x float8, y float8, z float8, fl text, va bool, sa int2, ra jsonb, m text)
      join devices dv on dv.id = x.d
      on conflict do nothing
    )`);
  }
  if (rows.events.length) {
    ctes.push(sql`e as (
      insert into device_events (device_id, tenant_id, ts, type, name, value, data, msg_id)
      select x.d, dv.tenant_id, ${ms('x.ts')}, x.ty, x.n, x.v, x.da, x.m
      from jsonb_to_recordset(${JSON.stringify(rows.events)}::jsonb) as x(d int, ts float8, ty text, n text, v float8, da jsonb, m text)
      join devices dv on dv.id = x.d
      on conflict do nothing
    )`);
  }
  if (!rows.live.length) {
    if (ctes.length) await db.execute(sql`with ${sql.join(ctes, sql`, `)} select 1`);
    return [];
  }
  ctes.push(sql`u as (
      update devices d set
        -- Kept to 10 s unless the state changes: an indexed column left alone keeps the update HOT.
        last_communication_at = case
          when v.at is null then d.last_communication_at
          when d.state = v.state and ${ms('v.at')} < d.last_communication_at + interval '10 seconds' then d.last_communication_at
          else greatest(d.last_communication_at, ${ms('v.at')}) end,
        state = v.state,
        activated_at = case when v.state = 1 and d.activated_at is null then ${ms('v.sat')} else d.activated_at end,
        battery = coalesce(v.battery, d.battery),
        signal = coalesce(v.signal, d.signal),
        mains_power = coalesce(v.mains, d.mains_power),
        app_version = coalesce(v.appv, d.app_version),
        system_version = coalesce(v.sysv, d.system_version),
        iccid = coalesce(v.iccid, d.iccid),
        imsi = coalesce(v.imsi, d.imsi),
        lat = coalesce(v.lat, d.lat),
        lon = coalesce(v.lon, d.lon),
        located_at = coalesce(${ms('v.lat_at')}, d.located_at),
        last_values = case when v.vals is null then d.last_values else d.last_values || v.vals end
      from jsonb_to_recordset(${JSON.stringify(rows.live)}::jsonb)
          as v(id int, at float8, state int2, sat float8, battery int2, signal int2, mains int2, appv text, sysv text,
               iccid text, imsi text, lat float8, lon float8, lat_at float8, vals jsonb),
        devices o
      where d.id = v.id and o.id = v.id
      returning d.id, d.tenant_id, o.state as was, d.state as now, v.sat
    )`);
  ctes.push(sql`p as (
      insert into device_events (device_id, tenant_id, ts, type)
      select u.id, u.tenant_id, ${ms('u.sat')}, case when u.now = 1 then 'online' else 'offline' end
      from u where (u.was = 1) <> (u.now = 1)
    )`);
  const res = await db.execute(
    sql`with ${sql.join(ctes, sql`, `)} select u.id, u.now from u where (u.was = 1) <> (u.now = 1)`,
  );
  return rowsOf<{ id: number; now: number }>(res).map((r) => ({ id: Number(r.id), online: Number(r.now) === 1 }));
}

/** Marks online devices silent since `cutoff` offline, with an 'offline' event each. */
export async function sweepSilent(db: Db, cutoff: Date, now: Date): Promise<{ id: number; imei: string }[]> {
  const res = await db.execute(sql`
    with u as (
      update devices set state = 0
      where state = 1 and (last_communication_at is null or last_communication_at < ${cutoff.toISOString()}::timestamptz)
      returning id, imei, tenant_id
    ), e as (
      insert into device_events (device_id, tenant_id, ts, type)
      select id, tenant_id, ${now.toISOString()}::timestamptz, 'offline' from u
    )
    select id, imei from u
  `);
  return rowsOf<{ id: number; imei: string }>(res).map((r) => ({ id: Number(r.id), imei: r.imei }));
}
