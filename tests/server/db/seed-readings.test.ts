import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, readingRollups } from '../../../src/server/db/schema';
import { seedReadings, SEEDED_DAYS, SEEDED_MINUTE_HOURS } from '../../../src/server/db/seed-readings';
import type { MetricFleet, RollupSeries } from '../../../src/shared/devices/api';
import { demoFleet, VITALS } from '../../../src/shared/devices/demo';
import { KIND_INFO } from '../../../src/shared/devices/kinds';
import { ROLLUP_GRAIN } from '../../../src/shared/rollups';
import { post, type TestApp } from '../helper';
import { demoApp } from '../org-helper';
import { seededAt } from '../template-db';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let t: TestApp;
let demo: string;
let demoTenant: number;
const fleet = demoFleet();
const helmet = fleet.find((d) => d.kind === 'helmet')!;
const gas = fleet.find((d) => d.kind === 'gas')!;

beforeAll(async () => {
  ({ t, demo, demoTenant } = await demoApp());
});
afterAll(() => t?.close());

const idOf = async (imei: string) =>
  (await t.app.db.select({ id: devices.id }).from(devices).where(eq(devices.imei, imei)))[0]!.id;
const rollups = async (imei: string, metric: string, grain: keyof typeof ROLLUP_GRAIN) =>
  t.app.db
    .select({
      bucket: readingRollups.bucket,
      n: readingRollups.n,
      sum: readingRollups.sum,
      min: readingRollups.min,
      max: readingRollups.max,
    })
    .from(readingRollups)
    .where(
      and(
        eq(readingRollups.deviceId, await idOf(imei)),
        eq(readingRollups.metric, metric),
        eq(readingRollups.grain, ROLLUP_GRAIN[grain]),
      ),
    )
    .orderBy(asc(readingRollups.bucket));

describe('the demo seed: two weeks of reading rollups (src/server/db/seed-readings.ts)', () => {
  it(`gives a demo helmet ${SEEDED_DAYS} days of hourly heart rate with a daily rhythm, minutes for the last hours, and the days`, async () => {
    const now = Date.now();
    const hours = await rollups(helmet.imei, 'heartRate', 'hour');
    // Every hour of the 14 days (the template was seeded minutes before this test).
    expect(hours.length).toBeGreaterThanOrEqual(SEEDED_DAYS * 24);
    expect(hours[0]!.bucket.getTime()).toBeLessThanOrEqual(now - SEEDED_DAYS * DAY + 2 * HOUR);
    expect(hours.at(-1)!.bucket.getTime()).toBeGreaterThan(now - 2 * HOUR);
    const gaps = hours.slice(1).map((h, i) => h.bucket.getTime() - hours[i]!.bucket.getTime());
    expect(new Set(gaps)).toEqual(new Set([HOUR]));
    const means = hours.map((h) => h.sum / h.n);
    expect(Math.min(...means)).toBeGreaterThanOrEqual(VITALS.heartRate.min);
    expect(Math.max(...means)).toBeLessThanOrEqual(VITALS.heartRate.max);
    for (const h of hours) expect(h.min <= h.sum / h.n && h.sum / h.n <= h.max).toBe(true);
    // A daily rhythm: the day shift (local 10:00, 02:00 UTC) beats the night (local 03:00, 19:00 UTC).
    const at = (utcHour: number) => means.filter((_, i) => hours[i]!.bucket.getUTCHours() === utcHour);
    const avg = (l: number[]) => l.reduce((a, b) => a + b, 0) / l.length;
    expect(avg(at(2)) - avg(at(19))).toBeGreaterThan(5);

    const minutes = await rollups(helmet.imei, 'heartRate', 'minute');
    expect(minutes.length).toBeGreaterThanOrEqual(SEEDED_MINUTE_HOURS * 60);
    expect(minutes[0]!.bucket.getTime()).toBeLessThanOrEqual(now - SEEDED_MINUTE_HOURS * HOUR);
    // The hours of the minutes are made of them, as the ingest keeps them.
    const lastFull = hours.find((h) => h.bucket.getTime() === minutes[0]!.bucket.getTime())!;
    const inIt = minutes.filter((m) => m.bucket.getTime() < lastFull.bucket.getTime() + HOUR);
    expect(lastFull.n).toBe(inIt.reduce((n, m) => n + m.n, 0));
    expect(lastFull.sum).toBeCloseTo(
      inIt.reduce((n, m) => n + m.sum, 0),
      6,
    );

    const days = await rollups(helmet.imei, 'heartRate', 'day');
    expect(days.length).toBeGreaterThanOrEqual(SEEDED_DAYS);
    expect(days.reduce((n, d) => n + d.n, 0)).toBe(hours.reduce((n, h) => n + h.n, 0));
  });

  it('seeds every metric of every demo device, gas near zero with peaks below the alarm limit', async () => {
    const series = await t.app.db
      .selectDistinct({ deviceId: readingRollups.deviceId, metric: readingRollups.metric })
      .from(readingRollups)
      .where(and(eq(readingRollups.tenantId, demoTenant), eq(readingRollups.grain, ROLLUP_GRAIN.day)));
    const expected = fleet.reduce((n, d) => n + KIND_INFO[d.kind].metrics.length, 0);
    expect(series.length).toBe(expected);
    const gasHours = await rollups(gas.imei, 'gas', 'hour');
    expect(Math.max(...gasHours.map((h) => h.sum / h.n))).toBeLessThanOrEqual(3);
    expect(Math.max(...gasHours.map((h) => h.max))).toBeLessThan(10);
  });
});

