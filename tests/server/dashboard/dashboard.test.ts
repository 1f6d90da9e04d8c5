import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEVICE_STATE } from '../../../src/shared/codes';
import {
  DASHBOARD_CODE,
  dashboardPushSchema,
  scenarioKinds,
  type DashboardSummary,
} from '../../../src/shared/dashboard';
import { demoFleet } from '../../../src/shared/devices/demo';
import { tenantDashboardTopic } from '../../../src/shared/topics';
import {
  alarmNotifications,
  alarmRecords,
  attendanceRecords,
  departments,
  deviceAlarmConditions,
  devices,
  users,
} from '../../../src/server/db/schema';
import { DashboardPublisher } from '../../../src/server/push/dashboard';
import { AlarmHub } from '../../../src/server/alarms/hub';
import { DeviceHub } from '../../../src/server/devices/hub';
import { UplinkPipeline } from '../../../src/server/ingest/pipeline';
import { localDayOf, localInstant } from '../../../src/shared/attendance/days';
import type { AlarmAnalytics } from '../../../src/shared/analytics';
import { post, type TestApp } from '../helper';
import { demoApp, parseCsv, tenantWithAdmin } from '../org-helper';

let t: TestApp;
let demo: string;
let demoTenant: number;
let other: string;
let otherTenant: number;
const fleet = demoFleet();
const helmets = fleet.filter((d) => d.kind === 'helmet');
const smokes = fleet.filter((d) => d.kind === 'smoke');

const summary = (body: object, token = demo) =>
  post<DashboardSummary>(t.app, '/api/device/dashboard/summary', body, { token });
const idOf = async (imei: string) =>
  (await t.app.db.select({ id: devices.id }).from(devices).where(eq(devices.imei, imei)))[0]!.id;

beforeAll(async () => {
  ({ t, demo, demoTenant } = await demoApp());
  ({ token: other, tenant: otherTenant } = await tenantWithAdmin(t.app, 'Other Co', 'otheradmin'));
  const now = t.app.clock.now();
  // The seed's sample alarms out of the way: the figures below are exactly what this file adds.
  await t.app.db.delete(alarmRecords).where(eq(alarmRecords.tenantId, demoTenant));
  await t.app.db.delete(deviceAlarmConditions).where(eq(deviceAlarmConditions.tenantId, demoTenant));
  // Construction: both helmets online, one of them taken off.
  await t.app.db.update(devices).set({ state: DEVICE_STATE.offline }).where(eq(devices.tenantId, demoTenant));
  await t.app.db
    .update(devices)
    .set({ state: DEVICE_STATE.online, lastValues: { heartRate: 80 } })
    .where(
      inArray(
        devices.imei,
        helmets.slice(0, 2).map((h) => h.imei),
      ),
    );
  const off = await idOf(helmets[0]!.imei);
  await t.app.db
    .insert(deviceAlarmConditions)
    .values({ deviceId: off, tenantId: demoTenant, type: 4, since: new Date(now), dueAt: new Date(now), raised: 1 });
  // Fire: one smoke detector online reading 12, with a raised smoke condition.
  const smoke = await idOf(smokes[0]!.imei);
  await t.app.db
    .update(devices)
    .set({ state: DEVICE_STATE.online, lastValues: { smoke: 12 } })
    .where(eq(devices.id, smoke));
  await t.app.db
    .insert(deviceAlarmConditions)
    .values({ deviceId: smoke, tenantId: demoTenant, type: 8, since: new Date(now), dueAt: new Date(now), raised: 1 });
  // Alarms: now (two falls, one handled after 60 s; one smoke), three days ago (one SOS), a door call, an "online" notice.
  // The falls were acknowledged 10 s and 20 s after they were raised, the SOS 70 s after, once its
  // escalation had notified somebody.
  const rec = (imei: string, kind: string, type: number, ts: number, handled?: number, ackS?: number) => ({
    tenantId: demoTenant,
    imei,
    type,
    level: type === 15 ? 3 : 2,
    title: `t${type}`,
    deviceKind: kind,
    ts: new Date(ts),
    createdAt: new Date(ts),
    ...(handled ? { handleState: 1, handledAt: new Date(handled) } : {}),
    ...(ackS ? { ackedAt: new Date(ts + ackS * 1000), ackedByName: 'Demo administrator' } : {}),
  });
  const [, , , sos] = await t.app.db
    .insert(alarmRecords)
    .values([
      rec(helmets[0]!.imei, 'helmet', 13, now - 1000, now + 59_000, 10),
      rec(helmets[1]!.imei, 'helmet', 13, now - 2000, undefined, 20),
      rec(smokes[0]!.imei, 'smoke', 8, now - 3000),
      rec(helmets[1]!.imei, 'helmet', 15, now - 3 * 86_400_000, undefined, 70),
      rec(helmets[1]!.imei, 'helmet', 1, now - 4000),
      rec('860000000000999', 'doorUnit', 33, now - 5000),
    ])
    .returning({ id: alarmRecords.id });
  await t.app.db.insert(alarmNotifications).values({
    alarmId: sos!.id,
    tenantId: demoTenant,
    step: 0,
    channel: 'console',
    target: '1',
    state: 1,
    createdAt: new Date(now - 3 * 86_400_000 + 15_000),
  });
});
afterAll(() => t?.close());

