/**
 * Fence dwell (docs/fences.md): a crossing raises only once the device has stayed on the other
 * side for the fence's dwell, or the service default; pending changes are confirmed or cancelled
 * by later fixes, and two evaluators on one database raise a confirmed change once.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { LonLat } from '../../../src/shared/geo/fence';
import { topics } from '../../../src/shared/topics';
import { DeviceProfiles } from '../../../src/server/alarms/profiles';
import { fenceDeviceStates, fences } from '../../../src/server/db/schema';
import { FenceEvaluator } from '../../../src/server/fences/evaluator';
import { FenceIndex } from '../../../src/server/fences/fence-index';
import { post } from '../helper';
import type { TestDevice } from '../ingest-helper';
import { addFence, C, demo, device, fenceAlarms, north, t, typesOf, useFenceApp } from './eval-helpers';

useFenceApp();

/** One fix of the device at device time `ts` (ms) through the ingest, evaluated before this resolves. */
async function fixAt(d: TestDevice, p: LonLat, ts: number) {
  t.app.ingest.handle(
    topics.deviceUp(d.imei),
    Buffer.from(JSON.stringify({ kind: 'location', lon: p[0], lat: p[1], ts })),
    null,
  );
  await t.app.ingest.drain();
  await t.app.fenceEvaluator.drain();
}

