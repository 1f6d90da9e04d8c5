import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, readingRollups } from '../../../src/server/db/schema';
import { writeBatch } from '../../../src/server/ingest/flush';
import { rollUp, rollUpRecent } from '../../../src/server/ingest/rollup';
import { ROLLUP_GRAIN } from '../../../src/shared/rollups';
import type { RollupSeries } from '../../../src/shared/devices/api';
import { buildTestApp, login, post, type TestApp } from '../helper';
import { tenantWithAdmin } from '../org-helper';
import { addDevices, type TestDevice } from '../ingest-helper';

const at = (iso: string) => Date.parse(iso);
const reading = (d: number, iso: string, v: Record<string, unknown>, m: string) => ({ d, ts: at(iso), v, m });

// Rollups are kept by the statement that stores the readings (src/server/ingest/flush.ts).
describe('reading rollups at ingest', () => {
  let t: TestApp;
  let dev: TestDevice;
  beforeAll(async () => {
    t = await buildTestApp();
    dev = (await addDevices(t.app, 1))[0]!;
  });
  afterAll(() => t.close());

  const rollups = (grain: keyof typeof ROLLUP_GRAIN, metric = 'temp') =>
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
          eq(readingRollups.deviceId, dev.id),
          eq(readingRollups.metric, metric),
          eq(readingRollups.grain, ROLLUP_GRAIN[grain]),
        ),
      )
      .orderBy(asc(readingRollups.bucket));

  it('keeps minute, hour and day min/max/sum/count per metric, numbers only, each message once', async () => {
    const none = { locations: [], events: [], live: [] };
    await writeBatch(
      t.app.db,
      {
        readings: [
          reading(dev.id, '2026-11-23T15:59:10Z', { temp: 20, state: 'ok' }, 'a'),
          reading(dev.id, '2026-11-23T15:59:40Z', { temp: 30, co: 4 }, 'b'),
          // 00:01 the next day in Shanghai: another hour and another day.
          reading(dev.id, '2026-11-23T16:01:00Z', { temp: 10 }, 'c'),
        ],
        ...none,
      },
      'Asia/Shanghai',
    );
    // A redelivered message (same id) and a new one in an existing minute.
    await writeBatch(
      t.app.db,
      {
        readings: [
          reading(dev.id, '2026-11-23T15:59:10Z', { temp: 20 }, 'a'),
          reading(dev.id, '2026-11-23T15:59:50Z', { temp: 25 }, 'd'),
        ],
        ...none,
      },
      'Asia/Shanghai',
    );

    const minutes = await rollups('minute');
    expect(minutes.map((r) => [r.bucket.toISOString(), r.n, r.sum, r.min, r.max])).toEqual([
      ['2026-11-23T15:59:00.000Z', 3, 75, 20, 30],
      ['2026-11-23T16:01:00.000Z', 1, 10, 10, 10],
    ]);
    expect((await rollups('hour')).map((r) => [r.bucket.toISOString(), r.n])).toEqual([
      ['2026-11-23T15:00:00.000Z', 3],
      ['2026-11-23T16:00:00.000Z', 1],
    ]);
    // Days start at midnight in Shanghai (16:00 UTC).
    expect((await rollups('day')).map((r) => [r.bucket.toISOString(), r.n, r.max])).toEqual([
      ['2026-11-22T16:00:00.000Z', 3, 30],
      ['2026-11-23T16:00:00.000Z', 1, 10],
    ]);
    expect((await rollups('day', 'co')).map((r) => r.n)).toEqual([1]);
    expect(await rollups('day', 'state')).toEqual([]);
  });

  it('answers a window of one metric at the grain that fits, in the device tenant only', async () => {
    const { token } = await login(t.app, 'demo', 'demo123');
    const url = '/api/device/device/rollups';
    const day = await post<RollupSeries>(
      t.app,
      url,
      { imei: dev.imei, metric: 'temp', from: '2026-11-23T00:00:00Z', to: '2026-11-24T00:00:00Z' },
      { token },
    );
    expect(day.data.grain).toBe('minute');
    expect(day.data.points.map((p) => [p.t, p.n, p.avg, p.min, p.max])).toEqual([
      ['2026-11-23T15:59:00.000Z', 3, 25, 20, 30],
      ['2026-11-23T16:01:00.000Z', 1, 10, 10, 10],
    ]);
    const month = await post<RollupSeries>(
      t.app,
      url,
      { imei: dev.imei, metric: 'temp', from: '2026-11-01T00:00:00Z', to: '2026-12-01T00:00:00Z' },
      { token },
    );
    expect(month.data.grain).toBe('hour');
    expect(month.data.points.map((p) => p.n)).toEqual([3, 1]);
    const backwards = await post(
      t.app,
      url,
      { imei: dev.imei, metric: 'temp', from: '2026-11-24T00:00:00Z', to: '2026-11-23T00:00:00Z' },
      { token },
    );
    expect(backwards).toMatchObject({ code: 400, key: 'rangeInvalid' });
    const other = await tenantWithAdmin(t.app, 'Rollup Other Co', 'rollupother');
    const foreign = await post(
      t.app,
      url,
      { imei: dev.imei, metric: 'temp', from: '2026-11-23T00:00:00Z', to: '2026-11-24T00:00:00Z' },
      { token: other.token },
    );
    expect(foreign.code).not.toBe(0);
  });
  it("fills the part of a window before its finest grain's first bucket from the next coarser grain, unless a grain is asked", async () => {
    const { token } = await login(t.app, 'demo', 'demo123');
    // Hours with no minutes under them: minute rollups past RETENTION_DAYS, or a seeded history.
    const hour = (iso: string, sum: number) => ({
      deviceId: dev.id,
      tenantId: dev.tenantId,
      metric: 'temp',
      grain: ROLLUP_GRAIN.hour,
      bucket: new Date(iso),
      n: 2,
      sum,
      min: sum / 2 - 1,
      max: sum / 2 + 1,
    });
    await t.app.db.insert(readingRollups).values([hour('2026-11-23T08:00:00Z', 40), hour('2026-11-23T09:00:00Z', 44)]);
    const url = '/api/device/device/rollups';
    const window = { imei: dev.imei, metric: 'temp', from: '2026-11-23T00:00:00Z', to: '2026-11-24T00:00:00Z' };
    const mixed = await post<RollupSeries>(t.app, url, window, { token });
    expect(mixed.data.grain).toBe('minute');
    // The 15:00 hour holds the first minutes: left out, or they would count twice.
    expect(mixed.data.points.map((p) => [p.t, p.n, p.avg])).toEqual([
      ['2026-11-23T08:00:00.000Z', 2, 20],
      ['2026-11-23T09:00:00.000Z', 2, 22],
      ['2026-11-23T15:59:00.000Z', 3, 25],
      ['2026-11-23T16:01:00.000Z', 1, 10],
    ]);
    const asked = await post<RollupSeries>(t.app, url, { ...window, grain: 'minute' }, { token });
    expect(asked.data.points.map((p) => p.t)).toEqual(['2026-11-23T15:59:00.000Z', '2026-11-23T16:01:00.000Z']);
    // A window with hours only answers in hours.
    const early = await post<RollupSeries>(t.app, url, { ...window, to: '2026-11-23T12:00:00Z' }, { token });
    expect(early.data).toMatchObject({
      grain: 'hour',
      points: [{ t: '2026-11-23T08:00:00.000Z' }, { t: '2026-11-23T09:00:00.000Z' }],
    });
  });

  it('takes recent readings into the hour and day rows at the roll-up, each once, old ones at once', async () => {
    const [d2] = await addDevices(t.app, 1);
    const none = { locations: [], events: [], live: [] };
    const rows = (grain: keyof typeof ROLLUP_GRAIN) =>
      t.app.db
        .select({
          bucket: readingRollups.bucket,
          n: readingRollups.n,
          sum: readingRollups.sum,
          max: readingRollups.max,
          pn: readingRollups.pn,
        })
        .from(readingRollups)
        .where(
          and(
            eq(readingRollups.deviceId, d2!.id),
            eq(readingRollups.metric, 'temp'),
            eq(readingRollups.grain, ROLLUP_GRAIN[grain]),
          ),
        )
        .orderBy(asc(readingRollups.bucket));
    const rollFrom = at('2026-11-25T10:00:00Z');
    await writeBatch(
      t.app.db,
      {
        readings: [
          reading(d2!.id, '2026-11-25T10:01:10Z', { temp: 20 }, 'r1'),
          reading(d2!.id, '2026-11-25T10:01:20Z', { temp: 40 }, 'r2'),
          // Older than rollFrom: a device's buffered backlog goes to every grain at once.
          reading(d2!.id, '2026-11-25T08:30:00Z', { temp: 5 }, 'old'),
        ],
        ...none,
      },
      'UTC',
      { rollFrom },
    );
    expect((await rows('minute')).map((r) => [r.bucket.toISOString(), r.n, r.pn])).toEqual([
      ['2026-11-25T08:30:00.000Z', 1, 0],
      ['2026-11-25T10:01:00.000Z', 2, 2],
    ]);
    expect((await rows('hour')).map((r) => [r.bucket.toISOString(), r.n])).toEqual([['2026-11-25T08:00:00.000Z', 1]]);
    expect((await rows('day')).map((r) => r.n)).toEqual([1]);

    const key = (iso: string, m = 'temp') => ({ d: d2!.id, m, b: at(iso) });
    // Chunks of one row; a key whose row holds nothing pending (the old minute, a metric never sent) adds nothing.
    const keys = [key('2026-11-25T10:01:00Z'), key('2026-11-25T08:30:00Z'), key('2026-11-25T10:01:00Z', 'co')];
    expect(await rollUp(t.app.db, keys, { timeZone: 'UTC', chunk: 1 })).toBe(1);
    expect((await rows('hour')).map((r) => [r.bucket.toISOString(), r.n, r.sum, r.max])).toEqual([
      ['2026-11-25T08:00:00.000Z', 1, 5, 5],
      ['2026-11-25T10:00:00.000Z', 2, 60, 40],
    ]);
    expect((await rows('day')).map((r) => [r.n, r.sum, r.max])).toEqual([[3, 65, 40]]);
    expect((await rows('minute')).map((r) => r.pn)).toEqual([0, 0]);

    // A later reading of the same minute and one of another: only what is new is added.
    await writeBatch(
      t.app.db,
      {
        readings: [
          reading(d2!.id, '2026-11-25T10:01:30Z', { temp: 50 }, 'r3'),
          reading(d2!.id, '2026-11-25T10:02:00Z', { temp: 1 }, 'r4'),
        ],
        ...none,
      },
      'UTC',
      { rollFrom },
    );
    // After a stop the keys are gone: the devices heard from since then, by their live metrics.
    await t.app.db
      .update(devices)
      .set({ lastValues: { temp: 1 }, lastCommunicationAt: new Date('2026-11-25T10:02:00Z') })
      .where(eq(devices.id, d2!.id));
    expect(await rollUpRecent(t.app.db, new Date('2026-11-25T10:02:30Z'), { timeZone: 'UTC' })).toBe(0);
    expect(await rollUpRecent(t.app.db, new Date('2026-11-25T09:00:00Z'), { timeZone: 'UTC', devices: 1 })).toBe(2);
    expect(await rollUp(t.app.db, keys, { timeZone: 'UTC' })).toBe(0);
    expect((await rows('hour')).map((r) => [r.n, r.sum, r.max])).toEqual([
      [1, 5, 5],
      [4, 111, 50],
    ]);
    expect((await rows('day')).map((r) => [r.n, r.sum])).toEqual([[5, 116]]);
    // The minute rows hold every reading all along.
    expect((await rows('minute')).map((r) => [r.n, r.sum])).toEqual([
      [1, 5],
      [3, 110],
      [1, 1],
    ]);
  });
});
