import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_STATE } from '../../../src/shared/codes';
import type { MetricDevices, MetricFleet } from '../../../src/shared/devices/api';
import { demoFleet } from '../../../src/shared/devices/demo';
import { KIND_INFO, type Metric } from '../../../src/shared/devices/kinds';
import { metricAlarmType, metricLevel, metricLimits } from '../../../src/shared/devices/metric-limits';
import { METRIC_ROUTES } from '../../../src/shared/devices/metric-routes';
import { DEFAULT_SETTINGS, LIMIT_METRICS } from '../../../src/shared/devices/settings';
import { SPEC_ROUTES as ROUTES } from '../../../src/shared/routes';
import { devices } from '../../../src/server/db/schema';
import { post, type TestApp } from '../helper';
import { demoApp, tenantWithAdmin } from '../org-helper';

let t: TestApp;
let su: string;
let demo: string;
let other: string;
let visitor: string;
const fleet = demoFleet();
const wearers = fleet.filter((d) => d.kind === 'helmet' || d.kind === 'wristband');
const [h1, h2, h3, h4] = wearers;

beforeAll(async () => {
  ({ t, su, demo } = await demoApp());
  other = (await tenantWithAdmin(t.app, 'Other Co', 'otheradmin')).token;
  visitor = String((await post(t.app, '/api/auth/auth/visitorLogin', { language: 'CN' })).headers.authorization);
});
afterAll(() => t?.close());

const metricDevices = (body: object, token = demo) =>
  post<MetricDevices>(t.app, '/api/device/metric/devices', body, { token });
const set = (imei: string, values: Partial<typeof devices.$inferInsert>) =>
  t.app.db.update(devices).set(values).where(eq(devices.imei, imei));

describe('the route table', () => {
  it('maps every telemetry route of the catalogue to metrics that exist, each with a map layout', () => {
    for (const [route, metrics] of Object.entries(METRIC_ROUTES)) {
      expect(ROUTES.find((r) => r.value === route)?.layout, route).toBe('map');
      expect(metrics.length).toBeGreaterThan(0);
    }
    expect(metricAlarmType('heartRate')).toBe(6);
    expect(metricAlarmType('battery')).toBe(9);
    expect(metricAlarmType('power')).toBeUndefined();
    expect(metricLimits('battery', null)).toEqual({ min: 20 });
    expect(metricLimits('gas', null)).toEqual({ max: 10 });
    expect(metricLimits('voltage', null)).toEqual({});
    expect(metricLevel(DEVICE_STATE.offline, 80, {})).toBe('offline');
  });
});

