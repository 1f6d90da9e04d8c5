import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEVICE_STATE } from '../../../src/shared/codes';
import { AlarmEngine } from '../../../src/server/alarms/engine';
import { urgentUplink } from '../../../src/server/alarms/intents';
import { DeviceProfiles } from '../../../src/server/alarms/profiles';
import { alarmRecords, devices } from '../../../src/server/db/schema';
import { DeviceHub } from '../../../src/server/devices/hub';
import { buildTestApp, type TestApp } from '../helper';
import { seededAt } from '../template-db';
import { tenantId } from '../fixtures';
import { addDevices } from '../ingest-helper';
import { alarmsOf, conditionsOf, send, settle, typesOf } from '../alarms-helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ embeddedBroker: true });
});
afterAll(() => t?.close());

async function device(kind = 'watch') {
  const [d] = await addDevices(t.app, 1, { kind });
  await t.app.db
    .update(devices)
    .set({ settings: { alarmDuration: 0 } })
    .where(eq(devices.id, d!.id));
  return d!;
}
const alarm = (name: string, ts: number, extra: object = {}) => ({ kind: 'alarm', alarm: name, ts, ...extra });

describe('device events', () => {
  it('maps each one-off event to its type, level and string code', async () => {
    const d = await device();
    const t0 = Date.now() - 600_000;
    const names = [
      'sos',
      'fall',
      'collision',
      'fireButton',
      'powerLoss',
      'fault',
      'mute',
      'button',
      'nearElectricity',
      'soundLight',
    ];
    for (const [i, name] of names.entries()) await send(t.app, d.imei, alarm(name, t0 + i * 10_000, { note: 'n' }));
    const rows = await alarmsOf(t.app, d.id);
    expect(rows.map((r) => r.type)).toEqual([15, 13, 12, 18, 28, 22, 23, 24, 11, 27]);
    expect(rows[0]).toMatchObject({ level: 3, code2: '04', title: 'SOS求救', data: { note: 'n', event: 'sos' } });
    expect(rows[5]).toMatchObject({ code2: '03' });
  });

  it('de-duplicates a one-off pressed twice within 5 s, not one pressed again later', async () => {
    const d = await device();
    const t0 = Date.now() - 60_000;
    await send(t.app, d.imei, alarm('sos', t0));
    await send(t.app, d.imei, alarm('sos', t0 + 3_000));
    // Both presses in one batch are judged in order too.
    t.app.ingest.handle(`sfwatch/${d.imei}/up`, Buffer.from(JSON.stringify(alarm('fall', t0 + 1_000))), null);
    t.app.ingest.handle(`sfwatch/${d.imei}/up`, Buffer.from(JSON.stringify(alarm('fall', t0 + 2_000))), null);
    await settle(t.app);
    await send(t.app, d.imei, alarm('sos', t0 + 9_000));
    expect(await typesOf(t.app, d.id)).toEqual([15, 13, 15]);
  });

  it('wearOff raises type 4 once until wearOn recovers it', async () => {
    const d = await device();
    const t0 = Date.now() - 60_000;
    await send(t.app, d.imei, alarm('wearOff', t0));
    await send(t.app, d.imei, alarm('wearOff', t0 + 20_000));
    expect(await conditionsOf(t.app, d.id)).toMatchObject([{ type: 4, raised: 1 }]);
    await send(t.app, d.imei, alarm('wearOn', t0 + 30_000));
    await send(t.app, d.imei, alarm('wearOn', t0 + 40_000));
    expect(await typesOf(t.app, d.id)).toEqual([4, [19, 4]]);
  });

  it('a smoke event on a smoke detector lasts until its readings clear; on other kinds it is one-off', async () => {
    const s = await device('smoke');
    const t0 = Date.now() - 60_000;
    await send(t.app, s.imei, alarm('smoke', t0));
    await send(t.app, s.imei, alarm('smoke', t0 + 10_000));
    await send(t.app, s.imei, { kind: 'telemetry', ts: t0 + 20_000, values: { smoke: 0.01 } });
    expect(await typesOf(t.app, s.id)).toEqual([8, [19, 8]]);
    const w = await device('watch');
    await send(t.app, w.imei, alarm('lowBattery', t0));
    await send(t.app, w.imei, alarm('lowBattery', t0 + 10_000));
    await send(t.app, w.imei, { kind: 'telemetry', ts: t0 + 20_000, values: { battery: 90 } });
    expect(await typesOf(t.app, w.id)).toEqual([9, [19, 9]]);
    const h = await device('helmet');
    await send(t.app, h.imei, alarm('gasLeak', t0));
    await send(t.app, h.imei, alarm('gasLeak', t0 + 10_000));
    expect(await typesOf(t.app, h.id)).toEqual([14, 14]);
  });

  it('door calls and cards are records with the call data; a different room or card is a different event', async () => {
    const d = await device('doorUnit');
    const t0 = Date.now() - 60_000;
    const raised: unknown[] = [];
    const on = (_r: unknown, c: unknown) => raised.push(c);
    t.app.alarmHub.on('raised', on);
    try {
      await send(t.app, d.imei, {
        kind: 'call',
        ts: t0,
        roomNo: '1201',
        community: 'Garden',
        building: '3',
        unit: '2',
      });
      await send(t.app, d.imei, { kind: 'call', ts: t0 + 1_000, roomNo: '1201' });
      await send(t.app, d.imei, { kind: 'call', ts: t0 + 2_000, roomNo: '1202' });
      await send(t.app, d.imei, { kind: 'card', ts: t0 + 3_000, cardInfo: 'A-1' });
      await send(t.app, d.imei, { kind: 'card', ts: t0 + 3_500, cardInfo: 'A-2' });
    } finally {
      t.app.alarmHub.off('raised', on);
    }
    const rows = await alarmsOf(t.app, d.id);
    expect(rows.map((r) => r.type)).toEqual([33, 33, 34, 34]);
    expect(rows[0]).toMatchObject({
      level: 1,
      title: '门口机呼叫',
      data: { roomNo: '1201', community: 'Garden', building: '3', unit: '2' },
    });
    expect(raised[0]).toMatchObject({ deviceId: d.id, community: 'Garden', building: '3', unit: '2', roomNo: '1201' });
    expect(rows[3]!.data).toEqual({ cardInfo: 'A-2' });
  });

  it('offline raises type 2 once; online after it writes type 1, plain connections write nothing', async () => {
    const d = await device();
    await send(t.app, d.imei, { kind: 'status', online: true });
    expect(await alarmsOf(t.app, d.id)).toEqual([]);
    // The last will: the ingest turns it into the 'offline' event.
    await send(t.app, d.imei, { kind: 'status', online: false });
    await send(t.app, d.imei, { kind: 'status', online: false });
    expect((await t.app.db.select({ s: devices.state }).from(devices).where(eq(devices.id, d.id)))[0]!.s).toBe(
      DEVICE_STATE.offline,
    );
    await send(t.app, d.imei, { kind: 'status', online: true });
    await send(t.app, d.imei, { kind: 'telemetry', values: { heartRate: 80 } });
    const rows = await alarmsOf(t.app, d.id);
    expect(rows.map((r) => [r.type, r.recoveredType, r.level, r.code2])).toEqual([
      [2, null, 2, '02'],
      [1, 2, 1, null],
    ]);
  });

  it('a burst from 1,000 devices is written in a few statements, one record each', async () => {
    const many = await addDevices(t.app, 1000, { kind: 'watch' });
    const before = t.app.alarmEngine.stats.records;
    const raised = new Set<number>();
    const on = (r: { id: number }) => raised.add(r.id);
    const transactions = vi.spyOn(t.app.db, 'transaction');
    let calls = 0;
    t.app.alarmHub.on('raised', on);
    try {
      for (const d of many)
        t.app.ingest.handle(`sfwatch/${d.imei}/up`, Buffer.from(JSON.stringify(alarm('sos', Date.now()))), null);
      await settle(t.app);
      calls = transactions.mock.calls.length;
    } finally {
      t.app.alarmHub.off('raised', on);
      transactions.mockRestore();
    }
    expect(t.app.alarmEngine.stats.records - before).toBe(1000);
    expect(raised.size).toBe(1000);
    // Batches, one transaction each, not one per device. How the burst splits depends on timing:
    // the urgent lane takes whatever the ingest has stored when its previous batch ends, so a busy
    // machine gives a few more batches (CI saw 6 on PostgreSQL); one per device would give 1,000.
    expect(calls).toBeGreaterThan(0);
    expect(calls).toBeLessThan(many.length / 40);
  });

  it('survives an event for an unknown device and a raised listener that throws', async () => {
    const d = await device();
    t.app.uplinks.run({ ...(await known(d.imei)), id: 999_999 }, { kind: 'alarm', alarm: 'sos' }, new Date(), true);
    const boom = () => {
      throw new Error('listener bug');
    };
    t.app.alarmHub.on('raised', boom);
    try {
      await send(t.app, d.imei, alarm('fall', Date.now()));
    } finally {
      t.app.alarmHub.off('raised', boom);
    }
    expect(await typesOf(t.app, d.id)).toEqual([13]);
  });
});

