import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoFleet } from '../../../src/shared/devices/demo';
import { distanceM } from '../../../src/shared/geo/fence';
import { CSV_HEADER, MAX_TRACK_POINTS, type TrackColumns } from '../../../src/shared/geo/track';
import { deviceLocations, devices } from '../../../src/server/db/schema';
import { post, type TestApp } from '../helper';
import { demoApp, tenantWithAdmin } from '../org-helper';

let t: TestApp;
let demo: string;
let su: string;
let other: string;
let demoTenant: number;
const fleet = demoFleet();
const watch = fleet.find((d) => d.kind === 'watch')!;
const band = fleet.find((d) => d.kind === 'wristband')!;
const T0 = Date.UTC(2026, 0, 1);
const iso = (ms: number) => new Date(ms).toISOString();

beforeAll(async () => {
  ({ t, su, demo, demoTenant } = await demoApp());
  other = (await tenantWithAdmin(t.app, 'Other Co', 'otheradmin')).token;
});
afterAll(() => t?.close());

const api = <T = TrackColumns>(path: string, body: unknown, token = demo) =>
  post<T>(t.app, `/api/device/${path}`, body, { token });
const idOf = async (imei: string) =>
  (await t.app.db.select({ id: devices.id }).from(devices).where(eq(devices.imei, imei)))[0]!.id;
const exportFile = (body: object, token = demo) =>
  t.app.inject({ method: 'POST', url: '/api/device/track/export', payload: body, headers: { authorization: token } });

describe('device/track', () => {
  beforeAll(async () => {
    const id = await idOf(watch.imei);
    await t.app.db.insert(deviceLocations).values([
      { deviceId: id, tenantId: demoTenant, ts: new Date(T0 + 2000), lat: 22.5402, lon: 114.06, source: 'gps' },
      { deviceId: id, tenantId: demoTenant, ts: new Date(T0), lat: 22.54, lon: 114.06, speed: 3.6, source: 'gps' },
      { deviceId: id, tenantId: demoTenant, ts: new Date(T0 + 1000), lat: 22.5401, lon: 114.06, source: 'lbs' },
      // A UWB-only fix has no lat/lon: never part of a map track.
      { deviceId: id, tenantId: demoTenant, ts: new Date(T0 + 1500), x: 1, y: 2, floor: '1F', source: 'uwb' },
      { deviceId: id, tenantId: demoTenant, ts: new Date(T0 + 3_600_000), lat: 22.6, lon: 114.1, source: 'gps' },
    ]);
  });

  it('columns oldest first in the range; gps keeps GPS fixes only', async () => {
    const all = await api('track', { imei: watch.imei, from: iso(T0), to: iso(T0 + 60_000) });
    expect(all.code).toBe(0);
    expect(all.data).toEqual({
      t: [T0, T0 + 1000, T0 + 2000],
      lat: [22.54, 22.5401, 22.5402],
      lon: [114.06, 114.06, 114.06],
      speed: [3.6, null, null],
      truncated: false,
    });
    const gps = await api('track', { imei: watch.imei, from: iso(T0), to: iso(T0 + 60_000), source: 'gps' });
    expect(gps.data.t).toEqual([T0, T0 + 2000]);
    expect((await api('track', { imei: watch.imei, from: iso(T0 + 10), to: iso(T0 + 20) })).data.t).toEqual([]);
  });

  it('range validation: from <= to, at most 31 days, valid dates and IMEI', async () => {
    const ok = { imei: watch.imei, from: iso(T0), to: iso(T0) };
    expect((await api('track', ok)).code).toBe(0);
    const backwards = await api('track', { ...ok, from: iso(T0 + 1) });
    expect(backwards).toMatchObject({ code: 400, key: 'dateInvalid' });
    const long = await api('track', { ...ok, to: iso(T0 + 31 * 86_400_000 + 1) });
    expect(long).toMatchObject({ code: 400, key: 'tooLarge' });
    expect((await api('track', { ...ok, to: iso(T0 + 31 * 86_400_000) })).code).toBe(0);
    expect((await api('track', { ...ok, from: 'soon' })).code).toBe(400);
    // Dates come in date shapes (dashes or slashes, optional time and zone), not any text V8 reads.
    expect((await api('track', { ...ok, from: '2026/01/01 00:00:00Z', to: '2026/01/02' })).code).toBe(0);
    expect((await api('track', { ...ok, from: 'Thu, 01 Jan 2026 00:00:00 GMT' })).code).toBe(400);
    expect((await api('track', { ...ok, imei: 'x' })).code).toBe(400);
    expect((await api('track', { ...ok, source: 'wifi' })).code).toBe(400);
    expect((await api('track', {})).code).toBe(400);
  });

  it("tenant isolation: another tenant's device is not found; the super administrator sees it", async () => {
    const body = { imei: watch.imei, from: iso(T0), to: iso(T0 + 60_000) };
    expect((await api('track', body, other)).code).toBe(404);
    expect((await exportFile({ ...body, format: 'csv' }, other)).json()).toMatchObject({ code: 404 });
    expect((await api('track', body, su)).data.t).toHaveLength(3);
  });

  it('100,000 points answered in one go; more are cut and flagged', async () => {
    const id = await idOf(band.imei);
    const base = Date.UTC(2026, 1, 1);
    // One statement: generate_series writes 100,001 rows, one past the cap.
    await t.app.db.execute(sql`
      insert into device_locations (device_id, tenant_id, ts, lat, lon, speed, source)
      select ${id}, ${demoTenant}, to_timestamp((${base}::float8 + g * 1000) / 1000), 22.5 + g * 1e-7, 114 + sin(g / 100.0) * 1e-3, (g % 7)::float8, 'gps'
      from generate_series(0, ${MAX_TRACK_POINTS}) g`);
    const body = { imei: band.imei, from: iso(base), to: iso(base + 2 * 86_400_000) };
    // Its time is the track bench's (tests/bench/track.ts), not a unit test's.
    const res = await api('track', body);
    expect(res.data.t).toHaveLength(MAX_TRACK_POINTS);
    expect(res.data.truncated).toBe(true);
    expect(res.data.t[0]).toBe(base);
    expect(res.data.t[MAX_TRACK_POINTS - 1]).toBe(base + (MAX_TRACK_POINTS - 1) * 1000);
    expect(res.data.speed[8]).toBe(1);
    const exact = await api('track', { ...body, to: iso(base + (MAX_TRACK_POINTS - 1) * 1000) });
    expect(exact.data.t).toHaveLength(MAX_TRACK_POINTS);
    expect(exact.data.truncated).toBe(false);
  });
});