describe('the telemetry charts read the seeded history', () => {
  it('a 24-hour chart of a demo device: its minutes, and the hours before them instead of a sliver', async () => {
    const to = new Date();
    const from = new Date(to.getTime() - DAY);
    const res = await post<RollupSeries>(
      t.app,
      '/api/device/device/rollups',
      { imei: helmet.imei, metric: 'heartRate', from: from.toISOString(), to: to.toISOString() },
      { token: demo },
    );
    expect(res.code).toBe(0);
    expect(res.data.grain).toBe('minute');
    const times = res.data.points.map((p) => Date.parse(p.t));
    expect(times[0]).toBeLessThanOrEqual(from.getTime() + HOUR);
    // Hours first, then minutes, in order, never overlapping.
    const steps = times.slice(1).map((t1, i) => t1 - times[i]!);
    expect(steps.every((s) => s > 0)).toBe(true);
    expect(steps.filter((s) => s === HOUR).length).toBeGreaterThanOrEqual(24 - SEEDED_MINUTE_HOURS - 2);
    expect(steps.filter((s) => s === 60_000).length).toBeGreaterThanOrEqual(SEEDED_MINUTE_HOURS * 60 - 2);
  });

  it("the fleet view: the worst devices and their last hours' lines", async () => {
    const res = await post<MetricFleet>(
      t.app,
      '/api/device/metric/fleet',
      { metric: 'heartRate', lines: 3 },
      { token: demo },
    );
    expect(res.code).toBe(0);
    expect(res.data.series).toHaveLength(3);
    // The seeded minutes end when the template was seeded; the window ends now, minutes later in a long run.
    const since = Math.ceil((Date.now() - seededAt()) / 60_000);
    for (const s of res.data.series) {
      expect(s.grain).toBe('minute');
      expect(s.points.length).toBeGreaterThanOrEqual(SEEDED_MINUTE_HOURS * 60 - 2 - since);
    }
    expect(res.data.devices.map((d) => d.imei).slice(0, 3)).toEqual(res.data.series.map((s) => s.imei));
  });
});

// Last: it seeds the demo's history again.
describe('the seeded values', () => {
  it('are deterministic per device, metric and time', async () => {
    const snapshot = async () =>
      new Map((await rollups(helmet.imei, 'bodyTemp', 'hour')).map((r) => [r.bucket.getTime(), r.sum / r.n]));
    const template = await snapshot();
    const now = Math.max(...template.keys()) + 30 * 60_000;
    // Seed again as if a day later: the hours both seeds hold read the same.
    await t.app.db.delete(readingRollups).where(eq(readingRollups.tenantId, demoTenant));
    await t.app.db.transaction((tx) => seedReadings(tx, demoTenant, { now: now + DAY }));
    const later = await snapshot();
    // Hours before the minutes (whose hours are made of the minutes) of both seeds.
    const shared = [...template.keys()].filter((k) => later.has(k) && k < now - (SEEDED_MINUTE_HOURS + 1) * HOUR);
    expect(shared.length).toBeGreaterThan(12 * 24);
    for (const k of shared) expect(later.get(k)).toBe(template.get(k));
    const values = [...later.values()];
    expect(Math.min(...values)).toBeGreaterThanOrEqual(VITALS.bodyTemp.min);
    expect(Math.max(...values)).toBeLessThanOrEqual(VITALS.bodyTemp.max);
  });
});
