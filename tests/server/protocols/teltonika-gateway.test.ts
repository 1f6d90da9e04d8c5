import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../src/server/db/rows';
import { alarmRecords, deviceCommands, deviceLocations, devices } from '../../../src/server/db/schema';
import { deliver } from '../../../src/server/devices/commands';
import { CODECS } from '../../../src/server/protocols/registry';
import { EVENT_ALARM_TYPE } from '../../../src/shared/alarms/types';
import {
  avlPacket,
  CODEC_8,
  CODEC_8E,
  codec12,
  CODEC12_RESPONSE,
  imeiFrame,
} from '../../../src/shared/protocols/teltonika/packet';
import { buildTestApp, type TestApp } from '../helper';
import { addDevices, randomImei, until, type TestDevice, lastLocation as lastOf } from '../ingest-helper';
import { Wire } from './wire';

/**
 * A Teltonika tracker over a real socket through the gateway (docs/protocols.md, teltonika): its
 * IMEI answered 01, a packet of three records answered 3 once stored, the alarm button raising
 * an SOS, a command sent as codec 12 and acknowledged by the response; an unknown IMEI listed and
 * nothing of it stored.
 */
let t: TestApp;
let port: number;
let d: TestDevice;

beforeAll(async () => {
  t = await buildTestApp();
  port = await t.app.protocols.listenTcp(CODECS.teltonika, 0, '127.0.0.1');
  d = (await addDevices(t.app, 1, { kind: 'locator' }))[0]!;
});
afterAll(() => t?.close());

const base = Math.floor(Date.now() / 1000) * 1000 - 60_000;
const record = (i: number, io: { id: number; value: number }[] = [], eventId = 0) => ({
  ts: base + i * 10_000,
  priority: eventId === 236 ? 2 : 0,
  lat: 54.6872 + i / 1000,
  lon: 25.2797 - i / 1000,
  alt: 120,
  angle: 90,
  satellites: 8,
  speed: 30 + i,
  eventId,
  io: [{ id: 113, value: 85 }, { id: 67, value: 4100 }, ...io],
});

const lastLocation = () => lastOf(t.app, d.id);

describe('Teltonika over a socket', () => {
  it('logs in, stores a packet of three records answered 3, raises the alarm button, acknowledges a command', async () => {
    const w = new Wire(port);
    try {
      expect((await w.exchange(imeiFrame(d.imei), 1)).toString('hex')).toBe('01');

      const three = avlPacket(CODEC_8, [record(0), record(1), record(2)]);
      expect((await w.exchange(three, 4)).toString('hex')).toBe('00000003');
      // The reply left after the commit: all three are stored.
      const [{ n }] = (await t.app.db
        .select({ n: count() })
        .from(deviceLocations)
        .where(eq(deviceLocations.deviceId, d.id))) as [{ n: number }];
      expect(Number(n)).toBe(3);
      const last = await lastLocation();
      expect(last).toMatchObject({ source: 'gps', valid: true, satellites: 8, heading: 90 });
      expect(last!.lat).toBeCloseTo(54.6892, 5);
      expect(last!.lon).toBeCloseTo(25.2777, 5);

      // The alarm button (IO 236), codec 8 Extended.
      const sos = avlPacket(CODEC_8E, [record(3, [{ id: 236, value: 1 }], 236)]);
      expect((await w.exchange(sos, 4)).toString('hex')).toBe('00000001');
      await until(
        async () =>
          (
            await t.app.db
              .select()
              .from(alarmRecords)
              .where(and(eq(alarmRecords.deviceId, d.id), eq(alarmRecords.type, EVENT_ALARM_TYPE.sos)))
          ).length > 0,
        8_000,
        'the SOS alarm',
      );

      // A command: out as codec 12, acknowledged by the device's response.
      const [device] = await t.app.db.select().from(devices).where(eq(devices.id, d.id));
      const [{ id }] = (await t.app.db
        .insert(deviceCommands)
        .values({
          tenantId: d.tenantId,
          deviceId: d.id,
          imei: d.imei,
          cmd: 'custom',
          params: '{"text":"getinfo"}',
          status: 0,
          operatorName: 'test',
        })
        .returning({ id: deviceCommands.id })) as [{ id: number }];
      const from = w.got.length;
      await deliver(t.app, device!, { kind: 'command', id, cmd: 'custom', params: { text: 'getinfo' } });
      await until(() => w.got.length >= from + 27, 5_000, 'the codec 12 command');
      expect(w.got.subarray(from, from + 27).toString('hex')).toBe(
        '000000000000000f0c010500000007676574696e666f0100004312',
      );
      w.socket.write(codec12(CODEC12_RESPONSE, 'RTC:2026/11/28 18:00 GPS:1 SAT:8'));
      const ack = await until(
        async () =>
          (
            await t.app.db
              .select()
              .from(deviceCommands)
              .where(and(eq(deviceCommands.id, id), eq(deviceCommands.ackOk, true)))
          )[0],
        5_000,
        'the command acknowledged',
      );
      expect(ack!.ackMsg).toBe('RTC:2026/11/28 18:00 GPS:1 SAT:8');
    } finally {
      w.socket.destroy();
    }
  });

  it('closes on an unknown IMEI, lists it, and stores nothing of it', async () => {
    const imei = randomImei();
    const w = new Wire(port);
    try {
      w.socket.write(imeiFrame(imei));
      w.socket.write(avlPacket(CODEC_8, [record(0)]));
      await until(() => w.closed, 5_000, 'closed');
      // Nothing acknowledged: no 01, no count.
      expect(w.got.length).toBe(0);
      const rows = await until(
        async () => {
          const found = rowsOf<{ identifier: string }>(
            await t.app.db.execute(
              sql`select identifier from protocol_unknown_devices where protocol = 'teltonika' and identifier = ${imei}`,
            ),
          );
          return found.length ? found : undefined;
        },
        5_000,
        'the unknown device',
      );
      expect(rows).toHaveLength(1);
      const stored = rowsOf<{ n: number }>(
        await t.app.db.execute(
          sql`select count(*)::int as n from device_locations l join devices d on d.id = l.device_id where d.imei = ${imei}`,
        ),
      );
      expect(stored[0]!.n).toBe(0);
    } finally {
      w.socket.destroy();
    }
  });
});
