import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AlarmAnalytics,
  DeviceAnalytics,
  ManagementStats,
  ScatterAnswer,
  StateLineAnswer,
} from '../../../src/shared/analytics';
import { ROLLUP_GRAIN } from '../../../src/shared/rollups';
import { alarmRecords, departments, deviceEvents, devices, readingRollups } from '../../../src/server/db/schema';
import { post, type TestApp } from '../helper';
import { demoApp, tenantWithAdmin } from '../org-helper';

let t: TestApp;
let demo: string;
let demoTenant: number;
let ana: string;
let tenant: number;
const dev: Record<'d1' | 'd2' | 'd3', { id: number; imei: string }> = {} as never;
let deptA: number;
let deptB: number;

// TIME_ZONE is Asia/Shanghai (+08:00): the window is the local days 2026-11-21 .. 2026-11-23.
const window = { from: '2026-11-20T16:00:00.000Z', to: '2026-11-23T15:59:59.000Z' };
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  ({ t, demo, demoTenant } = await demoApp());
  ({ tenant, token: ana } = await tenantWithAdmin(t.app, 'Analytics Co', 'anaadmin'));
  const db = t.app.db;
  [{ id: deptA }] = (await db
    .insert(departments)
    .values({ tenantId: tenant, name: '一部' })
    .returning({ id: departments.id })) as [{ id: number }];
  [{ id: deptB }] = (await db
    .insert(departments)
    .values({ tenantId: tenant, pid: deptA, name: '一部一组' })
    .returning({ id: departments.id })) as [{ id: number }];
  const rows = await db
    .insert(devices)
    .values([
      {
        tenantId: tenant,
        imei: '990000000000001',
        name: 'H1',
        kind: 'helmet',
        state: 1,
        departmentId: deptA,
        stockState: 5,
      },
      {
        tenantId: tenant,
        imei: '990000000000002',
        name: '=cmd',
        kind: 'wristband',
        state: 0,
        departmentId: deptB,
        stockState: 5,
      },
      { tenantId: tenant, imei: '990000000000003', name: 'S3', kind: 'smoke', state: 2, stockState: 1 },
    ])
    .returning({ id: devices.id, imei: devices.imei });
  [dev.d1, dev.d2, dev.d3] = rows as [
    { id: number; imei: string },
    { id: number; imei: string },
    { id: number; imei: string },
  ];
  const alarm = (
    d: { id: number; imei: string },
    type: number,
    ts: string,
    departmentId: number | null,
    handledS?: number,
  ) => ({
    tenantId: tenant,
    deviceId: d.id,
    imei: d.imei,
    type,
    level: 2,
    title: 't',
    deviceName: d.imei === dev.d1.imei ? 'H1' : null,
    departmentId,
    ts: at(ts),
    createdAt: at(ts),
    // A handled alarm was acknowledged in a tenth of its time to handle.
    ...(handledS === undefined
      ? {}
      : {
          handleState: 1,
          handledAt: new Date(Date.parse(ts) + handledS * 1000),
          ackedAt: new Date(Date.parse(ts) + handledS * 100),
        }),
  });
  await db.insert(alarmRecords).values([
    alarm(dev.d1, 6, '2026-11-21T01:00:00Z', deptA, 600), // local 11-21 09:00
    alarm(dev.d1, 6, '2026-11-22T02:30:00Z', deptA, 1200), // local 11-22 10:30
    alarm(dev.d2, 9, '2026-11-22T17:00:00Z', deptB), // local 11-23 01:00
    alarm(dev.d3, 9, '2026-11-19T12:00:00Z', null), // before the window
    // Events, not alarms (docs/alarms.md): a device online, a fence recovery, a door call. No screen counts them.
    alarm(dev.d1, 1, '2026-11-21T03:00:00Z', deptA),
    alarm(dev.d1, 3, '2026-11-21T04:00:00Z', deptA, 0),
    alarm(dev.d2, 33, '2026-11-22T05:00:00Z', deptB),
  ]);
  const hour1 = at('2026-11-22T02:00:00Z');
  const hour2 = at('2026-11-22T03:00:00Z');
  const rollup = (d: { id: number }, metric: string, bucket: Date, n: number, sum: number) => ({
    deviceId: d.id,
    tenantId: tenant,
    metric,
    grain: ROLLUP_GRAIN.hour,
    bucket,
    n,
    sum,
    min: sum / n,
    max: sum / n,
  });
  await db
    .insert(readingRollups)
    .values([
      rollup(dev.d1, 'heartRate', hour1, 2, 140),
      rollup(dev.d1, 'bodyTemp', hour1, 2, 73),
      rollup(dev.d1, 'heartRate', hour2, 1, 80),
      rollup(dev.d2, 'heartRate', hour1, 1, 90),
      rollup(dev.d2, 'battery', hour1, 1, 50),
    ]);
  await db.insert(deviceEvents).values([
    { deviceId: dev.d1.id, tenantId: tenant, ts: at('2026-11-20T10:00:00Z'), type: 'offline' },
    { deviceId: dev.d1.id, tenantId: tenant, ts: at('2026-11-21T08:00:00Z'), type: 'online' },
    { deviceId: dev.d1.id, tenantId: tenant, ts: at('2026-11-21T09:00:00Z'), type: 'online' },
    { deviceId: dev.d1.id, tenantId: tenant, ts: at('2026-11-22T08:00:00Z'), type: 'offline' },
  ]);
});
afterAll(() => t?.close());