describe('the urgent lane', () => {
  it('takes critical one-off events, calls and cards; whatever starts or ends a condition stays in order', () => {
    const a = (name: string) => ({ kind: 'alarm', alarm: name }) as Parameters<typeof urgentUplink>[0];
    for (const name of ['sos', 'fall', 'collision', 'fireButton', 'nearElectricity', 'powerLoss'])
      expect(urgentUplink(a(name), 'watch'), name).toBe(true);
    for (const name of ['wearOn', 'wearOff', 'fault', 'mute', 'button', 'soundLight', 'lowBattery'])
      expect(urgentUplink(a(name), 'watch'), name).toBe(false);
    // smoke starts a lasting condition on a smoke detector (its readings end it), elsewhere it is one-off.
    expect(urgentUplink(a('smoke'), 'smoke')).toBe(false);
    expect(urgentUplink(a('smoke'), 'watch')).toBe(true);
    expect(urgentUplink({ kind: 'call', roomNo: '1201' }, 'doorUnit')).toBe(true);
    expect(urgentUplink({ kind: 'card', cardInfo: 'c' }, 'doorUnit')).toBe(true);
    expect(urgentUplink({ kind: 'telemetry', values: { heartRate: 200 } }, 'watch')).toBe(false);
    expect(urgentUplink({ kind: 'status', wearing: false }, 'watch')).toBe(false);
  });

  it('raises an SOS queued behind a telemetry backlog before the backlog, each alarm once, conditions in order', async () => {
    const fleet = await addDevices(t.app, 1000, { kind: 'watch' });
    await t.app.db
      .update(devices)
      .set({ settings: { alarmDuration: 0 } })
      .where(
        inArray(
          devices.id,
          fleet.map((d) => d.id),
        ),
      );
    const s = await device();
    const kds = await Promise.all(fleet.map((d) => known(d.imei)));
    const ks = await known(s.imei);
    const ids = new Set([...fleet.map((d) => d.id), s.id]);
    const order: number[] = [];
    const on = (r: { type: number }, c: { deviceId: number }) => ids.has(c.deviceId) && order.push(r.type);
    t.app.alarmHub.on('raised', on);
    try {
      const t0 = Date.now() - 600_000;
      // 6,000 readings, each one raising or recovering: 1,000 start the first bulk batch, 5,000 wait for the next.
      for (let i = 0; i < 6; i++) {
        for (const kd of kds)
          t.app.uplinks.run(
            kd,
            { kind: 'telemetry', ts: t0 + i * 10_000, values: { heartRate: i % 2 ? 70 : 200 } },
            new Date(),
            false,
          );
      }
      // Urgent, as Ingest.admit finds an SOS (the engine takes the ingest's verdict).
      t.app.uplinks.run(ks, { kind: 'alarm', alarm: 'sos', ts: t0 }, new Date(), true);
      t.app.uplinks.run(ks, { kind: 'alarm', alarm: 'sos', ts: t0 }, new Date(), true); // a redelivery
      await settle(t.app);
    } finally {
      t.app.alarmHub.off('raised', on);
    }
    // In the bulk lane it would have waited for all 6,000 records.
    expect(order.indexOf(15)).toBeGreaterThanOrEqual(0);
    expect(order.indexOf(15)).toBeLessThan(3000);
    expect(order.filter((x) => x === 15)).toHaveLength(1);
    expect(order.filter((x) => x === 6)).toHaveLength(3000);
    expect(order.filter((x) => x === 19)).toHaveLength(3000);
    for (const d of fleet.slice(0, 3)) expect(await typesOf(t.app, d.id)).toEqual([6, [19, 6], 6, [19, 6], 6, [19, 6]]);
    expect(await typesOf(t.app, s.id)).toEqual([15]);
  });
});