describe('POST /api/device/dashboard/summary', () => {
  it('counts the construction site: devices by kind and state, helmets worn, alarms by type, handling', async () => {
    const res = await summary({ scenario: 'construction' });
    expect(res.code).toBe(0);
    const s = res.data;
    const helmet = s.devices.byKind.find((k) => k.kind === 'helmet')!;
    expect(helmet).toMatchObject({ total: helmets.length, online: 2, offline: helmets.length - 2, alarming: 1 });
    expect(s.devices.byKind.map((k) => k.kind).sort()).toEqual([...scenarioKinds('construction')].sort());
    expect(s.figures).toMatchObject({ helmetsWorn: 1, helmetsOff: 1, peopleOnSite: 2 });
    // Falls and the SOS, not the smoke (another scenario) nor the online notice.
    expect(s.alarms.byType).toEqual([
      { type: 13, today: 2, period: 2 },
      { type: 15, today: 0, period: 1 },
    ]);
    expect(s.alarms.today).toBe(2);
    expect(s.alarms.period).toBe(3);
    expect(s.alarms.byHour.reduce((a, b) => a + b, 0)).toBe(2);
    expect(s.alarms.handled).toBe(1);
    expect(s.alarms.pending).toBe(2);
    expect(s.alarms.handleRate).toBeCloseTo(1 / 3);
    expect(s.alarms.meanHandleS).toBeCloseTo(60);
    // Seconds to acknowledge over 10, 20 and 70: the median and the 90th percentile (interpolated).
    expect(s.alarms).toMatchObject({ ackMedianS: 20, ackP90S: 60, escalated: 1 });
    // The unhandled SOS (critical) heads the panel although the falls are newer.
    expect(s.latest.map((a) => a.type)).toEqual([15, 13, 13]);
    const hr = s.readings.find((r) => r.metric === 'heartRate')!;
    expect(hr).toMatchObject({ devices: 2, avg: 80, max: 80 });
  });

  it('counts the fire scenario: smoke alarming and its readings; the city counts every kind and the door call', async () => {
    const fire = (await summary({ scenario: 'fire' })).data;
    expect(fire.figures.smokeAlarming).toBe(1);
    expect(fire.readings.find((r) => r.metric === 'smoke')).toMatchObject({ devices: 1, avg: 12 });
    expect(fire.alarms.byType).toEqual([{ type: 8, today: 1, period: 1 }]);
    const city = (await summary({ scenario: 'city' })).data;
    expect(city.devices.total).toBe(fleet.length);
    expect(city.devices.online).toBe(3);
    expect(city.alarms.period).toBe(4);
    expect(city.figures.doorCallsToday).toBe(1);
  });

  it("moves the campus personnel figures with the period: people's alarms and attendance of its days", async () => {
    const now = t.app.clock.now();
    const since = (days: number) => ({
      scenario: 'campus',
      from: new Date(now - days * 86_400_000).toISOString(),
      to: new Date(now).toISOString(),
    });
    // One attendance record a day of the longer period, the seed's taken away: the seed's workers
    // punch on workdays only, and which days a period holds depends on the day the suite runs.
    const periodDays = (await summary(since(5))).data.personnel!.alarmDays.map((d) => d.day);
    const [worker] = await t.app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.tenantId, demoTenant))
      .orderBy(users.id)
      .limit(1);
    await t.app.db.delete(attendanceRecords).where(eq(attendanceRecords.tenantId, demoTenant));
    await t.app.db
      .insert(attendanceRecords)
      .values(periodDays.map((day) => ({ tenantId: demoTenant, userId: worker!.id, day, status: 2 })));
    const short = (await summary(since(2))).data.personnel!;
    const long = (await summary(since(5))).data.personnel!;
    // The worn helmets' falls (today) and SOS (three days ago); the smoke alarm, the door call and the online notice are no person's.
    expect(short.alarms).toBe(2);
    expect(short.alarmsByType).toEqual([{ type: 13, count: 2 }]);
    expect(long.alarms).toBe(3);
    expect(long.alarmsByType).toEqual([
      { type: 13, count: 2 },
      { type: 15, count: 1 },
    ]);
    // One entry per day of the period (the service's days), ending today.
    expect(short.alarmDays).toHaveLength(3);
    expect(long.alarmDays).toHaveLength(6);
    expect(long.alarmDays.at(-1)).toEqual({ day: short.toDay, count: 2 });
    expect(long.attendanceDays.map((d) => d.day)).toEqual(long.alarmDays.map((d) => d.day));
    // The attendance records of the period's days: one a day.
    expect(short.attendance.records).toBe(3);
    expect(long.attendance.records).toBe(6);
    // Head counts are now, whatever the period.
    expect(long.people).toBe(short.people);
    expect(short.people).toBeGreaterThan(0);
    expect(short.byDepartment.reduce((n, d) => n + d.people, 0)).toBe(short.people);
    // Other scenarios carry no personnel figures.
    expect((await summary({ scenario: 'construction' })).data.personnel).toBeUndefined();
  });

  it("without a period counts the tenant's week, today and the six days before, as /analyze does", async () => {
    const tz = t.app.config.timeZone;
    const now = t.app.clock.now();
    const first = localInstant(localDayOf(new Date(now - 6 * 86_400_000), tz), 0, tz).getTime();
    // One alarm just after the week's first midnight, one just before it (in a rolling 168 hours).
    const at = (ts: number) => ({
      tenantId: demoTenant,
      imei: helmets[1]!.imei,
      type: 13,
      level: 2,
      title: 't13',
      deviceKind: 'helmet',
      ts: new Date(ts),
    });
    const added = await t.app.db
      .insert(alarmRecords)
      .values([at(first + 60_000), at(first - 60_000)])
      .returning({ id: alarmRecords.id });
    try {
      const week = (await summary({ scenario: 'city' })).data.alarms.period;
      const analyze = await post<AlarmAnalytics>(
        t.app,
        '/api/device/analytics/alarms/stats',
        { from: new Date(first).toISOString(), to: new Date(now).toISOString() },
        { token: demo },
      );
      expect(analyze.code).toBe(0);
      expect(week).toBe(analyze.data.total);
      expect(
        (await summary({ scenario: 'city', from: new Date(first - 120_000).toISOString() })).data.alarms.period,
      ).toBe(week + 1);
    } finally {
      await t.app.db.delete(alarmRecords).where(
        inArray(
          alarmRecords.id,
          added.map((r) => r.id),
        ),
      );
    }
  });

  it('filters by period and department', async () => {
    const recent = (
      await summary({ scenario: 'construction', from: new Date(t.app.clock.now() - 86_400_000).toISOString() })
    ).data;
    expect(recent.alarms.period).toBe(2);
    const [dept] = await t.app.db
      .insert(departments)
      .values({ tenantId: demoTenant, name: 'Crew A' })
      .returning({ id: departments.id });
    await t.app.db.update(devices).set({ departmentId: dept!.id }).where(eq(devices.imei, helmets[1]!.imei));
    const crew = (await summary({ scenario: 'construction', departmentId: dept!.id })).data;
    expect(crew.devices.total).toBe(1);
    expect(crew.devices.online).toBe(1);
  });

  it("never shows another tenant's devices, alarms or departments", async () => {
    const res = await summary({ scenario: 'city' }, other);
    expect(res.code).toBe(0);
    expect(res.data.devices.total).toBe(0);
    expect(res.data.alarms.period).toBe(0);
    expect(res.data.latest).toEqual([]);
    const [dept] = await t.app.db
      .select({ id: departments.id })
      .from(departments)
      .where(eq(departments.tenantId, demoTenant));
    expect((await summary({ scenario: 'city', departmentId: dept!.id }, other)).code).toBe(404);
    expect(otherTenant).not.toBe(demoTenant);
  });

  it('refuses bad input with a reason', async () => {
    expect((await summary({ scenario: 'moon' })).code).toBe(400);
    expect((await summary({})).code).toBe(400);
    expect((await summary({ scenario: 'city', from: '2026-02-30' })).code).toBe(400);
    expect((await summary({ scenario: 'city', from: '2026-03-02', to: '2026-03-01' })).code).toBe(400);
    expect((await summary({ scenario: 'city', from: '2020-01-01', to: '2026-01-01' })).code).toBe(400);
    expect((await post(t.app, '/api/device/dashboard/summary', { scenario: 'city' })).code).toBe(208);
  });
});