describe('POST /api/device/analytics/alarms/stats', () => {
  it('counts by type, local day and hour, with the handling rate, mean time to handle and top devices', async () => {
    const res = await post<AlarmAnalytics>(t.app, '/api/device/analytics/alarms/stats', window, { token: ana });
    expect(res.code).toBe(0);
    const s = res.data;
    expect(s.total).toBe(3);
    expect(s.handled).toBe(2);
    expect(s.handlingRate).toBeCloseTo(2 / 3);
    expect(s.meanHandleS).toBe(900);
    expect(s.ackMedianS).toBe(90);
    expect(s.byType).toEqual([
      { type: 6, count: 2 },
      { type: 9, count: 1 },
    ]);
    expect(s.byDay).toEqual([
      { day: '2026-11-21', count: 1 },
      { day: '2026-11-22', count: 1 },
      { day: '2026-11-23', count: 1 },
    ]);
    expect(s.handledByDay).toEqual([1, 1, 0]);
    expect(s.byHour).toHaveLength(24);
    expect([s.byHour[9], s.byHour[10], s.byHour[1]]).toEqual([1, 1, 1]);
    expect(s.byHour.reduce((a, b) => a + b, 0)).toBe(3);
    expect(s.topDevices[0]).toEqual({ imei: dev.d1.imei, name: 'H1', count: 2 });
  });

  it('filters by department', async () => {
    const res = await post<AlarmAnalytics>(
      t.app,
      '/api/device/analytics/alarms/stats',
      { ...window, departmentId: deptB },
      { token: ana },
    );
    expect(res.data).toMatchObject({ total: 1, handled: 0, handlingRate: 0, meanHandleS: null });
  });

  it("never counts another tenant's alarms", async () => {
    const res = await post<AlarmAnalytics>(t.app, '/api/device/analytics/alarms/stats', window, { token: demo });
    expect(res.code).toBe(0);
    expect(res.data.topDevices.map((d) => d.imei)).not.toContain(dev.d1.imei);
  });

  it('refuses a reversed, overlong or malformed window', async () => {
    const ask = (body: object) => post(t.app, '/api/device/analytics/alarms/stats', body, { token: ana });
    expect((await ask({ from: window.to, to: window.from })).code).toBe(400);
    expect((await ask({ from: '2024-01-01T00:00:00Z', to: '2026-01-01T00:00:00Z' })).code).toBe(400);
    expect((await ask({ from: 'yesterday', to: window.to })).code).toBe(400);
    expect((await ask({ ...window, departmentId: -1 })).code).toBe(400);
  });
});

describe('POST /api/device/analytics/devices/stats', () => {
  it('counts devices by state, kind and department tree, and devices reporting per hour from the rollups', async () => {
    const res = await post<DeviceAnalytics>(t.app, '/api/device/analytics/devices/stats', window, { token: ana });
    expect(res.code).toBe(0);
    const s = res.data;
    expect(s.total).toBe(3);
    expect(s.byState).toEqual([
      { state: 0, count: 1 },
      { state: 1, count: 1 },
      { state: 2, count: 1 },
    ]);
    expect(s.byKind.map((k) => k.kind).sort()).toEqual(['helmet', 'smoke', 'wristband']);
    expect(s.grain).toBe('hour');
    expect(s.onlineTrend).toEqual([
      { t: '2026-11-22T02:00:00.000Z', count: 2 },
      { t: '2026-11-22T03:00:00.000Z', count: 1 },
    ]);
    expect(s.departments).toEqual([
      { id: deptA, name: '一部', count: 1, children: [{ id: deptB, name: '一部一组', count: 1, children: [] }] },
      { id: 0, name: '未分配部门', count: 1, children: [] },
    ]);
  });

  it('filters by department, rollups included', async () => {
    const res = await post<DeviceAnalytics>(
      t.app,
      '/api/device/analytics/devices/stats',
      { ...window, departmentId: deptB },
      { token: ana },
    );
    expect(res.data.total).toBe(1);
    expect(res.data.onlineTrend).toEqual([{ t: '2026-11-22T02:00:00.000Z', count: 1 }]);
  });

  it("another tenant's rollups and devices stay out", async () => {
    const res = await post<DeviceAnalytics>(t.app, '/api/device/analytics/devices/stats', window, { token: demo });
    expect(res.data.departments.map((d) => d.name)).not.toContain('一部');
    // The demo's own devices (its seeded history may cover that hour), not the other tenant's two.
    const own = await t.app.db
      .selectDistinct({ id: readingRollups.deviceId })
      .from(readingRollups)
      .where(
        and(
          eq(readingRollups.tenantId, demoTenant),
          eq(readingRollups.grain, ROLLUP_GRAIN.hour),
          eq(readingRollups.bucket, new Date('2026-11-22T02:00:00.000Z')),
        ),
      );
    expect(res.data.onlineTrend.find((p) => p.t === '2026-11-22T02:00:00.000Z')?.count ?? 0).toBe(own.length);
  });
});

