import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarmRecordSchema } from '../../../src/shared/alarms/push';
import { DEFAULT_SETTINGS, type DeviceSettings } from '../../../src/shared/devices/settings';
import { devices } from '../../../src/server/db/schema';
import { buildTestApp, login, post, type TestApp } from '../helper';
import { addDevices } from '../ingest-helper';
import { alarmsOf, conditionsOf, send, typesOf } from '../alarms-helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ embeddedBroker: true });
});
afterAll(() => t?.close());

/** A fresh device whose stored settings have `alarmDuration` 0 unless told otherwise. */
async function device(settings: Partial<DeviceSettings> = {}, kind = 'wristband') {
  const [d] = await addDevices(t.app, 1, { kind });
  await t.app.db
    .update(devices)
    .set({
      settings: { alarmDuration: 0, ...settings },
      name: 'Band 1',
      personName: 'Li Lei',
      personPhone: '13900000001',
      lat: 22.5,
      lon: 114.1,
    })
    .where(eq(devices.id, d!.id));
  return d!;
}

let seq = 0;
const telemetry = (values: Record<string, number>, ts = Date.now()) => ({
  kind: 'telemetry',
  id: `t${++seq}`,
  ts,
  values,
});

// [metric, abnormal, hysteresis (no change), normal, type, threshold crossed] with the default limits.
const CASES: [string, number, number, number, number, number][] = [
  ['heartRate', 170, 119, 80, 6, 120],
  ['heartRate', 40, 51, 70, 6, 50],
  ['bodyTemp', 38.4, 37.4, 36.6, 7, 37.5],
  ['bloodOxygen', 85, 90.5, 97, 10, 90],
  ['ambientTemp', 50, 44.5, 25, 16, 45],
  ['altitude', 3200, 2995, 100, 17, 3000],
  ['airQuality', 200, 148, 50, 26, 150],
  ['humidity', 95, 89, 50, 29, 90],
  ['odour', 80, 59, 10, 30, 60],
  ['vocs', 1.2, 0.58, 0.1, 31, 0.6],
  ['battery', 8, 22, 80, 9, 20],
  ['gas', 25, 7, 1, 14, 10],
  ['smoke', 0.3, 0.07, 0.01, 8, 0.1],
  ['systolic', 160, 137, 120, 5, 140],
  ['diastolic', 100, 87, 75, 5, 90],
  ['waterPressure', 0.05, 0.12, 0.35, 32, 0.1],
];

