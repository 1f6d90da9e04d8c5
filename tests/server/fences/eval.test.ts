/**
 * Fence evaluation on ingest: device fixes through the ingest, transitions stored per (fence,
 * device), alarms for both fence types, margins against jitter, group assignment, disabled
 * fences, and two evaluators (replicas) on one database agreeing on one alarm per transition.
 * Dwell: eval-dwell.test.ts.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AlarmRecord } from '../../../src/shared/alarms/push';
import type { LonLat } from '../../../src/shared/geo/fence';
import { topics } from '../../../src/shared/topics';
import { AlarmHub } from '../../../src/server/alarms/hub';
import { DeviceProfiles } from '../../../src/server/alarms/profiles';
import { contextOf, toAlarmRecord } from '../../../src/server/alarms/records';
import { deviceGroups, devices, fenceDeviceStates } from '../../../src/server/db/schema';
import { FenceEvaluator } from '../../../src/server/fences/evaluator';
import { FenceIndex } from '../../../src/server/fences/fence-index';
import { post } from '../helper';
import { tenantId } from '../fixtures';
import { addDevices, type TestDevice } from '../ingest-helper';
import { addFence, C, demo, device, fenceAlarms, north, t, typesOf, useFenceApp } from './eval-helpers';

useFenceApp();

let clockTs = Date.now() - 3_600_000;

/** One fix of the device through the ingest, evaluated before this resolves. */
async function fix(d: TestDevice, p: LonLat, extra: object = {}) {
  clockTs += 1_000;
  t.app.ingest.handle(
    topics.deviceUp(d.imei),
    Buffer.from(JSON.stringify({ kind: 'location', lon: p[0], lat: p[1], ts: clockTs, ...extra })),
    null,
  );
  await t.app.ingest.drain();
  await t.app.fenceEvaluator.drain();
}

describe('electronic fence (keep in)', () => {
  it('records the first fix silently, raises exit on leaving and recovery on coming back', async () => {
    const d = await device();
    const raised: AlarmRecord[] = [];
    const onRaised = (a: AlarmRecord) => raised.push(a);
    t.app.alarmHub.on('raised', onRaised);
    const id = await addFence({ name: 'Depot', imeis: [d.imei] });
    await fix(d, C);
    expect(await typesOf(d)).toEqual([]);
    expect(await post(t.app, '/api/device/fence/states', { id }, { token: demo })).toMatchObject({
      data: [{ imei: d.imei }],
    });
    await fix(d, north(200));
    await fix(d, north(300));
    await fix(d, north(20));
    t.app.alarmHub.off('raised', onRaised);
    expect(await typesOf(d)).toEqual([20, 3]);
    const [exit, back] = await fenceAlarms(d);
    expect(exit).toMatchObject({
      title: '出围栏告警 · Depot',
      location: 'Depot',
      level: 2,
      imei: d.imei,
      tenantId: d.tenantId,
      data: { fenceId: String(id), fenceName: 'Depot' },
    });
    expect(exit!.lat).toBeCloseTo(north(200)[1], 9);
    // A recovery needs nobody: it is stored handled by the service.
    expect(back).toMatchObject({ title: '围栏恢复 · Depot', type: 3, handleState: 1, handlerName: '系统' });
    expect(exit).toMatchObject({ handleState: 0 });
    // Stored records were emitted on the alarm hub, for the consoles.
    expect(raised.filter((a) => a.imei === d.imei).map((a) => a.type)).toEqual([20, 3]);
  });

  it('does not storm on jitter at the boundary: a change needs the margin', async () => {
    const d = await device();
    await addFence({ imeis: [d.imei] });
    await fix(d, C);
    for (const m of [98, 102, 97, 103, 96, 104, 99, 101]) await fix(d, north(m));
    expect(await typesOf(d)).toEqual([]);
    await fix(d, north(106));
    for (const m of [97, 103, 96, 104, 98]) await fix(d, north(m));
    expect(await typesOf(d)).toEqual([20]);
    await fix(d, north(94));
    expect(await typesOf(d)).toEqual([20, 3]);
    // A vague fix widens the margin: 30 m out with 50 m accuracy changes nothing.
    await fix(d, north(130), { accuracy: 50 });
    expect(await typesOf(d)).toEqual([20, 3]);
    await fix(d, north(160), { accuracy: 50 });
    expect(await typesOf(d)).toEqual([20, 3, 20]);
  });

  it('lets no cell-tower fix (accuracy over 100 m) change a state, however far out it lands', async () => {
    const d = await device();
    await addFence({ imeis: [d.imei] });
    await fix(d, C);
    await fix(d, north(400), { accuracy: 800 });
    await fix(d, north(900), { accuracy: 1500 });
    expect(await typesOf(d)).toEqual([]);
    await fix(d, north(400), { accuracy: 10 });
    expect(await typesOf(d)).toEqual([20]);
  });

  it('raises nothing for a device first seen outside until it has been inside', async () => {
    const d = await device();
    await addFence({ imeis: [d.imei] });
    await fix(d, north(500));
    await fix(d, north(400));
    await fix(d, C);
    expect(await typesOf(d)).toEqual([]);
    await fix(d, north(400));
    expect(await typesOf(d)).toEqual([20]);
  });
});

