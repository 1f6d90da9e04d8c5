import { connect, type Socket } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarmRecords, deviceCommands, devices, protocolUnknownDevices } from '../../../src/server/db/schema';
import { deliver } from '../../../src/server/devices/commands';
import { CODECS } from '../../../src/server/protocols/registry';
import { trvFrames } from '../../../src/shared/protocols/trv/frame';
import { buildTestApp, type TestApp } from '../helper';
import { addDevices, lastLocation as lastOf, randomImei, until, type TestDevice } from '../ingest-helper';
import { TRV } from './fixtures/trv';

/**
 * A TRV / "IW" watch over a real socket through the gateway (docs/protocols.md#trv): its login is
 * answered BP00, its positions are stored and answered after the commit, an AP10 SOS raises the
 * alarm, a command goes out with its serial and the watch's answer acknowledges it; an unknown
 * IMEI stores nothing and is listed.
 */
let t: TestApp;
let port: number;
let d: TestDevice;

beforeAll(async () => {
  t = await buildTestApp();
  port = await t.app.protocols.listenTcp(CODECS.trv, 0, '127.0.0.1');
  d = (await addDevices(t.app, 1, { kind: 'watch' }))[0]!;
});
afterAll(() => t?.close());

/** A watch's socket and every byte the service sent it. */
class Wire {
  readonly socket: Socket;
  got = '';
  closed = false;

  constructor() {
    this.socket = connect(port, '127.0.0.1');
    this.socket.on('data', (b) => (this.got += b.toString('latin1')));
    this.socket.on('close', () => (this.closed = true));
    this.socket.on('error', () => {});
  }

  /** Sends a frame and waits for the next `#`-ended frame from the service. */
  async exchange(frame: Buffer | string): Promise<string> {
    const from = this.got.length;
    this.socket.write(frame);
    await until(() => this.got.indexOf('#', from) >= 0, 5_000, 'the reply');
    return this.got.slice(from, this.got.indexOf('#', from) + 1);
  }
}

const alarmsOf = async (type: number) =>
  t.app.db
    .select()
    .from(alarmRecords)
    .where(and(eq(alarmRecords.deviceId, d.id), eq(alarmRecords.type, type)));

describe('TRV over a socket', () => {
  it('logs in, stores positions, raises an SOS, and has a command acknowledged', async () => {
    const w = new Wire();
    try {
      expect(await w.exchange(trvFrames.login(d.imei))).toMatch(/^IWBP00,\d{14},0#$/);

      const at = Math.floor(Date.now() / 1000) * 1000 - 5_000;
      const fix = { lat: 22.5431, lon: 114.0579, speed: 12, heading: 90, at, satellites: 7 };
      expect(await w.exchange(trvFrames.position(fix, 77))).toBe('IWBP01#');
      const stored = await until(
        async () => {
          const row = await lastOf(t.app, d.id);
          return row && Math.abs(row.lat! - 22.5431) < 1e-4 ? row : undefined;
        },
        5_000,
        'the position',
      );
      expect(stored).toMatchObject({ source: 'gps', valid: true, satellites: 7, speed: 12, heading: 90 });
      expect(stored!.lon).toBeCloseTo(114.0579, 4);

      // Traccar's frames: the heartbeat and a blood pressure reading, each answered.
      expect(await w.exchange(TRV.heartbeat)).toBe('IWBP03#');
      expect(await w.exchange(TRV.pressure)).toBe('IWBPHT#');

      // AP10 with code 01: SOS (our type 15).
      expect(await w.exchange(trvFrames.position({ ...fix, lat: 22.5432 }, 70, undefined, '01'))).toBe('IWBP10#');
      await until(async () => (await alarmsOf(15)).length > 0, 8_000, 'the SOS alarm');

      // locate: IWBP16 with the IMEI and a serial; the watch's IWAP16,<serial> acknowledges it.
      const [device] = await t.app.db.select().from(devices).where(eq(devices.id, d.id));
      const [cmd] = await t.app.db
        .insert(deviceCommands)
        .values({
          tenantId: d.tenantId,
          deviceId: d.id,
          imei: d.imei,
          cmd: 'locate',
          params: '{}',
          status: 0,
          operatorName: 'test',
        })
        .returning({ id: deviceCommands.id });
      const from = w.got.length;
      await deliver(t.app, device!, { kind: 'command', id: cmd!.id, cmd: 'locate', params: {} });
      await until(() => w.got.indexOf('#', from) >= 0, 5_000, 'the command');
      const sent = w.got.slice(from, w.got.indexOf('#', from) + 1);
      const m = new RegExp(`^IWBP16,${d.imei},(\\d{6})#$`).exec(sent);
      expect(m, sent).not.toBeNull();
      w.socket.write(`IWAP16,${m![1]}#`);
      const acked = await until(
        async () =>
          (
            await t.app.db
              .select()
              .from(deviceCommands)
              .where(and(eq(deviceCommands.id, cmd!.id), eq(deviceCommands.ackOk, true)))
          )[0],
        5_000,
        'the acknowledgement',
      );
      expect(acked).toBeDefined();
      // The answer itself is not answered (as Traccar).
      expect(w.got.length).toBe(from + sent.length);
    } finally {
      w.socket.destroy();
    }
  });

  it('refuses an unknown IMEI, stores nothing and lists it', async () => {
    const imei = randomImei();
    const w = new Wire();
    try {
      w.socket.write(trvFrames.login(imei));
      await until(() => w.closed, 5_000, 'the connection closed');
      expect(w.got).toBe('');
      const row = await until(
        async () =>
          (await t.app.db.select().from(protocolUnknownDevices).where(eq(protocolUnknownDevices.identifier, imei)))[0],
        5_000,
        'the unknown device',
      );
      expect(row).toMatchObject({ protocol: 'trv', remote: '127.0.0.1' });
      expect(row!.lastFrame.toString('latin1')).toBe(`IWAP00${imei}#`);
    } finally {
      w.socket.destroy();
    }
  });
});
