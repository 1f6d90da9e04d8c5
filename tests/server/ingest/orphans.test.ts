import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceLocations } from '../../../src/server/db/schema';
import type { Uplink } from '../../../src/shared/devices/protocol';
import type { Outcome } from '../../../src/server/ingest/batch';
import { buildTestApp, type TestApp } from '../helper';
import { addDevices, until, type TestDevice } from '../ingest-helper';

let t: TestApp;
let d: TestDevice;
beforeAll(async () => {
  t = await buildTestApp();
  d = (await addDevices(t.app, 1))[0]!;
});
afterAll(() => t?.close());

const located = async () =>
  (await t.app.db.select({ n: count() }).from(deviceLocations).where(eq(deviceLocations.deviceId, d.id)))[0]!.n;
const fix = (lat: number): Uplink => ({
  kind: 'location',
  source: 'gps',
  lat,
  lon: 116.4,
  ts: Date.UTC(2026, 5, 15, 4, lat),
});

describe('a protocol message whose connection ended while it waited (docs/reliability.md "Duplicates")', () => {
  it('is not written and told lost, so the device’s resend is the only copy; one of a live connection is stored', async () => {
    const outcomes: Outcome[] = [];
    const before = t.app.ingestStats.orphaned;
    let ended = false;
    const source = `gt06/${d.imei}`;
    t.app.ingest.accept(
      d.imei,
      source,
      Buffer.alloc(0),
      fix(30),
      (o) => outcomes.push(o),
      () => ended,
    );
    t.app.ingest.accept(
      d.imei,
      source,
      Buffer.alloc(0),
      fix(31),
      (o) => outcomes.push(o),
      () => ended,
    );
    // The connection closes (an earlier frame could not be stored) before the batch is taken.
    ended = true;
    await until(() => outcomes.length === 2, 10_000, 'both settled');
    expect(outcomes).toEqual(['lost', 'lost']);
    expect(t.app.ingestStats.orphaned - before).toBe(2);
    expect(await located()).toBe(0);

    const live: Outcome[] = [];
    t.app.ingest.accept(
      d.imei,
      source,
      Buffer.alloc(0),
      fix(32),
      (o) => live.push(o),
      () => false,
    );
    await until(() => live.length === 1, 10_000, 'stored');
    expect(live).toEqual(['stored']);
    expect(await located()).toBe(1);
  });
});
