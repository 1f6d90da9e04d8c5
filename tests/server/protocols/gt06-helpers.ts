import { expect } from 'vitest';
import { uplinkSchema, type Uplink } from '../../../src/shared/devices/protocol';
import { gt06 } from '../../../src/server/protocols/gt06';
import { packet } from '../../../src/shared/protocols/gt06/packet';
import { newSession, type Session } from '../../../src/server/protocols/types';

/**
 * What the GT06 codec's tests share (docs/protocols.md, gt06). Device frames are ones published with
 * Traccar's decoder tests (real devices' traffic); the replies are worked out from the protocol's
 * packet layout, their CRC checked with a bit-by-bit CRC-16/X-25 written here apart from the codec's.
 */

export const hex = (s: string) => Buffer.from(s, 'hex');
export const NOW = Date.UTC(2026, 10, 26, 18, 0, 0);

/** CRC-16/X-25 bit by bit: reflected polynomial 0x8408, initial 0xFFFF, final XOR 0xFFFF. */
export function x25(bytes: Uint8Array): number {
  let crc = 0xffff;
  for (const b of bytes) {
    crc ^= b;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0x8408 : crc >>> 1;
  }
  return crc ^ 0xffff;
}

/** A short reply worked out by hand: 7878, length 5, protocol number, serial, CRC over length..serial, 0D0A. */
export function shortReply(type: number, serial: number): string {
  const body = [5, type, serial >> 8, serial & 0xff];
  const crc = x25(Uint8Array.from(body));
  return Buffer.from([0x78, 0x78, ...body, crc >> 8, crc & 0xff, 0x0d, 0x0a]).toString('hex');
}

export function decode(frame: string, session: Session = newSession()) {
  const d = gt06.decode(hex(frame), session, NOW);
  for (const u of d.uplinks) expect(uplinkSchema.safeParse(u).success, JSON.stringify(u)).toBe(true);
  return d;
}

/** The 18-byte GPS block: date, satellites, latitude/longitude (1/1,800,000 degree), speed, course and flags. */
export function gpsBlock(lat: number, lon: number, flags: number): number[] {
  const b = Buffer.alloc(18);
  b.set([26, 11, 26, 9, 30, 0, 0xc8], 0);
  b.writeUInt32BE(Math.round(lat * 1_800_000), 7);
  b.writeUInt32BE(Math.round(lon * 1_800_000), 11);
  b[15] = 40;
  b.writeUInt16BE(flags, 16);
  return [...b];
}
export const FIX_TIME = Date.UTC(2026, 10, 26, 9, 30, 0);
/** The GPS block's course and status: a valid fix north and east, course 90. */
export const NE_VALID = 0x1400 | 90;

/** An alarm packet (0x16) with the standard 9-byte LBS block and status bytes. */
export function alarmFrame(info: number, voltage: number, gsm: number, alarm: number): string {
  const content = [
    ...gpsBlock(23.1, 114.4, NE_VALID),
    0x09,
    0x01,
    0xcc,
    0x00,
    0x28,
    0x7d,
    0x00,
    0x1f,
    0x71,
    info,
    voltage,
    gsm,
    alarm,
    0x02,
  ];
  return packet(0x16, 7, Uint8Array.from(content)).toString('hex');
}

/** A location uplink, as the tests read one. */
export type Location = Extract<Uplink, { kind: 'location' }>;
/** The bytes of a hex string, to spread into a packet's content. */
export const bytes = (h: string) => [...hex(h)];
/** A packet of `type` with `content` (a long 7979 one when `long`), as hex. */
export const frame = (type: number, content: number[], serial = 7, long = false) =>
  packet(type, serial, Uint8Array.from(content), long).toString('hex');
