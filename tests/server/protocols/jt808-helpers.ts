import { expect } from 'vitest';
import { uplinkSchema } from '../../../src/shared/devices/protocol';
import { jt808 } from '../../../src/server/protocols/jt808';
import { newSession, type Session } from '../../../src/server/protocols/types';

/**
 * What the JT/T 808 codec's tests share (docs/protocols.md, jt808). Terminal messages are ones
 * published with Traccar's decoder tests (real terminals' traffic) or built here; expected replies
 * are written out from the message layout, their check code an XOR computed here apart from the
 * codec.
 */

export const hex = (s: string) => Buffer.from(s, 'hex');

/**
 * A message as the terminal (or platform) sends it: header, body, XOR check code, escapes, flags.
 * `flag` 0xe7: the alternative framing (escapes 0xe6 and 0x3e).
 */
export function wire(
  id: number,
  phone: string,
  serial: number,
  body: string,
  version?: number,
  flag = 0x7e,
  props = hex(body).length | (version === undefined ? 0 : 0x4000),
): Buffer {
  const b = hex(body);
  const raw = [
    id >> 8,
    id & 0xff,
    props >> 8,
    props & 0xff,
    ...(version === undefined ? [] : [version]),
    ...hex(phone),
    serial >> 8,
    serial & 0xff,
    ...b,
  ];
  raw.push(raw.reduce((x, v) => x ^ v, 0));
  const out = [flag];
  for (const v of raw) {
    if (flag === 0x7e && v === 0x7e) out.push(0x7d, 0x02);
    else if (flag === 0x7e && v === 0x7d) out.push(0x7d, 0x01);
    else if (flag === 0xe7 && v === 0xe7) out.push(0xe6, 0x02);
    else if (flag === 0xe7 && v === 0xe6) out.push(0xe6, 0x01);
    else if (flag === 0xe7 && v === 0x3d) out.push(0x3e, 0x02);
    else if (flag === 0xe7 && v === 0x3e) out.push(0x3e, 0x01);
    else out.push(v);
  }
  out.push(flag);
  return Buffer.from(out);
}

/** Decodes with the codec, every uplink checked against the schema the gateway applies. */
export function decode(frame: Buffer | string, session: Session = newSession(), now = 0) {
  const d = jt808.decode(typeof frame === 'string' ? hex(frame) : frame, session, now);
  for (const u of d.uplinks) expect(uplinkSchema.safeParse(u).success, JSON.stringify(u)).toBe(true);
  return d;
}

/** A location body: alarm word, status word, lat/lon 1e-6 degree, altitude, speed 1/10 km/h, direction, BCD time (GMT+8), items. */
export function locationBody(alarm: number, status: number, items = ''): string {
  const b = Buffer.alloc(28);
  b.writeUInt32BE(alarm >>> 0, 0);
  b.writeUInt32BE(status >>> 0, 4);
  b.writeUInt32BE(22_543_096, 8);
  b.writeUInt32BE(114_057_865, 12);
  b.writeUInt16BE(30, 16);
  b.writeUInt16BE(605, 18);
  b.writeUInt16BE(270, 20);
  b.set(hex('261126173000'), 22);
  return b.toString('hex') + items;
}
/** 2026-11-26 17:30:00 in Beijing. */
export const BODY_TIME = Date.UTC(2026, 10, 26, 9, 30, 0);
export const PHONE = '013800138000';

/** A location (0x0200) from PHONE: the body of locationBody, then `items`. */
export const location = (alarm: number, status: number, items = '', serial = 1) =>
  wire(0x0200, PHONE, serial, locationBody(alarm, status, items));