describe('key fence (keep out)', () => {
  it('raises entry on entering (the first fix too) and recovery on leaving', async () => {
    const a = await device();
    const b = await device();
    await addFence({ name: 'Substation', type: 0, imeis: [a.imei, b.imei] });
    await fix(a, C);
    expect(await typesOf(a)).toEqual([21]);
    expect((await fenceAlarms(a))[0]).toMatchObject({ title: '进围栏告警 · Substation', location: 'Substation' });
    await fix(a, north(300));
    await fix(a, north(10));
    expect(await typesOf(a)).toEqual([21, 3, 21]);
    await fix(b, north(300));
    await fix(b, north(200));
    expect(await typesOf(b)).toEqual([]);
    await fix(b, north(50));
    expect(await typesOf(b)).toEqual([21]);
  });

  it('watches the devices of an assigned group, and a polygon', async () => {
    const [d, outsider] = await addDevices(t.app, 2);
    const [g] = await t.app.db
      .insert(deviceGroups)
      .values({ tenantId: await tenantId(t.app, 'Demo Site'), name: 'Patrol' })
      .returning({ id: deviceGroups.id });
    await t.app.db.update(devices).set({ groupId: g!.id }).where(eq(devices.id, d!.id));
    const ring = [north(-50), [C[0] + 0.001, C[1] - 0.0005], [C[0] + 0.001, C[1] + 0.0005], north(50)];
    await addFence({ name: 'Pit', type: 0, shape: 1, points: ring, groupIds: [g!.id] });
    await fix(d!, [C[0] + 0.0005, C[1]]);
    await fix(outsider!, [C[0] + 0.0005, C[1]]);
    expect(await typesOf(d!)).toEqual([21]);
    expect(await typesOf(outsider!)).toEqual([]);
    await fix(d!, [C[0] - 0.002, C[1]]);
    expect(await typesOf(d!)).toEqual([21, 3]);
    // A device joining the group later is watched from the next index refresh on.
    await t.app.db.update(devices).set({ groupId: g!.id }).where(eq(devices.id, outsider!.id));
    await t.app.fenceIndex.reload();
    await fix(outsider!, [C[0] + 0.0004, C[1]]);
    expect(await typesOf(outsider!)).toEqual([21]);
  });
});

