/**
 * The H02 binary `$` position report (split from decode.ts): BCD digits, the battery level and
 * decodeBinary.
 */
import type { Uplink } from '../../../shared/devices/protocol';
import { BINARY_LONG_ID, binaryLayout } from '../../../shared/protocols/h02/frame';
import { type Decoded, ProtocolError, type Session } from '../types';
import { takeLocate } from './commands';
import { describe, KNOT_KMH, statusText, timeOf, withStatus, type Location } from './report';

/** Traccar's decodeBattery: 1-3 and 4-6 are levels, up to 100 a percentage, F1-F6 charging levels. */
function battery(value: number): number | undefined {
  if (value === 0) return undefined;
  if (value <= 3) return (value - 1) * 10;
  if (value <= 6) return (value - 1) * 20;
  if (value <= 100) return value;
  if (value >= 0xf1 && value <= 0xf6) return value - 0xf0;
  return undefined;
}

/** BCD digits of `buf` from nibble `from` (0: the high nibble of byte 0), `count` of them. */
function digits(buf: Buffer, from: number, count: number): number {
  let v = 0;
  for (let n = from; n < from + count; n++) {
    const b = buf[n >> 1]!;
    const d = n & 1 ? b & 0x0f : b >> 4;
    if (d > 9) throw new ProtocolError('bad BCD digit');
    v = v * 10 + d;
  }
  return v;
}

/**
 * The binary position report: `$`, the id (5 bytes BCD, or 8 whose first 15 digits are the IMEI
 * in a 42-byte frame), HHMMSS DDMMYY, latitude DDMM.MMMM, battery, longitude DDDMM.MMMM and a
 * flags nibble (bit 1 valid, bit 2 north, bit 3 east), speed (knots), course, status word.
 */
export function decodeBinary(frame: Buffer, session: Session, now: number): Decoded {
  if (frame[0] === 0x58) return { uplinks: [], summary: 'X (not decoded)' };
  const long = frame.length === BINARY_LONG_ID;
  const idLen = long ? 8 : 5;
  if (frame.length < 24 + idLen + 1 || binaryLayout(frame, 0, idLen) !== true)
    throw new ProtocolError('not an h02 binary frame');
  const id = frame.toString('hex', 1, 1 + idLen).slice(0, long ? 15 : 10);
  const o = 1 + idLen;
  const b = frame.subarray(o);
  const ts = timeOf(
    `${digits(b, 6, 2)}`.padStart(2, '0') +
      `${digits(b, 8, 2)}`.padStart(2, '0') +
      `${digits(b, 10, 2)}`.padStart(2, '0'),
    `${digits(b, 0, 6)}`.padStart(6, '0'),
    now,
  );
  const latDeg = digits(b, 12, 2);
  const latMin = digits(b, 14, 6) / 10_000;
  const level = battery(b[10]!);
  const lonDeg = digits(b, 22, 3);
  const lonMin = digits(b, 25, 1) * 10 + digits(b, 26, 5) / 10_000;
  const flags = b[15]! & 0x0f;
  const knots = digits(b, 32, 3);
  const course = (b[17]! & 0x0f) * 100 + digits(b, 36, 2);
  const status = b.readUInt32BE(19);
  if (latMin >= 60 || lonMin >= 60) throw new ProtocolError('bad coordinate');
  let lat = latDeg + latMin / 60;
  let lon = lonDeg + lonMin / 60;
  if (lat > 90 || lon > 180) throw new ProtocolError('coordinate out of range');
  if (!(flags & 0x04)) lat = -lat;
  if (!(flags & 0x08)) lon = -lon;
  const uplinks: Uplink[] = [];
  if (lat !== 0 || lon !== 0) {
    const location: Location = {
      kind: 'location',
      ts,
      source: 'gps',
      valid: (flags & 0x02) !== 0,
      lat: Math.round(lat * 1e6) / 1e6,
      lon: Math.round(lon * 1e6) / 1e6,
    };
    if (knots * KNOT_KMH <= 2000) location.speed = Math.round(knots * KNOT_KMH * 100) / 100;
    if (course <= 360) location.heading = course;
    uplinks.push(location);
  }
  if (level !== undefined) uplinks.push({ kind: 'status', ts, battery: level });
  withStatus(session, status, ts, uplinks);
  const locate = takeLocate(session);
  if (locate !== undefined) uplinks.push({ kind: 'ack', ts: now, ref: locate, ok: true, msg: 'binary position' });
  return { imei: id, uplinks, summary: `binary${describe(uplinks)}${statusText(status)}` };
}