describe('POST /api/device/dashboard/export', () => {
  it('writes a panel as CSV with Chinese headers and as XLSX', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/device/dashboard/export',
      headers: { authorization: demo },
      payload: { scenario: 'construction', panel: 'devices', format: 'csv' },
    });
    expect(res.headers['content-type']).toContain('text/csv');
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual(['设备类型', '总数', '在线', '离线', '未激活', '报警中']);
    expect(rows.find((r) => r[0] === '智能安全帽')?.slice(1, 3)).toEqual([String(helmets.length), '2']);
    const xlsx = await t.app.inject({
      method: 'POST',
      url: '/api/device/dashboard/export',
      headers: { authorization: demo },
      payload: { scenario: 'fire', panel: 'latest', format: 'xlsx' },
    });
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('the live notice (9040)', () => {
  it("coalesces a tenant's changes into one push per interval on its own topic", () => {
    vi.useFakeTimers();
    try {
      const published: [string, unknown][] = [];
      let now = 1_000;
      const broker = { publish: (topic: string, body: unknown) => (published.push([topic, body]), Promise.resolve()) };
      const log = { warn: () => undefined } as never;
      const devicesHub = new DeviceHub();
      const alarms = new AlarmHub();
      const uplinks = new UplinkPipeline(log);
      const p = new DashboardPublisher({ broker, log, now: () => now, intervalMs: 250 }).start(
        devicesHub,
        alarms,
        uplinks,
      );
      const device = { tenantId: 7, imei: '860000000000001' } as never;
      uplinks.run(device, { kind: 'telemetry', values: { heartRate: 80 } } as never, new Date(), false);
      devicesHub.emit('online', device);
      uplinks.run(device, { kind: 'ack', ref: 1, ok: true } as never, new Date(), false);
      alarms.emit('updated', 8, [1], { read: 1 });
      vi.advanceTimersByTime(0);
      expect(published.map(([topic]) => topic).sort()).toEqual([tenantDashboardTopic(7), tenantDashboardTopic(8)]);
      const seven = dashboardPushSchema.parse(published.find(([topic]) => topic === tenantDashboardTopic(7))![1]);
      expect(seven).toMatchObject({ code: DASHBOARD_CODE });
      expect(seven.parts.sort()).toEqual(['devices', 'readings']);
      // Within the interval nothing more goes out; after it, the next change does.
      now += 100;
      devicesHub.emit('offline', device);
      vi.advanceTimersByTime(100);
      expect(published).toHaveLength(2);
      now += 150;
      vi.advanceTimersByTime(150);
      expect(published).toHaveLength(3);
      p.close();
    } finally {
      vi.useRealTimers();
    }
  });
});
