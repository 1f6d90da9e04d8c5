import { eq, sql } from 'drizzle-orm';
import { demoFleet, readingBands, VITALS, type ReadingBand } from '../../shared/devices/demo';
import { KIND_INFO, type DeviceKind, type Metric, type SimScenario } from '../../shared/devices/kinds';
import { METRIC_ROUTES } from '../../shared/devices/metric-routes';
import { createRng, seedOf } from '../../shared/prng';
import { ROLLUP_GRAIN } from '../../shared/rollups';
import { devices, readingRollups } from './schema';
import type { Tx } from './driver';

/** Days of history before the seed: the telemetry screens' 7 and 30 day ranges and the dashboards' week. */
export const SEEDED_DAYS = 14;
/** The newest hours also come as minute rollups (of the metrics the telemetry screens chart): the fleet chart's last hours and a 24-hour chart's end. */
export const SEEDED_MINUTE_HOURS = 3;
/** The simulator reports every 10 s (src/sim/args.ts DEFAULT_INTERVAL_S): readings per minute. */
const PER_MINUTE = 6;
/** The wearers' day shift, local time: vitals rise, helmets climb, wearables drain. */
const SHIFT = { from: 7, to: 19 } as const;

/**
 * How one metric of one device moves over a day, in the metric's unit: `base` plus a daily wave
 * of `amp` peaking at local hour `pk`, plus `sh` on the day shift, plus uniform noise of `nz`,
 * kept in [lo, hi]; a bucket's readings spread `sp` around its mean. With probability `pp` an hour
 * holds a short peak towards `pv` (gas, odour, VOCs: below their alarm limits, which the seeded
 * alarms, not these readings, cross). `shape` 1 is a wearable's battery (`base` % per hour drained
 * on shift, recharged after it), 2 a step counter (`base` steps an hour on shift, from midnight).
 */
interface Profile {
  d: number;
  m: Metric;
  s: number;
  base: number;
  amp: number;
  pk: number;
  sh: number;
  nz: number;
  sp: number;
  lo: number;
  hi: number;
  dg: number;
  pp: number;
  pv: number;
  shape: 0 | 1 | 2;
}

type Shape = Omit<Profile, 'd' | 'm' | 's'>;
const wave = (band: ReadingBand, p: Partial<Shape>): Shape => ({
  base: band.mean,
  amp: 0,
  pk: 15,
  sh: 0,
  nz: 0,
  sp: 0,
  lo: band.min,
  hi: band.max,
  dg: band.digits,
  pp: 0,
  pv: 0,
  shape: 0,
  ...p,
});

