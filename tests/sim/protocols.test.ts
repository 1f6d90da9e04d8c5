import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceLocations, devices, monitoredPersons } from '../../src/server/db/schema';
import { seedProtocolDevicesIfMissing } from '../../src/server/db/seed-devices';
import { CODECS } from '../../src/server/protocols/registry';
import { PROTOCOL_NAMES, type ProtocolName } from '../../src/server/protocols/types';
import { demoFleet } from '../../src/shared/devices/demo';
import type { Fleet } from '../../src/sim/fleet';
import { startDemoFleet } from '../../src/demo-fleet';
import { ProtocolDevice, type ProtocolEndpoint } from '../../src/sim/protocols/device';
import { toSimDevice } from '../../src/sim/roster';
import { buildTestApp, type TestApp } from '../server/helper';
import { alarmRaised } from '../server/alarms-helper';
import { addDevices, until, type TestDevice } from '../server/ingest-helper';

/**
 * The simulator's protocol mode (README "Simulator", docs/protocols.md): virtual devices log in on
 * the service's protocol listeners, report positions that are stored, and send their alarms.
 */
let t: TestApp;
const endpoints = {} as Record<ProtocolName, ProtocolEndpoint>;

beforeAll(async () => {
  t = await buildTestApp();
  const listen = async (protocol: ProtocolName) => {
    const codec = CODECS[protocol];
    const port =
      codec.transport === 'http'
        ? await t.app.protocols.listenHttp(codec, 0, '127.0.0.1')
        : await t.app.protocols.listenTcp(codec, 0, '127.0.0.1');
    endpoints[protocol] = { protocol, host: '127.0.0.1', port };
  };
  for (const p of PROTOCOL_NAMES) await listen(p);
});
afterAll(() => t?.close());

const locationsOf = (id: number) => t.app.db.select().from(deviceLocations).where(eq(deviceLocations.deviceId, id));
const alarmOf = (id: number, type: number) => alarmRaised(t.app, id, type);

/** A registered device of `kind`; a JT/T 808 one is registered under a terminal number. */
async function registered(kind: 'watch' | 'locator' | 'helmet', protocol: ProtocolName): Promise<TestDevice> {
  const d = (await addDevices(t.app, 1, { kind }))[0]!;
  if (protocol !== 'jt808') return d;
  const number = `139${d.imei.slice(-8)}`;
  await t.app.db.update(devices).set({ imei: number }).where(eq(devices.id, d.id));
  return { ...d, imei: number };
}

const simDevice = (d: TestDevice, kind: 'watch' | 'locator' | 'helmet') => toSimDevice({ imei: d.imei, kind })!;

describe('sim devices over the protocols', () => {
  it.each([
    ['gt06', 'locator'],
    ['watch', 'watch'],
    ['jt808', 'helmet'],
    ['osmand', 'locator'],
    ['h02', 'locator'],
    ['trv', 'watch'],
    ['teltonika', 'locator'],
  ] as const)('a %s device logs in, walks and has its positions stored and acknowledged', async (protocol, kind) => {
    const d = await registered(kind, protocol);
    const sim = new ProtocolDevice(simDevice(d, kind), endpoints[protocol], { intervalS: 1 });
    try {
      await sim.start();
      const rows = await until(
        async () => {
          const r = await locationsOf(d.id);
          return r.length >= 2 ? r : undefined;
        },
        // Two reports a second apart; the budget is for a loaded machine (a full run once took 10 s
        // here for the file's first device, which pays the app's first ingest), not a target.
        20_000,
        `two ${protocol} positions`,
      );
      // OsmAnd does not say whether a fix is valid; the others say it is.
      expect(rows!.every((r) => r.source === 'gps' && r.valid !== false)).toBe(true);
      await until(() => sim.acked >= 2, 5_000, 'acknowledgements');
      expect(sim.connected).toBe(true);
    } finally {
      await sim.stop();
    }
  });

  it('sends an SOS (GT06, JT/T 808) and a watch taken off (watch) once, waiting for the acknowledgement', async () => {
    const locator = await registered('locator', 'gt06');
    await new ProtocolDevice(simDevice(locator, 'locator'), endpoints.gt06, { intervalS: 60 }).sendOnce({
      kind: 'alarm',
      alarm: 'sos',
    });
    await alarmOf(locator.id, 15);
    const helmet = await registered('helmet', 'jt808');
    await new ProtocolDevice(simDevice(helmet, 'helmet'), endpoints.jt808, { intervalS: 60 }).sendOnce({
      kind: 'alarm',
      alarm: 'sos',
    });
    await alarmOf(helmet.id, 15);
    const watch = await registered('watch', 'watch');
    await new ProtocolDevice(simDevice(watch, 'watch'), endpoints.watch, { intervalS: 60 }).sendOnce({
      kind: 'alarm',
      alarm: 'wearOff',
    });
    await alarmOf(watch.id, 4);
    // The families added later: an H02 tracker's and a Teltonika's SOS, a TRV watch's fall.
    for (const [protocol, kind, alarm, type] of [
      ['h02', 'locator', 'sos', 15],
      ['teltonika', 'locator', 'sos', 15],
      ['trv', 'watch', 'fall', 13],
    ] as const) {
      const d = await registered(kind, protocol);
      await new ProtocolDevice(simDevice(d, kind), endpoints[protocol], { intervalS: 60 }).sendOnce({
        kind: 'alarm',
        alarm,
      });
      await alarmOf(d.id, type);
    }
  });

  it('refuses a send the protocol cannot say, and a device the service does not know', async () => {
    const phone = await registered('locator', 'osmand');
    await expect(
      new ProtocolDevice(simDevice(phone, 'locator'), endpoints.osmand, { intervalS: 60 }).sendOnce({
        kind: 'alarm',
        alarm: 'sos',
      }),
    ).rejects.toThrow(/osmand has no way to say alarm/);
    const stranger = toSimDevice({ imei: '860999000000001', kind: 'locator' })!;
    await expect(new ProtocolDevice(stranger, endpoints.gt06, { intervalS: 60 }).start()).rejects.toThrow(
      /closed the connection/,
    );
  });
});