describe('dwell', () => {
  const T0 = Date.now() - 600_000;
  const s = (n: number) => T0 + n * 1000;

  it('raises no exit for a device jittering across the line, each side for less than the dwell', async () => {
    const d = await device();
    await addFence({ dwell: 30, imeis: [d.imei] });
    await fixAt(d, C, s(0));
    // Every other fix is 12 m out, clearly beyond the 5 m margin: at dwell 0 each would be an exit.
    for (let i = 1; i <= 24; i++) await fixAt(d, north(i % 2 ? 112 : 90), s(i * 5));
    // Out for 25 s, then back: still under the dwell.
    for (const n of [130, 135, 140, 145, 150, 155]) await fixAt(d, north(115), s(n));
    await fixAt(d, north(80), s(160));
    expect(await typesOf(d)).toEqual([]);
    expect(t.app.fenceEvaluator.stats.cancelled).toBeGreaterThan(0);
  });

  it('raises exactly one exit once the device has stayed out past the dwell, at the confirming fix', async () => {
    const d = await device();
    const id = await addFence({ dwell: 30, imeis: [d.imei] });
    await fixAt(d, C, s(0));
    await fixAt(d, north(150), s(10));
    await fixAt(d, north(160), s(20));
    await fixAt(d, north(170), s(30));
    expect(await typesOf(d)).toEqual([]);
    await fixAt(d, north(180), s(40));
    for (const n of [50, 60, 120]) await fixAt(d, north(200), s(n));
    expect(await typesOf(d)).toEqual([20]);
    const [exit] = await fenceAlarms(d);
    // The alarm is the confirming fix's: its time and place; the state is out since the first fix beyond.
    expect(exit!.ts.getTime()).toBe(s(40));
    expect(exit!.lat).toBeCloseTo(north(180)[1], 9);
    const [state] = await t.app.db
      .select()
      .from(fenceDeviceStates)
      .where(and(eq(fenceDeviceStates.fenceId, id), eq(fenceDeviceStates.deviceId, d.id)));
    expect(state).toMatchObject({ inside: false, pendingSince: null, pendingInside: null });
    expect(state!.since.getTime()).toBe(s(10));
    // Coming back dwells too: the recovery comes 30 s after the first fix back inside.
    await fixAt(d, C, s(200));
    expect(await typesOf(d)).toEqual([20]);
    await fixAt(d, north(20), s(230));
    expect(await typesOf(d)).toEqual([20, 3]);
  });

  it('cancels a pending exit when the device comes back within the dwell; the next one starts afresh', async () => {
    const d = await device();
    await addFence({ dwell: 30, imeis: [d.imei] });
    await fixAt(d, C, s(0));
    await fixAt(d, north(150), s(10));
    await fixAt(d, north(150), s(20));
    await fixAt(d, north(50), s(30));
    const [pendingGone] = await t.app.db.select().from(fenceDeviceStates).where(eq(fenceDeviceStates.deviceId, d.id));
    expect(pendingGone).toMatchObject({ inside: true, pendingSince: null });
    // Out again: 40 s after the first exit fix, but only 10 s after this one.
    await fixAt(d, north(150), s(40));
    await fixAt(d, north(150), s(50));
    expect(await typesOf(d)).toEqual([]);
    await fixAt(d, north(150), s(70));
    expect(await typesOf(d)).toEqual([20]);
    expect((await fenceAlarms(d))[0]!.ts.getTime()).toBe(s(70));
  });

  it('neither confirms nor cancels on a fix beyond the line within the margin', async () => {
    const d = await device();
    await addFence({ dwell: 30, imeis: [d.imei] });
    await fixAt(d, C, s(0));
    await fixAt(d, north(150), s(10));
    await fixAt(d, north(102), s(45));
    expect(await typesOf(d)).toEqual([]);
    await fixAt(d, north(150), s(50));
    expect(await typesOf(d)).toEqual([20]);
  });

  it('keeps a fence dwell on update unless given, and null returns to the service default', async () => {
    const id = await addFence({ dwell: 45 });
    const dwellOf = async () =>
      (await t.app.db.select({ dwellS: fences.dwellS }).from(fences).where(eq(fences.id, id)))[0]!.dwellS;
    expect(await dwellOf()).toBe(45);
    const body = { id, name: 'Gate', type: 1, shape: 0, radius: 100, longitude: C[0], latitude: C[1] };
    expect((await post(t.app, '/api/device/fence/update', body, { token: demo })).code).toBe(0);
    expect(await dwellOf()).toBe(45);
    expect((await post(t.app, '/api/device/fence/update', { ...body, dwell: null }, { token: demo })).code).toBe(0);
    expect(await dwellOf()).toBeNull();
    expect((await post(t.app, '/api/device/fence/update', { ...body, dwell: -1 }, { token: demo })).code).not.toBe(0);
    expect(await addFenceBody({ dwell: 3_601 })).not.toBe(0);
  });

  it('applies the service default (FENCE_DWELL_S) to a fence without its own', async () => {
    const d = await device();
    await addFence({ imeis: [d.imei] });
    const replica = new FenceEvaluator({ ...evaluatorDeps(t.app.fenceIndex), dwellS: 30 });
    const at = (p: LonLat, n: number) => replica.evaluate([{ device: d, p, marginM: 5, ts: s(n) }]);
    await at(C, 0);
    expect(await at(north(300), 10)).toEqual([]);
    expect((await at(north(300), 39)).map((r) => r.type)).toEqual([]);
    expect((await at(north(300), 40)).map((r) => r.type)).toEqual([20]);
  });

  it('two evaluators on one database judging the same fixes raise the confirmed exit once', async () => {
    const d = await device();
    await addFence({ name: 'Shared dwell', dwell: 30, imeis: [d.imei] });
    const other = new FenceIndex(t.app.db);
    await other.reload();
    const replica = new FenceEvaluator(evaluatorDeps(other));
    const both = async (p: LonLat, n: number) => {
      const at = [{ device: d, p, marginM: 5, ts: s(n) }];
      const [a, b] = await Promise.all([t.app.fenceEvaluator.evaluate(at), replica.evaluate(at)]);
      return [...a, ...b].map((r) => r.type);
    };
    expect(await both(C, 0)).toEqual([]);
    expect(await both(north(300), 10)).toEqual([]);
    expect(await both(north(300), 40)).toEqual([20]);
    expect(await both(north(300), 50)).toEqual([]);
    // Back and out again within the dwell: nothing; back for good: one recovery.
    expect(await both(C, 60)).toEqual([]);
    expect(await both(north(300), 70)).toEqual([]);
    expect(await both(C, 80)).toEqual([]);
    expect(await both(C, 110)).toEqual([3]);
    expect(await typesOf(d)).toEqual([20, 3]);
  });
});

function evaluatorDeps(index: FenceIndex) {
  return {
    db: t.app.db,
    index,
    clock: t.app.clock,
    log: t.app.log,
    announce: () => {},
    profiles: new DeviceProfiles(t.app.db, t.app.clock),
    deadLetters: t.app.deadLetters,
    dwellS: t.app.config.fenceDwellS,
  };
}

async function addFenceBody(body: object): Promise<number> {
  return (
    await post(
      t.app,
      '/api/device/fence/add',
      { name: 'Gate', type: 1, shape: 0, radius: 100, longitude: C[0], latitude: C[1], ...body },
      { token: demo },
    )
  ).code;
}