/** The profile of each metric a kind reports; `r` draws the device's own level. */
function shapeOf(
  metric: Metric,
  kind: DeviceKind,
  scenario: SimScenario,
  r: (min: number, max: number) => number,
  subDevices: number,
): Shape | undefined {
  const b = readingBands(scenario);
  const info = KIND_INFO[kind];
  const v = VITALS;
  switch (metric) {
    case 'heartRate':
      return wave({ ...v.heartRate, mean: r(66, 76), digits: 0 }, { amp: 4, sh: 6, nz: 3, sp: 7, pp: 0.02, pv: 112 });
    case 'bodyTemp':
      return wave({ ...v.bodyTemp, mean: r(36.4, 36.7), digits: 1 }, { amp: 0.15, pk: 17, nz: 0.08, sp: 0.1 });
    case 'bloodOxygen':
      return wave({ ...v.bloodOxygen, mean: r(96.5, 98), digits: 0 }, { amp: 0.3, pk: 14, nz: 0.6, sp: 1 });
    case 'systolic':
      return wave({ ...v.systolic, mean: r(114, 122), digits: 0 }, { amp: 5, sh: 4, nz: 3, sp: 8 });
    case 'diastolic':
      return wave({ ...v.diastolic, mean: r(72, 79), digits: 0 }, { amp: 3, sh: 2, nz: 2, sp: 5 });
    case 'steps':
      return {
        base: r(700, 1000),
        amp: 0,
        pk: 0,
        sh: 0,
        nz: 30,
        sp: 400,
        lo: 0,
        hi: 20_000,
        dg: 0,
        pp: 0,
        pv: 0,
        shape: 2,
      };
    case 'ambientTemp':
      return wave(b.ambientTemp!, { amp: 2.5, nz: 0.4, sp: 0.5 });
    case 'humidity':
      return wave(b.humidity!, { amp: 8, pk: 5, nz: 2, sp: 3 });
    case 'altitude':
      return wave({ ...b.altitude!, mean: 8 }, { sh: 14, nz: 6, sp: 8 });
    case 'airQuality':
      return wave(b.airQuality!, { amp: 12, pk: 18, nz: 6, sp: 10, pp: 0.01, pv: 120 });
    case 'odour':
      return wave(b.odour!, { amp: 1, pk: 12, nz: 1.5, sp: 2, pp: 0.01, pv: 35 });
    case 'vocs':
      return wave(b.vocs!, { amp: 0.04, pk: 14, nz: 0.03, sp: 0.04, pp: 0.01, pv: 0.45 });
    case 'gas':
      return wave(b.gas!, { amp: 0.2, pk: 19, nz: 0.25, sp: 0.4, pp: 0.006, pv: 7 });
    case 'smoke':
      return wave(b.smoke!, { amp: 0.003, nz: 0.004, sp: 0.005, pp: 0.004, pv: 0.06 });
    case 'waterPressure':
      return wave(b.waterPressure!, { amp: 0.03, pk: 3, nz: 0.01, sp: 0.02 });
    case 'voltage':
      return wave(b.voltage!, { amp: 2.5, pk: 4, nz: 0.8, sp: 1.5 });
    case 'current':
      return wave(b.current!, { amp: 4, pk: 20, sh: 2, nz: 1, sp: 2 });
    case 'power':
      // Voltage times current times the power factor (src/sim/models), about.
      return wave({ min: 100, max: 3_350, mean: 1_250, digits: 0 }, { amp: 840, pk: 20, sh: 420, nz: 210, sp: 420 });
    case 'battery':
      return info.wearable || info.moves
        ? { base: r(4, 5.5), amp: 0, pk: 0, sh: 0, nz: 0.5, sp: 2.5, lo: 25, hi: 100, dg: 0, pp: 0, pv: 0, shape: 1 }
        : wave({ min: 25, max: 100, mean: r(70, 98), digits: 0 }, { nz: 0.3, sp: 0.5 });
    case 'signal':
      return wave({ min: 2, max: 4, mean: r(2.6, 3.4), digits: 0 }, { nz: 0.6, sp: 1 });
    case 'closed':
      return wave({ min: 1, max: 1, mean: 1, digits: 0 }, {});
    case 'locked':
      return wave({ min: 0, max: 0, mean: 0, digits: 0 }, {});
    case 'subDevices':
      return wave({ min: subDevices, max: subDevices, mean: subDevices, digits: 0 }, {});
    case 'traffic':
      // Kilobytes per report: the gateway's own 0.8 and 1.5 per sub-device (src/sim/breaker.ts).
      return wave({ min: 0, max: 100, mean: 0.8 + 1.5 * subDevices, digits: 1 }, { nz: 0.3, sp: 0.5 });
    default:
      return undefined;
  }
}

/** The bucket's mean before noise at local hour `lh` (fractional), by the profile's shape. */
const LEVEL = `case shape
  when 1 then case when lh >= ${SHIFT.from} and lh < ${SHIFT.to} then 100 - base * (lh - ${SHIFT.from})
    else least(100, 100 - base * ${SHIFT.to - SHIFT.from} + 20 * (case when lh >= ${SHIFT.to} then lh - ${SHIFT.to} else lh + ${24 - SHIFT.to} end)) end
  when 2 then base * greatest(0, least(lh, ${SHIFT.to}) - ${SHIFT.from})
  else base + amp * cos(2 * pi() * (lh - pk) / 24) + case when lh >= ${SHIFT.from} and lh < ${SHIFT.to} then sh else 0 end end`;

