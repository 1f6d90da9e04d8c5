/**
 * Batch writes of the alarm path (docs/performance.md "Fences"): alarm records stored from one JSON parameter per run
 * of rows (insertAlarms), and the supervisors of the devices raised in one event-loop turn looked
 * up together (SupervisorWatchers).
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALARM_HANDLE } from '../../../src/shared/alarms/types';
import { insertAlarms, type NewAlarm } from '../../../src/server/alarms/records';
import { alarmRecords, devices } from '../../../src/server/db/schema';
import { monitoredPersons } from '../../../src/entities/monitored-person';
import { SupervisorWatchers, WATCHERS_TTL_MS } from '../../../src/server/supervision/watchers';
import type { Db } from '../../../src/server/db/driver';
import { buildTestApp, type TestApp } from '../helper';
import { tenantId } from '../fixtures';

let t: TestApp;
let site: number;
beforeAll(async () => {
  t = await buildTestApp();
  site = await tenantId(t.app, 'Demo Site');
});
afterAll(() => t?.close());

describe('insertAlarms', () => {
  it('stores rows giving different fields in their order, a left-out field taking its default', async () => {
    const ts = new Date(Date.UTC(2026, 0, 1));
    const base = { tenantId: site, imei: '860000000000999', level: 1, title: 't', ts } satisfies Partial<NewAlarm>;
    const rows: NewAlarm[] = [
      { ...base, type: 20, data: { fenceId: '7', fenceName: '东门' } },
      { ...base, type: 3, handleState: ALARM_HANDLE.handled, handlerName: 'system', handledAt: ts },
      { ...base, type: 21, lat: 22.5, lon: 114.1 },
      { ...base, type: 22, lat: 22.6, lon: 114.2 },
    ];
    const stored = await t.app.db.transaction((tx) => insertAlarms(tx, rows));
    expect(stored.map((r) => r.type)).toEqual([20, 3, 21, 22]);
    expect(stored.map((r) => r.id)).toEqual([...stored.map((r) => r.id)].sort((a, b) => a - b));
    expect(stored[0]).toMatchObject({
      data: { fenceId: '7', fenceName: '东门' },
      handleState: ALARM_HANDLE.pending,
      read: 0,
      ts,
    });
    expect(stored[0]!.createdAt).toBeInstanceOf(Date);
    expect(stored[1]).toMatchObject({ handleState: ALARM_HANDLE.handled, handlerName: 'system', handledAt: ts });
    expect(stored[3]).toMatchObject({ lat: 22.6, lon: 114.2, data: null });
    const again = await t.app.db.select().from(alarmRecords).where(eq(alarmRecords.id, stored[2]!.id));
    expect(again).toEqual([stored[2]]);
    expect(await t.app.db.transaction((tx) => insertAlarms(tx, []))).toEqual([]);
  });
});

const watchedDevices = () =>
  t.app.db
    .select({ imei: devices.imei, supervisor: monitoredPersons.supervisorId })
    .from(monitoredPersons)
    .innerJoin(devices, eq(devices.id, monitoredPersons.deviceId))
    .where(and(eq(monitoredPersons.tenantId, site), isNotNull(monitoredPersons.deviceId)));

/** The app's database, counting the statements started through it. */
function countingDb() {
  const counted = { selects: 0, db: undefined as unknown as Db };
  counted.db = new Proxy(t.app.db, {
    get(target, key, receiver) {
      if (key === 'select') counted.selects++;
      return Reflect.get(target, key, receiver) as unknown;
    },
  }) as Db;
  return counted;
}

describe('SupervisorWatchers', () => {
  it('answers the devices asked for in one turn with one query, each with its own supervisors', async () => {
    const watched = await watchedDevices();
    expect(watched.length).toBeGreaterThanOrEqual(2);
    const counting = countingDb();
    const watchers = new SupervisorWatchers(counting.db, () => Date.now());
    const asked = [...watched.map((w) => w.imei), '869999999999999'];
    const answers = await Promise.all(asked.map((imei) => watchers.get(site, imei)));
    expect(counting.selects).toBe(1);
    watched.forEach((w, i) => expect(answers[i]).toContain(w.supervisor));
    expect(answers.at(-1)).toEqual([]);
    // Cached: asking again queries nothing.
    await watchers.get(site, asked[0]!);
    expect(counting.selects).toBe(1);
  });

  it('looks a device in use up again in the background before its entry expires, so an alarm never waits for it', async () => {
    const [w] = await watchedDevices();
    const counting = countingDb();
    let now = 0;
    const watchers = new SupervisorWatchers(counting.db, () => now);
    expect(await watchers.get(site, w!.imei)).toContain(w!.supervisor);
    expect(counting.selects).toBe(1);
    // Past 80 % of its life: answered from the entry at once, and looked up behind it.
    now = WATCHERS_TTL_MS * 0.85;
    expect(await watchers.get(site, w!.imei)).toContain(w!.supervisor);
    await new Promise((r) => setTimeout(r, 50));
    expect(counting.selects).toBe(2);
    // Past the first entry's expiry the refreshed one answers without a query.
    now = WATCHERS_TTL_MS * 1.5;
    expect(await watchers.get(site, w!.imei)).toContain(w!.supervisor);
    expect(counting.selects).toBe(2);
  });
});