describe('threshold alarms and their recovery', () => {
  it.each(CASES)('%s: %s raises once, %s holds, %s recovers', async (metric, bad, band, good, type, threshold) => {
    const d = await device();
    const t0 = Date.now() - 60_000;
    await send(t.app, d.imei, telemetry({ [metric]: bad }, t0));
    await send(t.app, d.imei, telemetry({ [metric]: bad }, t0 + 10_000));
    await send(t.app, d.imei, telemetry({ [metric]: band }, t0 + 20_000));
    expect(await typesOf(t.app, d.id)).toEqual([type]);
    await send(t.app, d.imei, telemetry({ [metric]: good }, t0 + 30_000));
    const rows = await alarmsOf(t.app, d.id);
    expect(rows.map((r) => [r.type, r.recoveredType])).toEqual([
      [type, null],
      [19, type],
    ]);
    expect(rows[0]).toMatchObject({
      value: bad,
      threshold,
      level: expect.any(Number),
      read: 0,
      handleState: 0,
      deviceName: 'Band 1',
      personName: 'Li Lei',
      personPhone: '13900000001',
      lat: 22.5,
      lon: 114.1,
      tenantId: d.tenantId,
    });
    expect(rows[0]!.ts.getTime()).toBe(t0);
    expect(rows[1]).toMatchObject({ value: good, threshold, level: 1, title: '告警恢复' });
    expect(await conditionsOf(t.app, d.id)).toEqual([]);
  });

  it('uses the limits in the device settings, and settings saved through the console at once', async () => {
    const d = await device({ limits: { heartRate: { low: 40, high: 100, interval: 5 } } });
    const t0 = Date.now() - 60_000;
    await send(t.app, d.imei, telemetry({ heartRate: 110 }, t0));
    expect(await typesOf(t.app, d.id)).toEqual([6]);
    expect((await alarmsOf(t.app, d.id))[0]!.threshold).toBe(100);
    const { token } = await login(t.app, 'demo', 'demo123');
    const settings = {
      ...DEFAULT_SETTINGS,
      alarmDuration: 0,
      limits: { ...DEFAULT_SETTINGS.limits, heartRate: { low: 40, high: 150, interval: 5 } },
    };
    expect((await post(t.app, '/api/device/settings/save', { imei: d.imei, settings }, { token })).code).toBe(0);
    // 110 is normal under the new limit: the cached profile was dropped, so it recovers.
    await send(t.app, d.imei, telemetry({ heartRate: 110 }, t0 + 10_000));
    expect(await typesOf(t.app, d.id)).toEqual([6, [19, 6]]);
  });

  it('honours alarmDuration: a short excursion raises nothing, a lasting one raises once it has lasted', async () => {
    const d = await device({ alarmDuration: 30 });
    const t0 = Date.now() - 120_000;
    await send(t.app, d.imei, telemetry({ heartRate: 170 }, t0));
    await send(t.app, d.imei, telemetry({ heartRate: 172 }, t0 + 10_000));
    await send(t.app, d.imei, telemetry({ heartRate: 80 }, t0 + 20_000));
    // Pending and cleared: neither an alarm nor a recovery.
    expect(await alarmsOf(t.app, d.id)).toEqual([]);
    await send(t.app, d.imei, telemetry({ heartRate: 170 }, t0 + 40_000));
    await send(t.app, d.imei, telemetry({ heartRate: 171 }, t0 + 60_000));
    expect(await alarmsOf(t.app, d.id)).toEqual([]);
    await send(t.app, d.imei, telemetry({ heartRate: 173 }, t0 + 70_000));
    await send(t.app, d.imei, telemetry({ heartRate: 175 }, t0 + 80_000));
    const rows = await alarmsOf(t.app, d.id);
    expect(rows.map((r) => r.type)).toEqual([6]);
    expect(rows[0]!.ts.getTime()).toBe(t0 + 70_000);
  });

  it('raises one record while a condition lasts, however many readings arrive in one batch', async () => {
    const d = await device();
    const t0 = Date.now() - 300_000;
    for (let i = 0; i < 20; i++)
      t.app.ingest.handle(
        `sfwatch/${d.imei}/up`,
        Buffer.from(JSON.stringify(telemetry({ heartRate: 160 + i, bodyTemp: 39 }, t0 + i * 1000))),
        null,
      );
    await send(t.app, d.imei, telemetry({ heartRate: 70, bodyTemp: 36.5 }, t0 + 30_000));
    expect(await typesOf(t.app, d.id)).toEqual([6, 7, [19, 6], [19, 7]]);
  });

  it('emits each stored record on the alarm hub in the push schema', async () => {
    const d = await device();
    const seen: unknown[] = [];
    const on = (r: unknown, c: unknown) => seen.push([r, c]);
    t.app.alarmHub.on('raised', on);
    try {
      await send(t.app, d.imei, telemetry({ gas: 30 }));
    } finally {
      t.app.alarmHub.off('raised', on);
    }
    expect(seen).toHaveLength(1);
    const [record, context] = seen[0] as [unknown, unknown];
    expect(alarmRecordSchema.parse(record)).toMatchObject({ type: 14, imei: d.imei, value: 30, threshold: 10 });
    expect(context).toMatchObject({ deviceId: d.id, departmentId: null, userId: null });
  });
});