describe('POST /api/device/metric/devices', () => {
  it('lists the devices that report the metric with their value, limits and level', async () => {
    await set(h1!.imei, { state: DEVICE_STATE.online, lastValues: { heartRate: 130 }, settings: null });
    await set(h2!.imei, { state: DEVICE_STATE.online, lastValues: { heartRate: 45 }, settings: null });
    // Own limits: 60 is below this device's low limit of 65.
    await set(h3!.imei, {
      state: DEVICE_STATE.online,
      lastValues: { heartRate: 60 },
      settings: { ...DEFAULT_SETTINGS, limits: { heartRate: { low: 65, high: 140, interval: 5 } } },
    });
    await set(h4!.imei, { state: DEVICE_STATE.offline, lastValues: { heartRate: 72 }, settings: null });

    const res = await metricDevices({ metric: 'heartRate', size: 100 });
    expect(res.code).toBe(0);
    const rows = res.data.rows;
    const reporting = fleet.filter((d) => (KIND_INFO[d.kind].metrics as readonly Metric[]).includes('heartRate'));
    expect(res.data.total).toBe(reporting.length);
    expect(
      rows.every((r) =>
        (KIND_INFO[r.kind as keyof typeof KIND_INFO].metrics as readonly string[]).includes('heartRate'),
      ),
    ).toBe(true);
    const byImei = new Map(rows.map((r) => [r.imei, r]));
    const dflt = { min: LIMIT_METRICS.heartRate.low, max: LIMIT_METRICS.heartRate.high };
    expect(byImei.get(h1!.imei)).toMatchObject({ value: 130, level: 'high', limits: dflt, kind: h1!.kind });
    expect(byImei.get(h2!.imei)).toMatchObject({ value: 45, level: 'low', limits: dflt });
    expect(byImei.get(h3!.imei)).toMatchObject({ value: 60, level: 'low', limits: { min: 65, max: 140 } });
    expect(byImei.get(h4!.imei)).toMatchObject({ value: 72, level: 'offline' });
    // Out-of-limit readings first.
    expect(
      rows
        .slice(0, 3)
        .map((r) => r.level)
        .sort(),
    ).toEqual(['high', 'low', 'low']);
    // The SQL level agrees with metricLevel for every row.
    for (const r of rows) expect(r.level).toBe(metricLevel(r.state, r.value, r.limits));
    expect(res.data.counts.high).toBeGreaterThanOrEqual(1);
    expect(res.data.counts.low).toBeGreaterThanOrEqual(2);
  });

  it("the fleet: worst first across the levels (beyond their limits by the width of their band), offline last, with the worst ones' last hours", async () => {
    const res = await post<MetricFleet>(
      t.app,
      '/api/device/metric/fleet',
      { metric: 'heartRate', size: 100, lines: 2 },
      { token: demo },
    );
    expect(res.code).toBe(0);
    const { devices: rows, series } = res.data;
    // h1 130 over 50~120: 10/70 beyond; h2 45: 5/70; h3 60 under its own 65~140: 5/75.
    expect(rows.slice(0, 3).map((r) => r.imei)).toEqual([h1!.imei, h2!.imei, h3!.imei]);
    const firstOffline = rows.findIndex((r) => r.level === 'offline');
    expect(rows.slice(firstOffline).every((r) => r.level === 'offline')).toBe(true);
    expect(res.data.live).toBe(rows.filter((r) => r.level !== 'offline').length);
    expect(series.map((s) => s.imei)).toEqual([h1!.imei, h2!.imei]);
    // The demo's seeded history: the last hours by the minute.
    expect(series[0]!.grain).toBe('minute');
    expect(series[0]!.points.length).toBeGreaterThan(100);
    expect(Date.parse(res.data.to) - Date.parse(res.data.from)).toBe(3 * 3_600_000);
    expect(
      (await post(t.app, '/api/device/metric/fleet', { metric: 'heartRate', hours: 0 }, { token: demo })).code,
    ).toBe(400);
    expect(
      (await post<MetricFleet>(t.app, '/api/device/metric/fleet', { metric: 'heartRate' }, { token: other })).data,
    ).toMatchObject({ devices: [], live: 0, series: [] });
  });

  it('filters by level and keyword and pages', async () => {
    const low = await metricDevices({ metric: 'heartRate', level: 'low' });
    expect(low.data.rows.map((r) => r.level)).toEqual(low.data.rows.map(() => 'low'));
    expect(low.data.total).toBe(low.data.counts.low);
    const one = await metricDevices({ metric: 'heartRate', keyword: h1!.imei });
    expect(one.data.rows.map((r) => r.imei)).toEqual([h1!.imei]);
    const page2 = await metricDevices({ metric: 'heartRate', page: 2, size: 1 });
    expect(page2.data.rows).toHaveLength(1);
  });

  it('fixed limits for metrics without per-device settings', async () => {
    const band = fleet.find((d) => d.kind === 'wristband')!;
    await set(band.imei, { state: DEVICE_STATE.online, lastValues: { battery: 12 } });
    const res = await metricDevices({ metric: 'battery', keyword: band.imei });
    expect(res.data.rows[0]).toMatchObject({ value: 12, limits: { min: 20 }, level: 'low' });
  });

  it('is tenant-scoped: another tenant sees none of the demo devices; the platform administrator sees them', async () => {
    const res = await metricDevices({ metric: 'heartRate' }, other);
    expect(res.code).toBe(0);
    expect(res.data.total).toBe(0);
    expect(res.data.rows).toEqual([]);
    expect((await metricDevices({ metric: 'heartRate', keyword: h1!.imei }, su)).data.rows).toHaveLength(1);
  });

  it('the visitor reads with personal fields masked', async () => {
    await t.app.db
      .update(devices)
      .set({ personPhone: '13800138000' })
      .where(inArray(devices.imei, [h1!.imei]));
    const own = await metricDevices({ metric: 'heartRate', keyword: h1!.imei });
    expect(own.data.rows[0]!.personPhone).toBe('13800138000');
    const res = await metricDevices({ metric: 'heartRate', keyword: h1!.imei }, visitor);
    expect(res.code).toBe(0);
    expect(res.data.rows[0]!.personPhone).toBe('138****8000');
  });

  it('refuses an unknown metric or level with 400', async () => {
    expect((await metricDevices({ metric: 'pulse' })).code).toBe(400);
    expect((await metricDevices({ metric: 'heartRate', level: 'hot' })).code).toBe(400);
    expect((await metricDevices({})).code).toBe(400);
  });
});