describe('the demo site', () => {
  let fleet: Fleet | undefined;
  afterAll(() => fleet?.stop());

  it('seeds one device of each protocol, the watch on a monitored person, and npm start runs them over their listeners', async () => {
    const roster = demoFleet().filter((d) => d.protocol);
    const rows = await t.app.db
      .select({ id: devices.id, imei: devices.imei })
      .from(devices)
      .where(
        inArray(
          devices.imei,
          roster.map((d) => d.imei),
        ),
      );
    expect(rows).toHaveLength(PROTOCOL_NAMES.length);
    for (const protocol of ['watch', 'trv'] as const) {
      const watch = rows.find((r) => r.imei === roster.find((d) => d.protocol === protocol)!.imei)!;
      expect(await t.app.db.$count(monitoredPersons, eq(monitoredPersons.deviceId, watch.id))).toBe(1);
    }
    // No MQTT devices (count 0), and every protocol listener is there.
    fleet = await startDemoFleet(t.app, 'mqtt://127.0.0.1:1', 0, undefined, Object.values(endpoints));
    expect(fleet.devices.map((d) => d.device.imei).sort()).toEqual(roster.map((d) => d.imei).sort());
    // The TCP devices are in once logged in (JT/T 808: authenticated); the phone's requests are the test above's.
    await until(
      () =>
        fleet!.devices
          .filter((d) => d.device.imei !== roster.find((r) => r.protocol === 'osmand')!.imei)
          .every((d) => d.connected),
      15_000,
      'the TCP devices in',
    );
  });

  it('adds the protocol devices to a demo database seeded before them, once', async () => {
    const fresh = await buildTestApp();
    try {
      const imeis = demoFleet()
        .filter((d) => d.protocol)
        .map((d) => d.imei);
      const ids = (await fresh.app.db.select({ id: devices.id }).from(devices).where(inArray(devices.imei, imeis))).map(
        (r) => r.id,
      );
      await fresh.app.db
        .update(monitoredPersons)
        .set({ deviceId: null })
        .where(inArray(monitoredPersons.deviceId, ids));
      await fresh.app.db.delete(devices).where(inArray(devices.id, ids));
      await fresh.app.db.transaction((tx) => seedProtocolDevicesIfMissing(tx));
      await fresh.app.db.transaction((tx) => seedProtocolDevicesIfMissing(tx));
      const rows = await fresh.app.db
        .select({ imei: devices.imei, kind: devices.kind })
        .from(devices)
        .where(inArray(devices.imei, imeis));
      expect(rows.map((r) => r.imei).sort()).toEqual([...imeis].sort());

      // A site seeded with the first four families gets the later ones; one it deleted stays deleted.
      const [gt06, ...later] = demoFleet().filter(
        (d) => d.protocol === 'gt06' || ['h02', 'trv', 'teltonika'].includes(d.protocol!),
      );
      const gone = [gt06!.imei, ...later.map((d) => d.imei)];
      const goneIds = (
        await fresh.app.db.select({ id: devices.id }).from(devices).where(inArray(devices.imei, gone))
      ).map((r) => r.id);
      await fresh.app.db
        .update(monitoredPersons)
        .set({ deviceId: null })
        .where(inArray(monitoredPersons.deviceId, goneIds));
      await fresh.app.db.delete(devices).where(inArray(devices.id, goneIds));
      await fresh.app.db.transaction((tx) => seedProtocolDevicesIfMissing(tx));
      const after = (
        await fresh.app.db.select({ imei: devices.imei }).from(devices).where(inArray(devices.imei, imeis))
      ).map((r) => r.imei);
      expect(after.sort()).toEqual(imeis.filter((i) => i !== gt06!.imei).sort());
    } finally {
      await fresh.close();
    }
  });

  it('leaves out a protocol device whose listener is off', async () => {
    const only = await startDemoFleet(t.app, 'mqtt://127.0.0.1:1', 0, undefined, [endpoints.gt06]);
    try {
      expect(only.devices.map((d) => d.device.imei)).toEqual([demoFleet().find((d) => d.protocol === 'gt06')!.imei]);
    } finally {
      await only.stop();
    }
  });
});
