import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoFleet } from '../../../src/shared/devices/demo';
import { jfFix, JF_MIX } from '../../../src/shared/devices/motion';
import type { MapDevice } from '../../../src/shared/geo/map-config';
import type { TrackColumns } from '../../../src/shared/geo/track';
import { createRng } from '../../../src/shared/prng';
import { deviceLocations, devices } from '../../../src/server/db/schema';
import { post, type TestApp } from '../helper';
import { demoApp, tenantWithAdmin } from '../org-helper';

let t: TestApp;
let demo: string;
let other: string;
let demoTenant: number;
const locator = demoFleet().find((d) => d.kind === 'locator')!;
// Far in the future, so the seeded history and the simulator never have a newer fix.
const T0 = Date.UTC(2030, 0, 1);
const iso = (ms: number) => new Date(ms).toISOString();

beforeAll(async () => {
  ({ t, demo, demoTenant } = await demoApp());
  other = (await tenantWithAdmin(t.app, 'JF Other', 'jfother')).token;
  const [d] = await t.app.db.select({ id: devices.id }).from(devices).where(eq(devices.imei, locator.imei));
  await t.app.db.insert(deviceLocations).values([
    { deviceId: d!.id, tenantId: demoTenant, ts: new Date(T0), lat: 22.54, lon: 114.06, accuracy: 6, source: 'gps' },
    {
      deviceId: d!.id,
      tenantId: demoTenant,
      ts: new Date(T0 + 1000),
      lat: 22.541,
      lon: 114.061,
      accuracy: 850,
      source: 'lbs',
    },
    {
      deviceId: d!.id,
      tenantId: demoTenant,
      ts: new Date(T0 + 2000),
      lat: 22.5405,
      lon: 114.0605,
      accuracy: 40,
      source: 'wifi',
    },
    // A UWB fix has no lat/lon: never the map's newest fix.
    { deviceId: d!.id, tenantId: demoTenant, ts: new Date(T0 + 3000), x: 1, y: 2, floor: '1F', source: 'uwb' },
  ]);
});
afterAll(() => t?.close());

describe('map/locations (locations_jf)', () => {
  it('answers the newest WGS-84 fix of each locator with its radius and source', async () => {
    const res = await post<MapDevice[]>(t.app, '/api/map/locations', { kind: 'locator' }, { token: demo });
    expect(res.code).toBe(0);
    const mine = res.data.find((d) => d.imei === locator.imei);
    expect(mine).toMatchObject({ lat: 22.5405, lon: 114.0605, accuracy: 40, source: 'wifi', ts: T0 + 2000 });
    expect(res.data.every((d) => typeof d.lat === 'number' && typeof d.state === 'number')).toBe(true);
  });

  it('another tenant sees none of them; a bad kind is refused', async () => {
    const res = await post<MapDevice[]>(t.app, '/api/map/locations', {}, { token: other });
    expect(res.code).toBe(0);
    expect(res.data.some((d) => d.imei === locator.imei)).toBe(false);
    expect((await post(t.app, '/api/map/locations', { kind: 'rocket' }, { token: demo })).code).toBe(400);
  });
});

describe('device/track with detail (Track_gps_jf)', () => {
  it('adds each point’s accuracy and source; without detail the columns are as before', async () => {
    const body = { imei: locator.imei, from: iso(T0), to: iso(T0 + 60_000) };
    const res = await post<TrackColumns>(t.app, '/api/device/track', { ...body, detail: true }, { token: demo });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      t: [T0, T0 + 1000, T0 + 2000],
      accuracy: [6, 850, 40],
      source: ['gps', 'lbs', 'wifi'],
    });
    const plain = await post<TrackColumns>(t.app, '/api/device/track', body, { token: demo });
    expect(plain.data.t).toHaveLength(3);
    expect(plain.data.accuracy).toBeUndefined();
  });
});

describe('jfFix', () => {
  it('mixes GPS, LBS and Wi-Fi fixes, each non-GPS one with its band of radius and within half of it', () => {
    const rng = createRng(7);
    const gps = { source: 'gps' as const, lat: 22.54, lon: 114.06, speed: 4, heading: 90, accuracy: 5 };
    const fixes = Array.from({ length: 2000 }, () => jfFix(rng, gps));
    const seen = { gps: 0, lbs: 0, wifi: 0 };
    for (const f of fixes) seen[f.source]++;
    // A GPS fix is the position itself.
    for (const f of fixes.filter((f) => f.source === 'gps')) expect(f).toBe(gps);
    for (const f of fixes.filter((f) => f.source !== 'gps')) {
      const band = f.source === 'lbs' ? JF_MIX.lbsAccuracyM : JF_MIX.wifiAccuracyM;
      expect(f.accuracy).toBeGreaterThanOrEqual(band.min);
      expect(f.accuracy).toBeLessThanOrEqual(band.max);
      const offM = Math.hypot(
        (f.lat - gps.lat) * 111_320,
        (f.lon - gps.lon) * 111_320 * Math.cos((gps.lat * Math.PI) / 180),
      );
      expect(offM).toBeLessThanOrEqual(f.accuracy / 2 + 1);
    }
    expect(seen.lbs).toBeGreaterThan(300);
    expect(seen.wifi).toBeGreaterThan(300);
    expect(seen.gps).toBeGreaterThan(700);
  });
});