describe('demo history', () => {
  it('a day of history for the second device of each GPS-moving kind: walks by day, rests by night; LBS fixes only under all sources', async () => {
    const [first, helmet] = fleet.filter((d) => d.kind === 'helmet');
    // The day ends at the seed's last fix, not at the clock: a test app copies a template seeded
    // minutes earlier, and a window ending now would lose the walk's last minutes at its start.
    const [row] = await t.app.db
      .select({ last: sql<string>`max(${deviceLocations.ts})` })
      .from(deviceLocations)
      .where(eq(deviceLocations.deviceId, await idOf(helmet!.imei)));
    const last = new Date(row!.last).getTime();
    const body = { imei: helmet!.imei, from: iso(last - 86_400_000 + 1), to: iso(last) };
    const all = (await api('track', body)).data;
    const gps = (await api('track', { ...body, source: 'gps' })).data;
    // 12 hours of walking at a fix a minute, 12 at rest at one in ten minutes.
    expect(all.t.length).toBeGreaterThanOrEqual(790);
    expect(all.t.length).toBeLessThanOrEqual(794);
    const intervals = new Set(all.t.slice(1).map((t, i) => t - all.t[i]!));
    expect([...intervals].sort((a, b) => a - b)).toEqual([60_000, 600_000]);
    expect(gps.t.length).toBeLessThan(all.t.length);
    let maxStep = 0;
    for (let i = 1; i < all.t.length; i++)
      maxStep = Math.max(maxStep, distanceM([all.lon[i - 1]!, all.lat[i - 1]!], [all.lon[i]!, all.lat[i]!]));
    // A walk: at most 1.6 m/s for a minute between fixes, and within the site's radius of home.
    expect(maxStep).toBeLessThan(100);
    expect(
      Math.max(...all.lat.map((lat, i) => distanceM([helmet!.lon, helmet!.lat], [all.lon[i]!, lat]))),
    ).toBeLessThan(200);
    expect((await api('track', { ...body, imei: first!.imei })).data.t).toEqual([]);
  });
});

describe('device/track/export', () => {
  const body = { imei: watch.imei, from: iso(T0), to: iso(T0 + 60_000) };

  it('GPX 1.1 with content type and disposition', async () => {
    const res = await exportFile({ ...body, format: 'gpx' });
    expect(res.headers['content-type']).toBe('application/gpx+xml; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="track-${watch.imei}-20260101.gpx"`);
    expect(res.body).toContain('<gpx version="1.1"');
    expect(res.body).toContain(`<name>${watch.name}</name>`);
    const times = [...res.body.matchAll(/<time>([^<]+)<\/time><\/trkpt>/g)].map((m) => m[1]);
    expect(times).toEqual([iso(T0), iso(T0 + 1000), iso(T0 + 2000)]);
  });

  it('CSV with the header and derived columns; gps source honoured', async () => {
    const res = await exportFile({ ...body, format: 'csv', source: 'gps' });
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="track-${watch.imei}-20260101.csv"`);
    const rows = res.body
      .trimEnd()
      .split('\r\n')
      .map((l) => l.split(','));
    expect(rows[0]).toEqual([...CSV_HEADER]);
    expect(rows).toHaveLength(3);
    expect(rows[1]!.slice(0, 6)).toEqual([watch.imei, iso(T0), '22.54', '114.06', '3.6', '2']);
    expect(Number(rows[1]![6])).toBeCloseTo(22.2, 1);
  });

  it('bad format or range: an envelope error, not a file', async () => {
    expect((await exportFile({ ...body, format: 'kml' })).json()).toMatchObject({ code: 400 });
    expect((await exportFile({ ...body, format: 'gpx', from: iso(T0 + 120_000) })).json()).toMatchObject({
      code: 400,
      key: 'dateInvalid',
    });
  });

  it('text that only V8 reads as a date is refused, and the file is named after the parsed day', async () => {
    // Date.parse('中 2026 1') is a number in V8; its text in a header was an HTTP 500.
    for (const from of ['中 2026 1', 'x 1', '2026-02-31']) {
      const res = await exportFile({ ...body, format: 'csv', from });
      expect(res.statusCode, from).toBe(200);
      expect(res.json(), from).toMatchObject({ code: 400, key: 'dateInvalid' });
    }
    const res = await exportFile({ ...body, format: 'csv', from: '2026/01/01 00:00:00Z' });
    expect(res.headers['content-disposition']).toBe(`attachment; filename="track-${watch.imei}-20260101.csv"`);
  });
});
