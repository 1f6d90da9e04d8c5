import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarmRecords } from '../../../src/server/db/schema';
import { CODECS } from '../../../src/server/protocols/registry';
import { packet } from '../../../src/shared/protocols/gt06/packet';
import { gt06Frames } from '../../../src/sim/protocols/frames';
import { buildTestApp, type TestApp } from '../helper';
import { addDevices, until, type TestDevice, lastLocation as lastOf } from '../ingest-helper';
import { Wire } from './wire';

/**
 * A GT06 device over a real socket through the gateway (docs/protocols.md, gt06): a location with
 * a wrong CRC, a 4G 0xA0 location and a 0x18 strap-removal alarm all store
 * what they carry, each acknowledged, and the removal raises the wearing alarm.
 */
let t: TestApp;
let port: number;
let d: TestDevice;

beforeAll(async () => {
  t = await buildTestApp();
  port = await t.app.protocols.listenTcp(CODECS.gt06, 0, '127.0.0.1');
  d = (await addDevices(t.app, 1, { kind: 'locator' }))[0]!;
});
afterAll(() => t?.close());

const fix = (lat: number, lon: number) => ({
  lat,
  lon,
  speed: 12,
  heading: 90,
  at: Math.floor(Date.now() / 1000) * 1000 - 5_000,
  satellites: 7,
});
/** The 18-byte GPS block of a fix, as the simulator's 0x12 packet carries it. */
const gpsBlock = (lat: number, lon: number) => [...gt06Frames.location(1, fix(lat, lon)).subarray(4, 22)];

const lastLocation = (id: number) => lastOf(t.app, id);

describe('GT06 over a socket', () => {
  it('stores a wrong-CRC location, a 4G 0xA0 location, and raises the wearing alarm of a 0x18 removal', async () => {
    const w = new Wire(port);
    try {
      expect(await w.exchange(gt06Frames.login(d.imei, 1), packet(0x01, 1))).toEqual(packet(0x01, 1));

      // A 0x12 location whose CRC is wrong: accepted, stored, answered like any other.
      const wrong = Buffer.from(gt06Frames.location(2, fix(22.5431, 114.0579)));
      wrong[wrong.length - 3] = wrong[wrong.length - 3]! ^ 0xff;
      expect(await w.exchange(wrong, packet(0x12, 2))).toEqual(packet(0x12, 2));
      const first = await until(
        async () => {
          const row = await lastLocation(d.id);
          return row && Math.abs(row.lat! - 22.5431) < 1e-5 ? row : undefined;
        },
        5_000,
        'the wrong-CRC location',
      );
      expect(first!.lon).toBeCloseTo(114.0579, 5);

      // 0xA0: the GPS block, a 4G cell (MCC with bit 15: two-byte MNC; 4-byte LAC, 8-byte cell id), ACC, reason, re-upload.
      const a0 = Uint8Array.from([
        ...gpsBlock(31.2304, 121.4737),
        0x81,
        0xcc,
        0x00,
        0x01,
        0x00,
        0x01,
        0x26,
        0x0e,
        0x00,
        0x00,
        0x00,
        0x01,
        0x06,
        0x15,
        0xf8,
        0x01,
        0x01,
        0x00,
        0x00,
      ]);
      expect(await w.exchange(packet(0xa0, 3, a0), packet(0xa0, 3))).toEqual(packet(0xa0, 3));
      const second = await until(
        async () => {
          const row = await lastLocation(d.id);
          return row && Math.abs(row.lat! - 31.2304) < 1e-5 ? row : undefined;
        },
        5_000,
        'the 4G location',
      );
      expect(second).toMatchObject({ source: 'gps', valid: true, satellites: 7, speed: 12, heading: 90 });
      expect(second!.radio).toEqual({ cells: [{ mcc: 460, mnc: 1, lac: 0x1260e, cid: 0x1_0615_f801 }] });

      // 0x26 with alarm byte 0x18: the strap removed.
      const removal = Uint8Array.from([
        ...gpsBlock(31.2305, 121.4738),
        0x09,
        0x01,
        0xcc,
        0x00,
        0x28,
        0x7d,
        0x00,
        0x1f,
        0x71,
        0x44,
        0x04,
        0x04,
        0x18,
        0x02,
      ]);
      expect(await w.exchange(packet(0x26, 4, removal), packet(0x26, 4))).toEqual(packet(0x26, 4));
      await until(
        async () =>
          (
            await t.app.db
              .select()
              .from(alarmRecords)
              .where(and(eq(alarmRecords.deviceId, d.id), eq(alarmRecords.type, 4)))
          ).length > 0,
        8_000,
        'the wearing alarm',
      );
      const third = await lastLocation(d.id);
      expect(third!.lat).toBeCloseTo(31.2305, 5);
    } finally {
      w.socket.destroy();
    }
  });
});
