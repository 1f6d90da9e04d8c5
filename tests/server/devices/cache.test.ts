import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/server/db/driver';
import { DeviceCache } from '../../../src/server/devices/cache';
import { buildTestApp, manualClock, type TestApp } from '../helper';
import { addDevices, type TestDevice } from '../ingest-helper';

describe('the device cache', () => {
  let t: TestApp;
  let fleet: TestDevice[];
  beforeAll(async () => {
    t = await buildTestApp();
    fleet = await addDevices(t.app, 2_500);
  });
  afterAll(() => t.close());

  /** The app's database, counting the statements the cache starts. */
  function counting(): { db: Db; selects: () => number } {
    let n = 0;
    const db = new Proxy(t.app.db, {
      get(target, key, receiver) {
        if (key === 'select') n++;
        return Reflect.get(target, key, receiver);
      },
    });
    return { db, selects: () => n };
  }

  it('answers the look-ups wanted in one turn with one statement per 1,000 IMEIs, unknown ones too', async () => {
    const { db, selects } = counting();
    const clock = manualClock();
    const cache = new DeviceCache(db, clock);
    const got = await Promise.all([
      ...fleet.map((d) => cache.get(d.imei)),
      cache.get('000000000000000'),
      cache.get(fleet[0]!.imei),
    ]);
    expect(selects()).toBe(3);
    expect(got.slice(0, fleet.length).map((d) => d?.id)).toEqual(fleet.map((d) => d.id));
    expect(got[fleet.length]).toBeUndefined();
    expect(got.at(-1)?.imei).toBe(fleet[0]!.imei);

    // Cached, the unknown one too: no statement.
    await Promise.all([cache.get(fleet[1]!.imei), cache.get('000000000000000')]);
    expect(selects()).toBe(3);

    // Stale after 30 s: served at once, refreshed in the background, together.
    clock.advance(31_000);
    const stale = await Promise.all(fleet.slice(0, 10).map((d) => cache.get(d.imei)));
    expect(stale.map((d) => d?.id)).toEqual(fleet.slice(0, 10).map((d) => d.id));
    await new Promise((r) => setTimeout(r, 50));
    expect(selects()).toBe(4);
  });
});
