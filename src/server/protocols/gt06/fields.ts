import type { Cell } from '../../../shared/devices/protocol';
import { ProtocolError } from '../types';

// The fields of a GT06 frame as bytes: dates, the GPS block, cells, the BCD IMEI, MAC addresses,
// and the bounds check every read of the content goes through.

export const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
export const UTF16BE = new TextDecoder('utf-16be');

/** The content of one frame: bytes [start, end) between the protocol number and the serial. */
export interface Body {
  f: Buffer;
  start: number;
  end: number;
  type: number;
}

export function need(b: Body, bytes: number): void {
  if (b.end - b.start < bytes)
    throw new ProtocolError(`type 0x${HEX[b.type]}: ${b.end - b.start} content bytes, needs ${bytes}`);
}

/**
 * UTC ms of six binary bytes YY MM DD hh mm ss in the device's time zone (`tz`, ms east of UTC,
 * from its login; 0 for the devices that send UTC); undefined when they are not a date (a receiver
 * without a fix sends zeros).
 */
export function readTime(f: Buffer, o: number, tz = 0): number | undefined {
  const month = f[o + 1]!;
  const day = f[o + 2]!;
  if (month < 1 || month > 12 || day < 1 || day > 31 || f[o + 3]! > 23 || f[o + 4]! > 59 || f[o + 5]! > 59)
    return undefined;
  return Date.UTC(2000 + f[o]!, month - 1, day, f[o + 3]!, f[o + 4]!, f[o + 5]!) - tz;
}

/** A byte of two BCD digits as its number; -1 when it is not BCD. */
function bcd(byte: number): number {
  const hi = byte >> 4;
  const lo = byte & 0x0f;
  return hi > 9 || lo > 9 ? -1 : hi * 10 + lo;
}

/** UTC ms of six BCD bytes YY MM DD hh mm ss (the Wi-Fi packets 0x17/0x69); undefined when they are not a date. */
export function readBcdTime(f: Buffer, o: number): number | undefined {
  const y = bcd(f[o]!);
  const month = bcd(f[o + 1]!);
  const day = bcd(f[o + 2]!);
  const h = bcd(f[o + 3]!);
  const m = bcd(f[o + 4]!);
  const s = bcd(f[o + 5]!);
  if (y < 0 || month < 1 || month > 12 || day < 1 || day > 31 || h < 0 || h > 23 || m < 0 || m > 59 || s < 0 || s > 59)
    return undefined;
  return Date.UTC(2000 + y, month - 1, day, h, m, s);
}

/** The digits of BCD bytes [o, end) as hex text without the 'f' padding nibbles (ICCID, IMSI). */
export function readDigits(f: Buffer, o: number, end: number): string {
  let out = '';
  for (let i = o; i < end; i++) {
    const hi = f[i]! >> 4;
    const lo = f[i]! & 0x0f;
    if (hi !== 0x0f) out += hi.toString(16);
    if (lo !== 0x0f) out += lo.toString(16);
  }
  return out;
}

export interface Fix {
  ts: number | undefined;
  lat: number;
  lon: number;
  speed: number;
  heading: number;
  valid: boolean;
  satellites: number;
}

/**
 * The 18-byte GPS block: date, GPS info (length nibble, satellites nibble), latitude and
 * longitude in 1/1,800,000 degree, speed km/h, course and status (bit 12 fix valid, bit 11 west,
 * bit 10 north, low 10 bits course).
 */
export function readFix(f: Buffer, o: number, tz = 0): Fix {
  const flags = f.readUInt16BE(o + 16);
  const lat = f.readUInt32BE(o + 7) / 1_800_000;
  const lon = f.readUInt32BE(o + 11) / 1_800_000;
  return {
    ts: readTime(f, o, tz),
    lat: flags & 0x400 ? lat : -lat,
    lon: flags & 0x800 ? -lon : lon,
    speed: f[o + 15]!,
    heading: flags & 0x3ff,
    valid: (flags & 0x1000) !== 0,
    satellites: f[o + 6]! & 0x0f,
  };
}

/** A cell as MCC (bit 15: the MNC takes two bytes), MNC, LAC, 3-byte cell id; none when it does not fit before `end`. */
export function readCell(f: Buffer, o: number, end: number): Cell | undefined {
  if (o + 8 > end) return undefined;
  const rawMcc = f.readUInt16BE(o);
  const wide = (rawMcc & 0x8000) !== 0;
  if (wide && o + 9 > end) return undefined;
  const p = o + (wide ? 4 : 3);
  return cellOf(rawMcc & 0x7fff, wide ? f.readUInt16BE(o + 2) : f[o + 2]!, f.readUInt16BE(p), f.readUIntBE(p + 2, 3));
}

/** The bytes of a cell at `o` (MCC, MNC, LAC, cell id): 8 (9 with a two-byte MNC); 4G: 15 (16). */
export function cellSize(f: Buffer, o: number, g4: boolean): number {
  return (g4 ? 15 : 8) + (f[o]! & 0x80 ? 1 : 0);
}

/**
 * A 4G cell (0xA0, 0xA4, 0xA5, 0xA7): MCC (bit 15: a two-byte MNC), MNC, 4-byte LAC, 8-byte cell
 * id; none when it does not fit before `end`, or its id is past the 40 bits a cell id takes.
 */
export function readCell4g(f: Buffer, o: number, end: number): Cell | undefined {
  if (o + 2 > end || o + cellSize(f, o, true) > end) return undefined;
  const rawMcc = f.readUInt16BE(o);
  const wide = (rawMcc & 0x8000) !== 0;
  const p = o + (wide ? 4 : 3);
  const high = f.readUInt32BE(p + 4);
  if (high > 0xff) return undefined;
  const cid = high * 0x1_0000_0000 + f.readUInt32BE(p + 8);
  return cellOf(rawMcc & 0x7fff, wide ? f.readUInt16BE(o + 2) : f[o + 2]!, f.readUInt32BE(p), cid);
}

/** A cell worth reporting: a real country and network, some id (an all-zero slot is padding). */
export function cellOf(mcc: number, mnc: number, lac: number, cid: number, rssi?: number): Cell | undefined {
  if (mcc === 0 || mcc > 999 || mnc > 999 || (lac === 0 && cid === 0)) return undefined;
  const signal = dbm(rssi);
  return signal === undefined ? { mcc, mnc, lac, cid } : { mcc, mnc, lac, cid, signal };
}

/** A signal byte as dBm (it carries the magnitude); none past -200, which no radio hears. */
export function dbm(rssi: number | undefined): number | undefined {
  return rssi === undefined || rssi > 200 ? undefined : -rssi;
}

/** The 8 BCD bytes of the login: 16 digits, the IMEI's 15 after a leading zero. */
export function readImei(f: Buffer, o: number): string {
  for (let i = o; i < o + 8; i++)
    if ((f[i]! & 0x0f) > 9 || f[i]! >> 4 > 9) throw new ProtocolError('login: IMEI is not BCD');
  const digits = f.toString('hex', o, o + 8);
  return digits[0] === '0' ? digits.slice(1) : digits;
}

export function readMac(f: Buffer, o: number): string {
  return `${HEX[f[o]!]}:${HEX[f[o + 1]!]}:${HEX[f[o + 2]!]}:${HEX[f[o + 3]!]}:${HEX[f[o + 4]!]}:${HEX[f[o + 5]!]}`;
}