describe('fence changes', () => {
  it('evaluates no disabled fence and forgets its states', async () => {
    const d = await device();
    const id = await addFence({ type: 0, imeis: [d.imei] });
    await fix(d, C);
    expect(await typesOf(d)).toEqual([21]);
    await post(
      t.app,
      '/api/device/fence/update',
      { id, name: 'Gate', type: 0, shape: 0, radius: 100, longitude: C[0], latitude: C[1], status: 0 },
      { token: demo },
    );
    expect(await t.app.db.select().from(fenceDeviceStates).where(eq(fenceDeviceStates.fenceId, id))).toEqual([]);
    await fix(d, north(300));
    await fix(d, C);
    expect(await typesOf(d)).toEqual([21]);
  });

  it('drops a deleted fence from evaluation', async () => {
    const d = await device();
    const id = await addFence({ type: 0, imeis: [d.imei] });
    expect((await post(t.app, '/api/device/fence/delete', { ids: [id] }, { token: demo })).code).toBe(0);
    await fix(d, C);
    expect(await typesOf(d)).toEqual([]);
    expect(t.app.fenceIndex.fence(d.tenantId, id)).toBeUndefined();
  });
});

describe('batches', () => {
  it('judges several fixes of one device in one batch in order', async () => {
    const d = await device();
    await addFence({ imeis: [d.imei] });
    const ts = Date.now();
    const fixes = [C, north(300), north(20), north(400)].map((p, i) => ({ device: d, p, marginM: 5, ts: ts + i }));
    const stored = await t.app.fenceEvaluator.evaluate(fixes);
    expect(stored.map((r) => r.type)).toEqual([20, 3, 20]);
    expect(await typesOf(d)).toEqual([20, 3, 20]);
  });
});

describe('replicas', () => {
  it('two evaluators on one database raise each transition once', async () => {
    const d = await device();
    await addFence({ name: 'Shared', type: 1, imeis: [d.imei] });
    const seen: number[] = [];
    const hub = new AlarmHub();
    hub.on('raised', (a: AlarmRecord) => a.imei === d.imei && seen.push(a.type));
    // Both replicas read the stored state before either writes: each waits at the profile lookup
    // (after judging, before its transaction) until the other has judged too. Left to the
    // scheduler, the second one often read the first one's write and judged nothing, so the race
    // the database must settle happened in some runs only.
    let waiting: (() => void) | undefined;
    const meet = () =>
      new Promise<void>((resolve) => {
        if (waiting) {
          waiting();
          waiting = undefined;
          resolve();
        } else waiting = resolve;
      });
    const replica = async () => {
      const index = new FenceIndex(t.app.db);
      await index.reload();
      const profiles = new DeviceProfiles(t.app.db, t.app.clock);
      const load = profiles.load.bind(profiles);
      profiles.load = async (ids) => (await meet(), load(ids));
      return new FenceEvaluator({
        db: t.app.db,
        index,
        clock: t.app.clock,
        log: t.app.log,
        announce: (rows) => rows.forEach((r) => hub.emit('raised', toAlarmRecord(r), contextOf(r))),
        profiles,
        deadLetters: t.app.deadLetters,
        dwellS: t.app.config.fenceDwellS,
      });
    };
    const [one, two] = [await replica(), await replica()];
    const at = (p: LonLat, ts: number) => [{ device: d, p, marginM: 5, ts }];
    const ts = Date.now();
    const both = async (p: LonLat, n: number) => {
      const [a, b] = await Promise.all([one.evaluate(at(p, ts + n)), two.evaluate(at(p, ts + n))]);
      return a.length + b.length;
    };
    await both(C, 1);
    // Each crossing: both judged it (they read the same stored state), the database let one through.
    expect(await both(north(300), 2)).toBe(1);
    expect(await both(C, 3)).toBe(1);
    expect(await both(north(300), 4)).toBe(1);
    expect(one.stats.transitions).toBe(4);
    expect(two.stats.transitions).toBe(4);
    expect(await typesOf(d)).toEqual([20, 3, 20]);
    expect(seen.sort()).toEqual([20, 20, 3].sort());
  });
});
