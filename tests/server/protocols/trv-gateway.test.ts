import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceCommands, devices, protocolUnknownDevices } from '../../../src/server/db/schema';
import { deliver } from '../../../src/server/devices/commands';
import { CODECS } from '../../../src/server/protocols/registry';
import { trvFrames } from '../../../src/shared/protocols/trv/frame';
import { buildTestApp, type TestApp } from '../helper';
import { alarmRaised } from '../alarms-helper';
import { addDevices, lastLocation as lastOf, randomImei, until, type TestDevice } from '../ingest-helper';
import { Wire } from './wire';
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

describe('TRV over a socket', () => {
  it('logs in, stores positions, raises an SOS, and has a command acknowledged', async () => {
    const w = new Wire(port);
    try {
      expect(await w.sendText(trvFrames.login(d.imei))).toMatch(/^IWBP00,\d{14},0#$/);

      const at = Math.floor(Date.now() / 1000) * 1000 - 5_000;
      const fix = { lat: 22.5431, lon: 114.0579, speed: 12, heading: 90, at, satellites: 7 };
      expect(await w.sendText(trvFrames.position(fix, 77))).toBe('IWBP01#');
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
      expect(await w.sendText(TRV.heartbeat)).toBe('IWBP03#');
      expect(await w.sendText(TRV.pressure)).toBe('IWBPHT#');

      // AP10 with code 01: SOS (our type 15).
      expect(await w.sendText(trvFrames.position({ ...fix, lat: 22.5432 }, 70, undefined, '01'))).toBe('IWBP10#');
      await alarmRaised(t.app, d.id, 15);

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
      const sent = await w.text(from, '#', 'the command');
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
    const w = new Wire(port);
    try {
      w.socket.write(trvFrames.login(imei));
      await until(() => w.closed, 5_000, 'the connection closed');
      expect(w.got.length).toBe(0);
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