/** Three uniform draws in [0, 1) per profile and bucket: a hashed sine of the seed and the bucket's minute, no random(). */
const HASHES = [1, 2, 3].map((j) => `sin(k * 12.9898 + s * 78.233 + ${j * 37.719}) * 43758.5453 as h${j}`).join(', ');
const frac = (h: string) => `(${h} - floor(${h}))`;

/**
 * Rollups of the profiles over the buckets of `grain` from `from` to `to` (exclusive), one
 * statement: per bucket a mean with noise, a spread around it, now and then a peak. The buckets'
 * times are computed once (a materialized CTE), and OFFSET 0 keeps each step from being inlined
 * into the next, where every use of a value would compute it again.
 */
function insertBuckets(
  tenantId: number,
  profiles: string,
  grain: 'minute' | 'hour',
  from: Date,
  to: Date,
  timeZone: string,
  perBucket: number,
  peakScale: number,
  spreadScale: number,
) {
  const local = (field: string) => sql`extract(${sql.raw(field)} from g.b at time zone ${timeZone}::text)`;
  return sql`
    with g as materialized (
      select g.b, (extract(epoch from g.b) / 60)::float8 as k, (${local('hour')} + ${local('minute')} / 60.0)::float8 as lh
      from generate_series(date_trunc(${grain}, ${from.toISOString()}::timestamptz, ${timeZone}), ${to.toISOString()}::timestamptz - interval '1 second', ${`1 ${grain}`}::interval) as g(b)
    ), p as materialized (
      select * from jsonb_to_recordset(${profiles}::jsonb)
        as p(d int, m text, s float8, base float8, amp float8, pk float8, sh float8, nz float8, sp float8, lo float8, hi float8, f float8, pp float8, pv float8, shape int, until float8)
    )
    insert into ${readingRollups} (device_id, tenant_id, metric, grain, bucket, n, sum, min, max)
    select d, ${tenantId}::int, m, ${ROLLUP_GRAIN[grain]}::smallint, b, ${perBucket}::int, round(v * f * 100) / (f * 100) * ${perBucket}::int,
      round(greatest(lo, v - sp * ${spreadScale}::float8) * f) / f,
      round((case when ${sql.raw(frac('h2'))} < pp * ${peakScale}::float8 then greatest(v + sp * ${spreadScale}::float8, pv * (0.75 + 0.25 * ${sql.raw(frac('h3'))})) else least(hi, v + sp * ${spreadScale}::float8) end) * f) / f
    from (
      select d, m, b, lo, hi, sp, pp, pv, f, h2, h3, least(hi, greatest(lo, level + nz * (2 * ${sql.raw(frac('h1'))} - 1))) as v
      from (
        select p.d, p.m, p.lo, p.hi, p.sp, p.pp, p.pv, p.f, p.nz, g.b, ${sql.raw(LEVEL)} as level, ${sql.raw(HASHES)}
        from p join g on p.until is null or g.k < p.until offset 0
      ) x offset 0
    ) y`;
}

/**
 * SEEDED_DAYS days of reading rollups for every metric of every demo device, so the telemetry
 * screens, the device detail and the dashboards' reading charts have history on a fresh start:
 * hourly buckets over those days, minute buckets for the last SEEDED_MINUTE_HOURS of the metrics
 * the telemetry screens chart (and the hours of those from them), and the days from the hours, as the ingest would have kept them
 * (src/server/ingest/flush.ts). Values follow the simulator's bands (shared/devices/demo.ts) with
 * a daily rhythm, deterministic per device, metric and time. Set-based: four statements. Returns
 * the number of series (device and metric).
 */
