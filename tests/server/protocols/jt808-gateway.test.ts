import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../src/server/db/rows';
import { devices, products } from '../../../src/server/db/schema';
import { deviceKey, jt808AuthCode } from '../../../src/server/devices/secrets';
import { CODECS } from '../../../src/server/protocols/registry';
import { buildFrame, parseFrame } from '../../../src/shared/protocols/jt808/frame';
import { Jt808Terminal } from '../../../src/sim/protocols/frames';
import { buildTestApp, type TestApp } from '../helper';
import { addDevices, until, lastLocation as lastOf } from '../ingest-helper';
import { Wire } from './wire';

/**
 * JT/T 808 terminals as they present themselves, over real sockets through the gateway
 * (docs/protocols.md, jt808): a terminal registered under the number on its label
 * (`013912345678`, leading zero kept)
 * registers, authenticates and stores its positions; a 0x0200 with a wrong check code and vendor
 * battery items stores what it carries; a terminal of a product that does not require the
 * authentication is taken without it, one of a product that does is refused.
 */
let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await buildTestApp();
  port = await t.app.protocols.listenTcp(CODECS.jt808, 0, '127.0.0.1');
});
afterAll(() => t?.close());

/** Sends a frame on the terminal's socket and waits for the service's next whole frame: its id and body. */
async function send(w: Wire, frame: Buffer): Promise<{ id: number; body: Buffer }> {
  const m = parseFrame(await w.frame(frame, CODECS.jt808));
  return { id: m.id, body: m.data.subarray(m.bodyStart, m.bodyEnd) };
}

/** A device of the demo site registered under `imei`, on `productId` when given. */
async function terminalDevice(imei: string, productId?: number): Promise<number> {
  const d = (await addDevices(t.app, 1, { kind: 'helmet' }))[0]!;
  await t.app.db
    .update(devices)
    .set({ imei, productId: productId ?? null })
    .where(eq(devices.id, d.id));
  return d.id;
}

const lastLocation = (id: number) => lastOf(t.app, id);

