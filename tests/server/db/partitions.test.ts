import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyRetention,
  ensureReadingPartitions,
  MONTHS_AHEAD,
  readingPartitions,
} from '../../../src/server/db/partitions';
import { rowsOf } from '../../../src/server/db/rows';
import { deviceReadings, readingRollups } from '../../../src/server/db/schema';
import { writeBatch } from '../../../src/server/ingest/flush';
import { ROLLUP_GRAIN } from '../../../src/shared/rollups';
import { buildTestApp, type TestApp } from '../helper';
import { addDevices, type TestDevice } from '../ingest-helper';

const at = (iso: string) => Date.parse(iso);
const none = { locations: [], events: [], live: [] };

// Readings are partitioned by month (migration 0020, src/server/db/partitions.ts).
describe('readings by month', () => {
  let t: TestApp;
  let dev: TestDevice;
  beforeAll(async () => {
    t = await buildTestApp();
    dev = (await addDevices(t.app, 1))[0]!;
  });
  afterAll(() => t.close());

  const where = async (id: string) => {
    const res = await t.app.db.execute(
      sql`select tableoid::regclass::text as part from device_readings where device_id = ${dev.id} and msg_id = ${id}`,
    );
    return rowsOf<{ part: string }>(res).map((r) => r.part);
  };
  const count = async () =>
    (await t.app.db.select({ id: deviceReadings.id }).from(deviceReadings).where(eq(deviceReadings.deviceId, dev.id)))
      .length;

  it('keeps this month and the next ones, and stores each reading in its month', async () => {
    const now = at('2031-01-20T08:00:00Z');
    const created = await ensureReadingPartitions(t.app.db, now);
    expect(created).toEqual(
      ['device_readings_p203101', 'device_readings_p203102', 'device_readings_p203103'].slice(0, MONTHS_AHEAD + 1),
    );
    expect(await ensureReadingPartitions(t.app.db, now)).toEqual([]);

    await writeBatch(t.app.db, {
      readings: [
        { d: dev.id, ts: at('2031-01-31T23:59:59Z'), v: { temp: 1 }, m: 'jan' },
        { d: dev.id, ts: at('2031-02-01T00:00:00Z'), v: { temp: 2 }, m: 'feb' },
      ],
      ...none,
    });
    expect(await where('jan')).toEqual(['device_readings_p203101']);
    expect(await where('feb')).toEqual(['device_readings_p203102']);
    // Outside every month partition: the default one holds it.
    await writeBatch(t.app.db, {
      readings: [{ d: dev.id, ts: at('2035-06-01T00:00:00Z'), v: { temp: 3 }, m: 'far' }],
      ...none,
    });
    expect(await where('far')).toEqual(['device_readings_default']);
  });

  it('still stores a redelivered reading once', async () => {
    const before = await count();
    const r = { d: dev.id, ts: at('2031-01-10T10:00:00Z'), v: { temp: 5 }, m: 'again' };
    await writeBatch(t.app.db, { readings: [r], ...none });
    await writeBatch(t.app.db, { readings: [r], ...none });
    expect(await count()).toBe(before + 1);
    const [minute] = await t.app.db
      .select({ n: readingRollups.n })
      .from(readingRollups)
      .where(
        and(
          eq(readingRollups.deviceId, dev.id),
          eq(readingRollups.grain, ROLLUP_GRAIN.minute),
          eq(readingRollups.bucket, new Date('2031-01-10T10:00:00Z')),
        ),
      );
    expect(minute?.n).toBe(1);
  });

  it('drops whole months past the retention, deletes older rows of the month it cuts, and minute rollups', async () => {
    // Now 2031-03-15 with 30 days kept: the cut is 2031-02-13, so January goes whole, February in part.
    await writeBatch(t.app.db, {
      readings: [{ d: dev.id, ts: at('2031-02-20T00:00:00Z'), v: { temp: 7 }, m: 'late-feb' }],
      ...none,
    });
    const result = await applyRetention(t.app.db, at('2031-03-15T00:00:00Z'), 30);
    expect(result.dropped).toContain('device_readings_p203101');
    expect(result.dropped).not.toContain('device_readings_p203102');
    expect(result.deleted).toBe(1); // 'feb' (Feb 1st); 'late-feb' stays
    const parts = (await readingPartitions(t.app.db)).map((p) => p.name);
    expect(parts).not.toContain('device_readings_p203101');
    expect(parts).toContain('device_readings_p203102');
    expect(await where('jan')).toEqual([]);
    expect(await where('feb')).toEqual([]);
    expect(await where('late-feb')).toEqual(['device_readings_p203102']);
    expect(await where('far')).toEqual(['device_readings_default']);
    const minutes = await t.app.db
      .select({ bucket: readingRollups.bucket })
      .from(readingRollups)
      .where(and(eq(readingRollups.deviceId, dev.id), eq(readingRollups.grain, ROLLUP_GRAIN.minute)));
    expect(minutes.every((m) => m.bucket.getTime() >= at('2031-02-13T00:00:00Z'))).toBe(true);
    const days = await t.app.db
      .select({ bucket: readingRollups.bucket })
      .from(readingRollups)
      .where(and(eq(readingRollups.deviceId, dev.id), eq(readingRollups.grain, ROLLUP_GRAIN.day)));
    expect(days.some((d) => d.bucket.getTime() < at('2031-02-01T00:00:00Z'))).toBe(true);
  });

  it('keeps everything without a retention', async () => {
    const before = await count();
    expect(await applyRetention(t.app.db, at('2040-01-01T00:00:00Z'), 0)).toEqual({ dropped: [], deleted: 0 });
    expect(await count()).toBe(before);
  });
});
