/**
 * GT06 cell and Wi-Fi packets (split from decode.ts): the count-in-length Wi-Fi packets 0x17/0x69
 * and the multiple-LBS packets (0x18, 0x24, 0x28, 0x2C, 0x2E; 4G 0xA1, 0xA2, 0xA9).
 */
import type { Cell, Uplink, WifiAp } from '../../../shared/devices/protocol';
import { ProtocolError, type Decoded } from '../types';
import { cellOf, dbm, HEX, need, readBcdTime, readMac, readTime, type Body } from './fields';
import { describe, location, push } from './uplinks';

/** The reply to the Wi-Fi packets 0x17/0x69 of the count-in-length layout: their type and BCD time, no serial or CRC. */
function wifiReply(frame: Buffer): Buffer {
  const out = Buffer.allocUnsafe(12);
  out[0] = out[1] = 0x78;
  out[2] = 0;
  out[3] = frame[3]!;
  frame.copy(out, 4, 4, 10);
  out[10] = 0x0d;
  out[11] = 0x0a;
  return out;
}

/**
 * The Wi-Fi packets 0x17/0x69 some vendors send with the count of access points in the length
 * byte and no serial or CRC: BCD time, the access points (MAC, signal), a count of cells, MCC,
 * MNC, the cells (2-byte LAC, 2-byte cell id, signal), 0D0A.
 */
export function decodeWifiCount(frame: Buffer): Decoded {
  const type = frame[3]!;
  const count = frame[2]!;
  let o = 10;
  const stop = frame.length - 2;
  if (o + count * 7 + 4 > stop) throw new ProtocolError(`type 0x${HEX[type]}: ${count} access points do not fit`);
  const ts = readBcdTime(frame, 4);
  const wifi: WifiAp[] = [];
  for (let i = 0; i < count; i++, o += 7) {
    const signal = dbm(frame[o + 6]!);
    if (wifi.length < 32)
      wifi.push(signal === undefined ? { mac: readMac(frame, o) } : { mac: readMac(frame, o), signal });
  }
  const cellCount = frame[o]!;
  const mcc = frame.readUInt16BE(o + 1);
  const mnc = frame[o + 3]!;
  o += 4;
  if (o + cellCount * 5 > stop) throw new ProtocolError(`type 0x${HEX[type]}: ${cellCount} cells do not fit`);
  const cells: Cell[] = [];
  for (let i = 0; i < cellCount; i++, o += 5) {
    const cell = cellOf(mcc, mnc, frame.readUInt16BE(o), frame.readUInt16BE(o + 2), frame[o + 4]!);
    if (cell && cells.length < 16) cells.push(cell);
  }
  const uplinks: Uplink[] = [];
  push(uplinks, location(undefined, ts, cells, wifi));
  return { uplinks, reply: wifiReply(frame), summary: `wifi 0x${HEX[type]}${describe(uplinks)}` };
}

/**
 * Multiple-LBS packets (0x18, 0x24, 0x28, 0x2E; 0x2C adds Wi-Fi; 4G: 0xA1, 0xA2 and 0xA9 with
 * Wi-Fi): date, MCC, MNC, seven cells of LAC, cell id and signal (2G: 2 + 3 bytes, 4G: 4 + 8),
 * timing advance, then (Wi-Fi) a count of access points, each a MAC and signal. Returns where it
 * stopped reading.
 */
export function decodeLbs(b: Body, out: Uplink[], tz: number): number {
  need(b, 9);
  const { f } = b;
  const g4 = b.type >= 0xa0;
  const ts = readTime(f, b.start, tz);
  // Wanway S20 (0x24 of 44 bytes): the timing advance after the date, a count before the cells.
  const s20 = b.type === 0x24 && b.end - b.start === 44;
  const mccAt = b.start + (s20 ? 7 : 6);
  const rawMcc = f.readUInt16BE(mccAt);
  const wide = (rawMcc & 0x8000) !== 0;
  const mnc = wide ? f.readUInt16BE(mccAt + 2) : f[mccAt + 2]!;
  let o = mccAt + (wide ? 4 : 3);
  const size = g4 ? 13 : 6;
  const cellCount = s20 ? Math.min(f[o++]!, Math.floor((b.end - o) / size)) : 7;
  need(b, o - b.start + cellCount * size + (s20 ? 0 : 1));
  const cells: Cell[] = [];
  for (let i = 0; i < cellCount; i++, o += size) {
    let cell: Cell | undefined;
    if (!g4) cell = cellOf(rawMcc & 0x7fff, mnc, f.readUInt16BE(o), f.readUIntBE(o + 2, 3), f[o + 5]!);
    else {
      const high = f.readUInt32BE(o + 4);
      if (high <= 0xff)
        cell = cellOf(
          rawMcc & 0x7fff,
          mnc,
          f.readUInt32BE(o),
          high * 0x1_0000_0000 + f.readUInt32BE(o + 8),
          f[o + 12]!,
        );
    }
    if (cell) cells.push(cell);
  }
  if (!s20) o++; // timing advance
  let wifi: WifiAp[] | undefined;
  if ((b.type === 0x2c || b.type === 0xa2 || b.type === 0xa9) && o < b.end) {
    const count = f[o++]!;
    if (o + count * 7 > b.end) throw new ProtocolError(`type 0x${HEX[b.type]}: ${count} access points do not fit`);
    wifi = [];
    for (let i = 0; i < count; i++, o += 7) {
      const signal = dbm(f[o + 6]!);
      // An all-zero MAC is an empty slot.
      if (wifi.length < 32 && (f.readUInt32BE(o) !== 0 || f.readUInt16BE(o + 4) !== 0))
        wifi.push(signal === undefined ? { mac: readMac(f, o) } : { mac: readMac(f, o), signal });
    }
  }
  push(out, location(undefined, ts, cells, wifi));
  return o;
}