/** BCD YYMMDDhhmmss in Beijing time of `at`. */
function bcdTime(at: number): Buffer {
  const d = new Date(at + 8 * 3_600_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return Buffer.from(
    two(d.getUTCFullYear() % 100) +
      two(d.getUTCMonth() + 1) +
      two(d.getUTCDate()) +
      two(d.getUTCHours()) +
      two(d.getUTCMinutes()) +
      two(d.getUTCSeconds()),
    'hex',
  );
}

/** A 0x0200 body at lat/lon, 5 s ago, fix valid, with additional `items` (hex). */
function locationBody(lat: number, lon: number, items = ''): Buffer {
  const b = Buffer.alloc(28);
  b.writeUInt32BE(2, 4);
  b.writeUInt32BE(Math.round(lat * 1e6), 8);
  b.writeUInt32BE(Math.round(lon * 1e6), 12);
  b.set(bcdTime(Math.floor(Date.now() / 1000) * 1000 - 5_000), 22);
  return Buffer.concat([b, Buffer.from(items, 'hex')]);
}

const phoneOf = (number: string) => Buffer.from(number.padStart(12, '0'), 'hex');

describe('JT/T 808 through the gateway', () => {
  it('registers, authenticates and stores the positions of a terminal registered as 013912345678 (its label)', async () => {
    const id = await terminalDevice('013912345678');
    const term = new Jt808Terminal('013912345678');
    const w = new Wire(port);
    try {
      const code = jt808AuthCode(await deviceKey(t.app.db), '013912345678', 1);
      const reg = await send(w, term.register());
      expect([reg.id, reg.body[2], reg.body.subarray(3).toString('latin1')]).toEqual([0x8100, 0, code]);
      const auth = await send(w, term.authenticate(code));
      expect([auth.id, auth.body.readUInt16BE(2), auth.body[4]]).toEqual([0x8001, 0x0102, 0]);
      const ack = await send(
        w,
        term.location({ lat: 30.5728, lon: 104.0668, at: Math.floor(Date.now() / 1000) * 1000 - 5_000 }),
      );
      expect([ack.id, ack.body.readUInt16BE(2), ack.body[4]]).toEqual([0x8001, 0x0200, 0]);
      const row = await until(() => lastLocation(id), 5_000, 'the position');
      expect(row!.lat).toBeCloseTo(30.5728, 5);
      expect(t.app.protocols.connected('013912345678')).toBe('jt808');
    } finally {
      w.socket.destroy();
    }
  });

  it('binds a terminal sending 013912345677 to the device registered as 13912345677, under its own identifier', async () => {
    const id = await terminalDevice('13912345677');
    const term = new Jt808Terminal('013912345677');
    const w = new Wire(port);
    try {
      // The code derives from the registered identifier.
      const code = jt808AuthCode(await deviceKey(t.app.db), '13912345677', 1);
      const reg = await send(w, term.register());
      expect(reg.body.subarray(3).toString('latin1')).toBe(code);
      expect((await send(w, term.authenticate(code))).body[4]).toBe(0);
      await send(w, term.location({ lat: 30.5, lon: 104.5, at: Math.floor(Date.now() / 1000) * 1000 - 5_000 }));
      const row = await until(() => lastLocation(id), 5_000, 'the position');
      expect(row!.lat).toBeCloseTo(30.5, 5);
      expect(t.app.protocols.connected('13912345677')).toBe('jt808');
    } finally {
      w.socket.destroy();
    }
  });

  it('stores what a 0x0200 with a wrong check code and vendor battery items carries', async () => {
    const number = '013912345676';
    const id = await terminalDevice(number);
    const term = new Jt808Terminal(number);
    const w = new Wire(port);
    try {
      const code = jt808AuthCode(await deviceKey(t.app.db), number, 1);
      await send(w, term.register());
      expect((await send(w, term.authenticate(code))).body[4]).toBe(0);
      // 0xE4: charging (0) and 86 %; the check code then spoiled.
      const frame = buildFrame(
        0x0200,
        7,
        { phone: phoneOf(number), version: undefined },
        locationBody(31.25, 121.5, 'e4020056'),
      );
      const check = frame.length - 2;
      frame[check] = frame[check] === 0x01 ? 0x02 : 0x01;
      const ack = await send(w, frame);
      expect([ack.id, ack.body.readUInt16BE(0), ack.body.readUInt16BE(2), ack.body[4]]).toEqual([0x8001, 7, 0x0200, 0]);
      const row = await until(() => lastLocation(id), 5_000, 'the position');
      expect(row!.lat).toBeCloseTo(31.25, 5);
      await t.app.ingest.drain();
      const [dev] = await t.app.db.select({ battery: devices.battery }).from(devices).where(eq(devices.id, id));
      expect(dev!.battery).toBe(86);
    } finally {
      w.socket.destroy();
    }
  });

  it('takes data without authentication from a terminal whose product does not require it, and refuses one whose product does', async () => {
    const [legacy] = await t.app.db
      .insert(products)
      .values({ name: 'JT/T 808 (previous platform)', code: 'P-jt808-open', jt808AuthRequired: false })
      .returning({ id: products.id });
    const [strict] = await t.app.db
      .insert(products)
      .values({ name: 'JT/T 808 (authenticated)', code: 'P-jt808-auth' })
      .returning({ id: products.id });
    const open = await terminalDevice('013912345675', legacy!.id);
    const closed = await terminalDevice('013912345674', strict!.id);

    const w = new Wire(port);
    try {
      const frame = buildFrame(
        0x0200,
        3,
        { phone: phoneOf('013912345675'), version: undefined },
        locationBody(23.1, 113.3),
      );
      const ack = await send(w, frame);
      expect([ack.id, ack.body.readUInt16BE(2), ack.body[4]]).toEqual([0x8001, 0x0200, 0]);
      const row = await until(() => lastLocation(open), 5_000, 'the position');
      expect(row!.lat).toBeCloseTo(23.1, 5);
    } finally {
      w.socket.destroy();
    }

    const refused = new Wire(port);
    refused.socket.write(
      buildFrame(0x0200, 3, { phone: phoneOf('013912345674'), version: undefined }, locationBody(23.2, 113.4)),
    );
    await until(() => refused.closed, 5_000, 'closed');
    expect(refused.got.length).toBe(0);
    expect(await lastLocation(closed)).toBeUndefined();
  });

  it('lists an unknown terminal under the number as it sent it, leading zeros kept', async () => {
    const w = new Wire(port);
    const reg = await send(w, new Jt808Terminal('013900000009').register());
    // 0x8100 result 4: the terminal is not in the database.
    expect([reg.id, reg.body[2]]).toEqual([0x8100, 4]);
    const rows = await until(
      async () => {
        const found = rowsOf<{ identifier: string }>(
          await t.app.db.execute(
            sql`select identifier from protocol_unknown_devices where protocol = 'jt808' and identifier like '%13900000009'`,
          ),
        );
        return found.length ? found : undefined;
      },
      5_000,
      'the unknown device',
    );
    expect(rows!.map((r) => r.identifier)).toEqual(['013900000009']);
    w.socket.destroy();
  });
});
