import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceCommands, devices, protocolUnknownDevices } from '../../../src/server/db/schema';
import { deliver } from '../../../src/server/devices/commands';
import { CODECS } from '../../../src/server/protocols/registry';
import { H02_STATUS, h02Frames } from '../../../src/shared/protocols/h02/build';
import { buildTestApp, type TestApp } from '../helper';
import { alarmRaised } from '../alarms-helper';
import { addDevices, lastLocation, randomImei, until, type TestDevice } from '../ingest-helper';
import { Wire } from './wire';

/**
 * An H02 tracker over a real socket through the gateway (docs/protocols.md#h02): its reports
 * stored and answered as Traccar answers them, an SOS raised, an unknown id listed and refused,
 * and a relay command answered V4 and acknowledged.
 */
let t: TestApp;
let port: number;
let d: TestDevice;

beforeAll(async () => {
  t = await buildTestApp();
  port = await t.app.protocols.listenTcp(CODECS.h02, 0, '127.0.0.1');
  d = (await addDevices(t.app, 1, { kind: 'locator' }))[0]!;
});
afterAll(() => t?.close());

const fix = (lat: number, lon: number) => ({
  lat,
  lon,
  speed: 20,
  heading: 90,
  at: Math.floor(Date.now() / 1000) * 1000 - 5_000,
});

describe('H02 over a socket', () => {
  it('stores positions (answered V4,V1), raises an SOS, and acknowledges a relay command by its V4 answer', async () => {
    const w = new Wire(port);
    try {
      const reply = await w.sendText(h02Frames.position(d.imei, fix(22.5431, 114.0579)));
      expect(reply).toMatch(new RegExp(`^\\*HQ,${d.imei},V4,V1,\\d{14}#$`));
      const first = await until(
        async () => {
          const row = await lastLocation(t.app, d.id);
          return row && Math.abs(row.lat! - 22.5431) < 1e-4 ? row : undefined;
        },
        5_000,
        'the first position',
      );
      expect(first!.lon).toBeCloseTo(114.0579, 4);
      expect(first).toMatchObject({ source: 'gps', valid: true, heading: 90 });
      expect(first!.speed).toBeCloseTo(20, 0);

      // The heartbeat is echoed.
      expect(await w.sendText(h02Frames.heartbeat(d.imei, 77))).toBe(`*HQ,${d.imei},HTBT#`);

      // SOS: the status word's bit 1 cleared.
      await w.sendText(h02Frames.position(d.imei, fix(22.5432, 114.058), H02_STATUS.sos));
      await alarmRaised(t.app, d.id, 15);

      // A relay command, answered V4,S20,DONE with the command's time.
      const [device] = await t.app.db.select().from(devices).where(eq(devices.id, d.id));
      const [row] = await t.app.db
        .insert(deviceCommands)
        .values({
          tenantId: d.tenantId,
          deviceId: d.id,
          imei: d.imei,
          cmd: 'relay',
          params: '{"on":true}',
          status: 0,
          operatorName: 'test',
        })
        .returning({ id: deviceCommands.id });
      const from = w.got.length;
      await deliver(t.app, device!, { kind: 'command', id: row!.id, cmd: 'relay', params: { on: true } });
      const command = await w.text(from, '#', 'the command');
      const m = new RegExp(`^\\*HQ,${d.imei},S20,(\\d{6}),1,1#$`).exec(command);
      expect(m).toBeTruthy();
      w.socket.write(h02Frames.answer(d.imei, 'S20', ['DONE'], m![1]!, fix(22.5433, 114.0581)));
      const acked = await until(
        async () =>
          (
            await t.app.db
              .select()
              .from(deviceCommands)
              .where(and(eq(deviceCommands.id, row!.id), eq(deviceCommands.ackOk, true)))
          )[0],
        5_000,
        'the ack',
      );
      expect(acked!.ackMsg).toBe('DONE');
    } finally {
      w.socket.destroy();
    }
  });

  it('refuses an unknown id: nothing stored or answered, listed for administrators', async () => {
    const imei = randomImei();
    const w = new Wire(port);
    try {
      w.socket.write(h02Frames.position(imei, fix(10, 10)));
      await until(() => w.closed, 5_000, 'closed');
      expect(w.got.length).toBe(0);
      const row = await until(
        async () =>
          (await t.app.db.select().from(protocolUnknownDevices).where(eq(protocolUnknownDevices.identifier, imei)))[0],
        5_000,
        'unknown row',
      );
      expect(row).toMatchObject({ protocol: 'h02', remote: '127.0.0.1' });
      expect(row!.lastFrame.toString('latin1')).toContain(`*HQ,${imei},V1,`);
    } finally {
      w.socket.destroy();
    }
  });
});