describe('POST /api/device/analytics/state/events', () => {
  it('answers 1 = online / 2 = offline at the start and at each change', async () => {
    const res = await post<StateLineAnswer>(
      t.app,
      '/api/device/analytics/state/events',
      { imei: dev.d1.imei, ...window },
      { token: ana },
    );
    expect(res.code).toBe(0);
    expect(res.data.points).toEqual([
      { t: window.from, state: 2 },
      { t: '2026-11-21T08:00:00.000Z', state: 1 },
      { t: '2026-11-22T08:00:00.000Z', state: 2 },
      { t: window.to, state: 2 },
    ]);
  });

  it("another tenant's device is not found", async () => {
    const res = await post(
      t.app,
      '/api/device/analytics/state/events',
      { imei: dev.d1.imei, ...window },
      { token: demo },
    );
    expect(res.code).not.toBe(0);
    expect(res.key).toBe('notFound');
  });
});

describe('POST /api/device/analytics/scatter/rollups', () => {
  it('pairs the hourly means of two metrics of the same device and hour', async () => {
    const res = await post<ScatterAnswer>(
      t.app,
      '/api/device/analytics/scatter/rollups',
      { ...window, x: 'heartRate', y: 'bodyTemp' },
      { token: ana },
    );
    expect(res.code).toBe(0);
    expect(res.data.series).toEqual([{ kind: 'helmet', points: [[70, 36.5]] }]);
    const other = await post<ScatterAnswer>(
      t.app,
      '/api/device/analytics/scatter/rollups',
      { ...window, x: 'heartRate', y: 'bodyTemp' },
      { token: demo },
    );
    expect(other.data.series.flatMap((s) => s.points)).not.toContainEqual([70, 36.5]);
    expect(
      (
        await post(
          t.app,
          '/api/device/analytics/scatter/rollups',
          { ...window, x: 'pulse', y: 'bodyTemp' },
          { token: ana },
        )
      ).code,
    ).toBe(400);
  });
});

describe('POST /api/device/analytics/export', () => {
  it('writes a panel as CSV with a BOM', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/device/analytics/export',
      headers: { authorization: ana },
      payload: { ...window, panel: 'topDevices', format: 'csv' },
    });
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/topDevices-\d{8}\.csv/);
    const lines = res.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe('IMEI,设备名称,报警数');
    expect(lines[1]).toBe(`${dev.d1.imei},H1,2`);
    const hours = await t.app.inject({
      method: 'POST',
      url: '/api/device/analytics/export',
      headers: { authorization: ana },
      payload: { ...window, panel: 'alarmHours', format: 'csv' },
    });
    expect(hours.body.trim().split('\r\n')).toHaveLength(25);
    const handling = await t.app.inject({
      method: 'POST',
      url: '/api/device/analytics/export',
      headers: { authorization: ana },
      payload: { ...window, panel: 'alarmHandling', format: 'csv' },
    });
    expect(handling.body.replace('\uFEFF', '').trim().split('\r\n')).toEqual([
      '报警总数,已处理,处理率,平均处理时长(秒),确认用时中位数(秒)',
      '3,2,66.7%,900,90',
    ]);
  });

  it('writes XLSX and refuses an unknown panel', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/device/analytics/export',
      headers: { authorization: ana },
      payload: { ...window, panel: 'departments', format: 'xlsx' },
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(
      (
        await post(
          t.app,
          '/api/device/analytics/export',
          { ...window, panel: 'secrets', format: 'csv' },
          { token: ana },
        )
      ).code,
    ).toBe(400);
  });
});

describe('POST /api/user/management/stats', () => {
  it("counts the caller's tenant only", async () => {
    const res = await post<ManagementStats>(t.app, '/api/user/management/stats', {}, { token: ana });
    expect(res.code).toBe(0);
    expect(res.data.users).toEqual({ total: 1, enabled: 1 });
    expect(res.data.roles).toBe(1);
    expect(res.data.departments).toBe(2);
    expect(res.data.devices.total).toBe(3);
    expect(res.data.devices.byStock).toEqual([
      { state: 1, count: 1 },
      { state: 5, count: 2 },
    ]);
    expect(res.data.audit.byDay).toHaveLength(7);
    const demoStats = await post<ManagementStats>(t.app, '/api/user/management/stats', {}, { token: demo });
    expect(demoStats.data.devices.total).not.toBe(3);
  });
});
