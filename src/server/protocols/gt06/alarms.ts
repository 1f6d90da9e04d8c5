/**
 * GT06 alarm and status packets (split from decode.ts): GPS + LBS + status (0x16, 0x26, 0x27,
 * 0xA4), the status block after a cell (0x19, 0xA5, 0xA9), the Jimi IoT 4G modules of 0x36/0x39
 * and the dashcam alarm 0x95.
 */
import type { Uplink } from '../../../shared/devices/protocol';
import { ProtocolError } from '../types';
import { HEX, need, readCell, readCell4g, readFix, readTime, type Body, type Fix } from './fields';
import { ALARM_95, alarmOf, happening, location, push, status } from './uplinks';

/**
 * Where the status block of 0x16/0x26/0x27/0xA4 starts: after the LBS block its first byte sizes.
 * Most devices send 9 (the byte itself and MCC, MNC, LAC, cell id; 4G 17), some 8 for the same
 * bytes, longer ones carry extras; 0 is followed either by 45 zero bytes (an empty multi-cell
 * block) or by the status directly.
 */
function statusOffset(f: Buffer, lbs: number, end: number): number {
  const size = f[lbs]!;
  if (size > 0) return lbs + 9 + Math.max(0, size - 9);
  for (let i = lbs + 10; i < lbs + 46 && i < end; i++) if (f[i] !== 0) return lbs + 1;
  return lbs + 46;
}

/**
 * GPS + LBS + status packets (0x16, 0x26, 0x27; 4G 0xA4): the fix, an LBS block led by its
 * length, terminal info, voltage, GSM, alarm, language; 0x16 of some watches and bracelets then
 * adds steps (4 bytes) and a battery percentage.
 */
export function decodeAlarm(b: Body, out: Uplink[], tz: number): void {
  need(b, 18 + 1 + 4);
  const { f } = b;
  const fix = readFix(f, b.start, tz);
  const lbs = b.start + 18;
  const cell = f[lbs] === 0 ? undefined : b.type === 0xa4 ? readCell4g(f, lbs + 1, b.end) : readCell(f, lbs + 1, b.end);
  const s = statusOffset(f, lbs, b.end);
  if (s + 4 > b.end) throw new ProtocolError(`type 0x${HEX[b.type]}: status block past the content`);
  push(out, location(fix, fix.ts, cell ? [cell] : []));
  const st = status(fix.ts, f[s]!, f[s + 1]!, f[s + 2]!);
  out.push(st);
  if (b.type === 0x16 && s + 10 <= b.end) {
    const steps = f.readUInt32BE(s + 5);
    const battery = f[s + 9]!;
    if (battery <= 100) st.battery = battery;
    if (steps <= 1_000_000) {
      const t: Uplink = { kind: 'telemetry', values: { steps } };
      if (fix.ts !== undefined) t.ts = fix.ts;
      out.push(t);
    }
  }
  push(out, alarmOf(f[s + 3]!, f[s]!, fix.ts));
}

/** The status block after a cell (0x19, 0xA5, 0xA9): terminal info, voltage, GSM, alarm, language. */
export function decodeCellStatus(b: Body, s: number, ts: number | undefined, out: Uplink[]): void {
  if (s + 4 > b.end) throw new ProtocolError(`type 0x${HEX[b.type]}: status block past the content`);
  out.push(status(ts, b.f[s]!, b.f[s + 1]!, b.f[s + 2]!));
  push(out, alarmOf(b.f[s + 3]!, b.f[s]!, ts));
}

/**
 * The modules of 0x36/0x39 (Jimi IoT 4G) after the status block and language: type (2 bytes),
 * length (1), value. 0x006A battery percentage; 0x0018 battery voltage (summary). Returns the
 * battery percentage when a module says it.
 */
export function jimiModules(b: Body, o: number): { battery?: number; note: string } {
  const { f } = b;
  let battery: number | undefined;
  let note = '';
  while (o + 3 <= b.end) {
    const type = f.readUInt16BE(o);
    const size = f[o + 2]!;
    o += 3;
    if (o + size > b.end)
      throw new ProtocolError(`type 0x${HEX[b.type]}: module 0x${type.toString(16)} past the content`);
    if (type === 0x6a && size >= 1 && f[o]! <= 100) battery = f[o]!;
    else if (type === 0x18 && size >= 2) note += ` ${(f.readUInt16BE(o) / 100).toFixed(2)} V`;
    o += size;
  }
  return battery === undefined ? { note } : { battery, note };
}

/** 0x95 (JC100/JC400): date [GPS], event; JC400 leads with FFFF and a version, and adds satellites, speed and power. */
export function decodeAlarm95(b: Body, out: Uplink[], tz: number): void {
  need(b, 7);
  const { f } = b;
  const long = b.end - b.start > 7;
  let o = b.start;
  let fix: Fix | undefined;
  let ts: number | undefined;
  if (!long) {
    ts = readTime(f, o, tz);
    o += 6;
  } else if (f.readUInt16BE(o) === 0xffff) {
    // JC400: marker, version, date, satellites, latitude, longitude, 2-byte speed, flags, power, event.
    need(b, 3 + 6 + 1 + 8 + 2 + 2 + 2 + 1);
    o += 3;
    const flags = f.readUInt16BE(o + 17);
    fix = placed(f, o, o + 7, o + 11, flags, Math.min(2000, f.readUInt16BE(o + 15)), f[o + 6]! & 0x0f, tz);
    o += 6 + 1 + 8 + 2 + 2 + 2;
  } else {
    // Date, latitude, longitude, course and status.
    need(b, 6 + 8 + 2 + 1);
    fix = placed(f, o, o + 6, o + 10, f.readUInt16BE(o + 14), undefined, undefined, tz);
    o += 16;
  }
  ts ??= fix?.ts;
  const code = f[o]!;
  push(out, location(fix, ts, []));
  out.push(happening(code === 1 && !long ? undefined : ALARM_95[code], code, ts));
}

/** A fix from its parts (0x95's forms): date at `t`, latitude and longitude at `la`/`lo`, course and status `flags`. */
function placed(
  f: Buffer,
  t: number,
  la: number,
  lo: number,
  flags: number,
  speed: number | undefined,
  satellites: number | undefined,
  tz: number,
): Fix {
  const lat = f.readUInt32BE(la) / 1_800_000;
  const lon = f.readUInt32BE(lo) / 1_800_000;
  return {
    ts: readTime(f, t, tz),
    lat: flags & 0x400 ? lat : -lat,
    lon: flags & 0x800 ? -lon : lon,
    speed: speed ?? 0,
    heading: flags & 0x3ff,
    valid: (flags & 0x1000) !== 0,
    satellites: satellites ?? 0,
  };
}