export async function seedReadings(
  tx: Tx,
  tenantId: number,
  opts: { now?: number; timeZone?: string } = {},
): Promise<number> {
  const now = opts.now ?? Date.now();
  // The service's TIME_ZONE, as seed-workers reads it: the days of the rollups are the operators' days.
  const timeZone = opts.timeZone ?? (process.env.TIME_ZONE?.trim() || 'Asia/Shanghai');
  const fleet = new Map(demoFleet().map((d) => [d.imei, d]));
  const behind = new Map<string, number>();
  for (const d of fleet.values()) if (d.gateway) behind.set(d.gateway, (behind.get(d.gateway) ?? 0) + 1);
  const rows = await tx
    .select({ id: devices.id, imei: devices.imei, kind: devices.kind })
    .from(devices)
    .where(eq(devices.tenantId, tenantId));
  const profiles: (Omit<Profile, 'dg'> & { f: number })[] = [];
  for (const row of rows) {
    const demo = fleet.get(row.imei);
    if (!demo) continue;
    for (const m of KIND_INFO[demo.kind].metrics) {
      const seed = seedOf(`readings:${row.imei}:${m}`);
      const rng = createRng(seed);
      const shape = shapeOf(m, demo.kind, demo.scenario, (min, max) => rng.range(min, max), behind.get(row.imei) ?? 0);
      if (!shape) continue;
      const { dg, ...rest } = shape;
      profiles.push({ d: row.id, m, s: (seed % 100_000) / 1000, ...rest, f: 10 ** dg });
    }
  }
  if (profiles.length === 0) return 0;
  const minuteFrom = new Date(Math.floor(now / 3_600_000) * 3_600_000 - SEEDED_MINUTE_HOURS * 3_600_000);
  const minuteTo = new Date(Math.floor(now / 60_000) * 60_000);
  const hourFrom = new Date(now - SEEDED_DAYS * 86_400_000);
  const hourTo = new Date(Math.floor(now / 3_600_000) * 3_600_000);
  // Minutes only of the metrics a telemetry screen charts (nothing else reads minute rollups);
  // their last hours come from the minutes, the other metrics' from the profiles up to this hour.
  const charted = new Set<string>(Object.values(METRIC_ROUTES).flat());
  const minuteOf = (p: (typeof profiles)[number]) => charted.has(p.m);
  const json = JSON.stringify(
    profiles.map((p) => ({ ...p, until: (minuteOf(p) ? minuteFrom : hourTo).getTime() / 60_000 })),
  );
  const minuteJson = JSON.stringify(profiles.filter(minuteOf));
  // Hours up to the minutes, from the profiles; the minutes; the hours they make; the days of all hours.
  await tx.execute(insertBuckets(tenantId, json, 'hour', hourFrom, hourTo, timeZone, PER_MINUTE * 60, 1, 1));
  await tx.execute(
    insertBuckets(tenantId, minuteJson, 'minute', minuteFrom, minuteTo, timeZone, PER_MINUTE, 1 / 60, 0.3),
  );
  const r = readingRollups;
  for (const [grain, into] of [
    ['minute', 'hour'],
    ['hour', 'day'],
  ] as const) {
    // Merged like the ingest's upsert: in a time zone whose hours start at half past, the first hour
    // of the minutes is also the last one of the profiles.
    await tx.execute(sql`
      insert into ${r} as o (device_id, tenant_id, metric, grain, bucket, n, sum, min, max)
      select device_id, tenant_id, metric, ${ROLLUP_GRAIN[into]}::smallint, date_trunc(${into}, bucket, ${timeZone}), sum(n), sum(sum), min(min), max(max)
      from ${r} where tenant_id = ${tenantId} and grain = ${ROLLUP_GRAIN[grain]}
      group by 1, 2, 3, 5
      on conflict (device_id, metric, grain, bucket) do update set
        n = o.n + excluded.n, sum = o.sum + excluded.sum, min = least(o.min, excluded.min), max = greatest(o.max, excluded.max)`);
  }
  return profiles.length;
}
