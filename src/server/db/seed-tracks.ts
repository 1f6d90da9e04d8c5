import { and, eq, inArray, sql } from 'drizzle-orm';
import { KIND_INFO } from '../../shared/devices/kinds';
import { demoFleet } from '../../shared/devices/demo';
import { gpsMotion, jfFix } from '../../shared/devices/motion';
import { createRng, seedOf } from '../../shared/prng';
import { deviceLocations, devices } from './schema';
import type { Tx } from './driver';

const DAY_S = 86_400;
/** One fix a minute while moving (the wearables' default interval), one in ten minutes at rest. */
const FIX_S = 60;
const REST_FIX_S = 600;
/** The demo sites are in Shenzhen (UTC+8); people walk the site on the day shift only. */
const SITE_UTC_OFFSET_H = 8;
const SHIFT = { from: 7, to: 19 } as const;
const onShift = (epochS: number) => {
  const hour = Math.floor(epochS / 3600 + SITE_UTC_OFFSET_H) % 24;
  return hour >= SHIFT.from && hour < SHIFT.to;
};
/** Every so many fixes is a cell-tower (LBS) one, so /track (all sources) differs from /track_gps. */
const LBS_EVERY = 20;
/** Rows per insert. Each insert carries its rows as one JSON parameter: on PGlite that is several
 * times faster than a parameter per value, and every test app seeds this. */
const BATCH = 5000;

type Row = {
  d: number;
  ts: number;
  lat: number;
  lon: number;
  speed: number | null;
  heading: number;
  accuracy: number;
  source: string;
};

/**
 * A day of history for one demo device of every GPS-moving kind, so /track and /track_gps
 * show a route on a fresh start before the simulator has written any: the simulator's own
 * random-waypoint walk around each device's home during the day shift, a resting device at
 * night, seeded by IMEI so every fresh demo draws the same routes.
 */
export async function seedTracks(tx: Tx, tenantId: number, now = Date.now()): Promise<number> {
  // The second device of each kind: tests write their own series for the first one.
  const count = new Map<string, number>();
  const picked = demoFleet().filter((d) => {
    if (!KIND_INFO[d.kind].moves || d.kind === 'uwbTag') return false;
    const n = (count.get(d.kind) ?? 0) + 1;
    count.set(d.kind, n);
    return n === 2;
  });
  if (picked.length === 0) return 0;
  const ids = await tx
    .select({ id: devices.id, imei: devices.imei })
    .from(devices)
    .where(
      and(
        eq(devices.tenantId, tenantId),
        inArray(
          devices.imei,
          picked.map((d) => d.imei),
        ),
      ),
    );
  const idOf = new Map(ids.map((r) => [r.imei, r.id]));
  const start = Math.floor(now / 1000 / FIX_S) * FIX_S - DAY_S;
  let rows: Row[] = [];
  let written = 0;
  const flush = async () => {
    if (rows.length === 0) return;
    await tx.execute(sql`
      insert into ${deviceLocations} (device_id, tenant_id, ts, lat, lon, speed, heading, accuracy, source)
      select x.d, ${tenantId}, to_timestamp(x.ts), x.lat, x.lon, x.speed, x.heading, x.accuracy, x.source
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as x(d int, ts float8, lat float8, lon float8, speed float8, heading float8, accuracy float8, source text)`);
    written += rows.length;
    rows = [];
  };
  for (const d of picked) {
    const deviceId = idOf.get(d.imei);
    if (deviceId === undefined) continue;
    let n = 0;
    const move = gpsMotion(createRng(seedOf(`track:${d.imei}`)), d, d.scenario);
    let fix = move(0);
    const jf = createRng(seedOf(`jf:${d.imei}`));
    for (let s = start; s < start + DAY_S; s += FIX_S) {
      const working = onShift(s);
      // Off shift the device lies still where the walk ended and reports rarely.
      if (!working && s % REST_FIX_S !== 0) continue;
      fix = working ? move(FIX_S) : { ...fix, speed: 0 };
      if (fix.source === 'uwb') continue;
      if (d.kind === 'locator') {
        // The JF locator's history mixes GPS, LBS and Wi-Fi fixes with their radius.
        const f = jfFix(jf, fix);
        rows.push({
          d: deviceId,
          ts: s,
          lat: f.lat,
          lon: f.lon,
          heading: f.heading,
          speed: f.source === 'gps' ? f.speed : null,
          accuracy: f.accuracy,
          source: f.source,
        });
        continue;
      }
      const lbs = ++n % LBS_EVERY === 0;
      const base = { d: deviceId, ts: s, lat: fix.lat, lon: fix.lon, heading: fix.heading };
      rows.push(
        lbs
          ? { ...base, speed: null, accuracy: 350, source: 'lbs' }
          : { ...base, speed: fix.speed, accuracy: fix.accuracy, source: 'gps' },
      );
      if (rows.length >= BATCH) await flush();
    }
  }
  await flush();
  return written;
}