describe('demo seed', () => {
  it('holds 14 days of varied alarm history for the demo site', async () => {
    const tenant = await tenantId(t.app, 'Demo Site');
    const rows = await t.app.db.select().from(alarmRecords).where(eq(alarmRecords.tenantId, tenant));
    expect(rows.length).toBeGreaterThan(100);
    expect(new Set(rows.map((r) => r.type)).size).toBeGreaterThanOrEqual(10);
    // Measured from when the demo was seeded (the run's template, minutes before this test), not
    // from now; without a template the app seeded in beforeAll, within the minute allowed.
    const oldest = Math.min(...rows.map((r) => r.ts.getTime()));
    expect(seededAt() - oldest).toBeLessThanOrEqual(14 * 86_400_000 + 60_000);
    expect(seededAt() - oldest).toBeGreaterThan(7 * 86_400_000);
    expect(rows.some((r) => r.read === 0 && r.handleState === 0)).toBe(true);
    expect(rows.some((r) => r.handleState === 1 && r.handlerName)).toBe(true);
    expect(rows.some((r) => r.type === 19 && r.recoveredType !== null)).toBe(true);
  });
});

describe('replicas sharing the traffic of a device', () => {
  it('raise once and recover once when messages alternate between two engines on one database', async () => {
    const d = await device('wristband');
    const kd = await known(d.imei);
    const hubB = new DeviceHub();
    const b = new AlarmEngine({
      db: t.app.db,
      clock: t.clock,
      log: t.app.log,
      deviceHub: hubB,
      alarmHub: t.app.alarmHub,
      profiles: new DeviceProfiles(t.app.db, t.clock),
      deadLetters: t.app.deadLetters,
    });
    b.start();
    try {
      const engines = [t.app.alarmEngine, b];
      const t0 = Date.now() - 100_000;
      const readings = [80, 170, 175, 180, 70, 72, 165, 168];
      for (const [i, heartRate] of readings.entries()) {
        engines[i % 2]!.uplink(
          kd,
          { kind: 'telemetry', ts: t0 + i * 10_000, values: { heartRate } },
          new Date(),
          false,
        );
        await t.app.alarmEngine.drain();
        await b.drain();
      }
    } finally {
      await b.close();
    }
    expect(await typesOf(t.app, d.id)).toEqual([6, [19, 6], 6]);
  });
});

async function known(imei: string) {
  const k = await t.app.deviceCache.get(imei);
  if (!k) throw new Error('unknown device');
  return k;
}
