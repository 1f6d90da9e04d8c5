import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../../src/server/db/schema';
import { deviceKey, jt808AuthCode } from '../../../src/server/devices/secrets';
import { parseFrame } from '../../../src/shared/protocols/jt808/frame';
import { Jt808Terminal, osmandUri } from '../../../src/sim/protocols/frames';
import type { TestApp } from '../helper';
import { addDevices, until, type TestDevice } from '../ingest-helper';
import { fix, protocolDevices } from './device-sockets';
import { Wire } from './wire';
import { CODECS } from '../../../src/server/protocols/registry';

/**
 * JT/T 808 terminals and OsmAnd phones speaking their real protocols to the service over real
 * sockets (docs/protocols.md): what the "Done when" of each asks: a registration, the
 * authentication with its code and a position stored with the protocol's reply, an SOS raising the
 * SOS alarm; a wrong code or data before the authentication refused. devices-gt06-watch.test.ts has
 * GT06 and the watches.
 */
let t: TestApp;
const { ports, lastLocation, alarmOf } = protocolDevices((app) => (t = app));

/** A JT/T 808 platform message's id, and the last body byte (a general response's result). */
const jt808Reply = (frame: Buffer) => {
  const m = parseFrame(frame);
  return { id: m.id, body: m.data.subarray(m.bodyStart, m.bodyEnd) };
};

describe('JT/T 808', () => {
  let d: TestDevice;
  let term: Jt808Terminal;
  beforeAll(async () => {
    d = (await addDevices(t.app, 1, { kind: 'helmet' }))[0]!;
    // A terminal is registered under its terminal number (its header's phone number).
    const number = `139${d.imei.slice(-8)}`;
    await t.app.db.update(devices).set({ imei: number }).where(eq(devices.id, d.id));
    d = { ...d, imei: number };
    term = new Jt808Terminal(number);
  });

  it('registers, authenticates with the code it was given, stores a location and raises an SOS', async () => {
    const w = new Wire(ports.jt808!);
    try {
      // 0x8100: result 0 and the authentication code derived from the device key.
      const code = jt808AuthCode(await deviceKey(t.app.db), d.imei, 1);
      const reg = jt808Reply(await w.frame(term.register(), CODECS.jt808));
      expect(reg.id).toBe(0x8100);
      // Answer serial (the registration's, 0), result 0, the code.
      expect(reg.body.readUInt16BE(0)).toBe(0);
      expect(reg.body[2]).toBe(0);
      expect(reg.body.subarray(3).toString('latin1')).toBe(code);
      const auth = jt808Reply(await w.frame(term.authenticate(code), CODECS.jt808));
      // General response: answer serial 1, answer id 0x0102, result 0 (success).
      expect([auth.id, auth.body.readUInt16BE(0), auth.body.readUInt16BE(2), auth.body[4]]).toEqual([
        0x8001, 1, 0x0102, 0,
      ]);
      const ack = jt808Reply(await w.frame(term.location(fix(30.5728, 104.0668)), CODECS.jt808));
      expect([ack.id, ack.body.readUInt16BE(2), ack.body[4]]).toEqual([0x8001, 0x0200, 0]);
      const row = await lastLocation(d.id);
      expect(row!.lat).toBeCloseTo(30.5728, 5);
      await w.frame(term.location(fix(30.5728, 104.0668), true), CODECS.jt808);
      await alarmOf(d.id, 15);
    } finally {
      w.socket.destroy();
    }
  });

  it('refuses a wrong authentication code with result 1 and closes', async () => {
    const w = new Wire(ports.jt808!);
    const auth = jt808Reply(await w.frame(term.authenticate('not-the-code'), CODECS.jt808));
    expect([auth.id, auth.body[4]]).toEqual([0x8001, 1]);
    await until(() => w.closed, 5_000, 'closed');
  });

  it('refuses data before the authentication', async () => {
    const w = new Wire(ports.jt808!);
    w.socket.write(term.location(fix(1, 1)));
    await until(() => w.closed, 5_000, 'closed');
    expect(w.got.length).toBe(0);
  });
});

describe('OsmAnd', () => {
  let d: TestDevice;
  beforeAll(async () => {
    d = (await addDevices(t.app, 1, { kind: 'locator' }))[0]!;
  });

  it('stores a GET position and answers 200 once stored; 400 without an id; 404 for an unknown one', async () => {
    const base = `http://127.0.0.1:${ports.osmand}`;
    const ok = await fetch(base + osmandUri(d.imei, { ...fix(39.9042, 116.4074), speed: 18.52 }, 66));
    expect(ok.status).toBe(200);
    const row = await lastLocation(d.id);
    expect(row!.lat).toBeCloseTo(39.9042, 5);
    expect(row!.speed).toBeCloseTo(18.52, 1);
    expect((await fetch(`${base}/?lat=1&lon=2`)).status).toBe(400);
    expect((await fetch(`${base}/?id=999999999&lat=1&lon=2`)).status).toBe(404);
  });

  it("a patrol phone's SOS (Traccar Client alarm=sos, in the query or its JSON) raises the SOS alarm", async () => {
    const base = `http://127.0.0.1:${ports.osmand}`;
    const res = await fetch(`${base}${osmandUri(d.imei, fix(39.91, 116.41), 67)}&alarm=sos`);
    expect(res.status).toBe(200);
    await alarmOf(d.id, 15);
    const [phone] = await addDevices(t.app, 1, { kind: 'locator' });
    const json = await fetch(base, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        device_id: phone!.imei,
        location: {
          timestamp: new Date(fix(0, 0).at).toISOString(),
          coords: { latitude: 39.92, longitude: 116.42, speed: 0, heading: 0, accuracy: 5 },
          extras: { alarm: 'sos' },
        },
      }),
    });
    expect(json.status).toBe(200);
    await alarmOf(phone!.id, 15);
  });
});
