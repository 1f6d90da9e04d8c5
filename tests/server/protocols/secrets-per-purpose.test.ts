/**
 * A device's credentials are derived per purpose (src/server/devices/secrets.ts): the JT/T 808
 * authentication code, which the gateway tells anyone who registers under a known terminal
 * number, opens JT/T 808 only, never the device's MQTT account.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedBroker } from '../../../src/server/broker/types';
import { deviceKey, deviceSecret, jt808AuthCode } from '../../../src/server/devices/secrets';
import { CODECS } from '../../../src/server/protocols/registry';
import { parseFrame } from '../../../src/shared/protocols/jt808/frame';
import { Jt808Terminal } from '../../../src/sim/protocols/frames';
import { addTenant } from '../fixtures';
import { AS_BROKER, buildTestApp, post, type TestApp } from '../helper';
import { addDevices, deviceClient, until, type TestDevice } from '../ingest-helper';

let t: TestApp;
let mqttUrl: string;
let jt808Port: number;

beforeAll(async () => {
  t = await buildTestApp({ embeddedBroker: true });
  mqttUrl = `mqtt://127.0.0.1:${await (t.app.broker as EmbeddedBroker).listenTcp(0, '127.0.0.1')}`;
  jt808Port = await t.app.protocols.listenTcp(CODECS.jt808, 0, '127.0.0.1');
});
afterAll(() => t?.close());

/** Sends a JT/T 808 frame and reads the service's next whole frame: its id and body. */
async function exchange(socket: Socket, got: { bytes: Buffer }, frame: Buffer) {
  const from = got.bytes.length;
  socket.write(frame);
  const reply = await until(() => CODECS.jt808.framer().push(got.bytes.subarray(from))[0], 5_000, 'the reply');
  const m = parseFrame(reply!);
  return { id: m.id, body: m.data.subarray(m.bodyStart, m.bodyEnd) };
}

describe('secrets per purpose', () => {
  let door: TestDevice;
  beforeAll(async () => {
    // An MQTT door unit of another tenant than any caller's.
    [door] = (await addDevices(t.app, 1, { kind: 'doorUnit', tenantId: await addTenant(t.app, 'Door Co') })) as [
      TestDevice,
    ];
  });

  it('derives the JT/T 808 code apart from the MQTT secret, both changing with the secret version', () => {
    const key = 'k';
    const imei = '861234567890123';
    expect(jt808AuthCode(key, imei, 1)).not.toBe(deviceSecret(key, imei, 1));
    expect(jt808AuthCode(key, imei, 1)).toHaveLength(deviceSecret(key, imei, 1).length);
    expect(jt808AuthCode(key, imei, 2)).not.toBe(jt808AuthCode(key, imei, 1));
    expect(jt808AuthCode(key, imei, 1)).toBe(jt808AuthCode(key, imei, 1));
  });

  it("answers a JT/T 808 registration under an MQTT device's IMEI with a code that opens JT/T 808 and not MQTT", async () => {
    // 2019 header: the 20-digit terminal number, the IMEI padded with zeros.
    const term = new Jt808Terminal(door.imei);
    const socket = connect(jt808Port, '127.0.0.1');
    const got = { bytes: Buffer.alloc(0) };
    socket.on('data', (b: Buffer) => (got.bytes = Buffer.concat([got.bytes, b])));
    socket.on('error', () => {});
    try {
      const reg = await exchange(socket, got, term.register());
      expect([reg.id, reg.body[2]]).toEqual([0x8100, 0]);
      const code = reg.body.subarray(3).toString('latin1');
      expect(code).toBe(jt808AuthCode(await deviceKey(t.app.db), door.imei, 1));
      expect(code).not.toBe(door.secret);

      // (a) It authenticates JT/T 808: general response to 0x0102, result 0.
      const auth = await exchange(socket, got, term.authenticate(code));
      expect([auth.id, auth.body.readUInt16BE(2), auth.body[4]]).toEqual([0x8001, 0x0102, 0]);

      // (b) It is no MQTT password: the embedded broker and the external broker's hook refuse it.
      await expect(
        deviceClient(mqttUrl, { imei: door.imei, secret: code }, { clientId: `dev_${door.imei}` }),
      ).rejects.toThrow(/bad username or password|not authorized/i);
      const hook = await post(
        t.app,
        '/api/mqtt/auth',
        { username: door.imei, password: code, clientid: `dev_${door.imei}` },
        AS_BROKER,
      );
      expect(hook).toMatchObject({ status: 403, result: 'deny' } as object);

      // The device's own secret still opens MQTT.
      const real = await deviceClient(mqttUrl, door, { clientId: `dev_${door.imei}` });
      await real.endAsync(true);
    } finally {
      socket.destroy();
    }
  });
});
