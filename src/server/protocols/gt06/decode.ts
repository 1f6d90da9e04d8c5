/**
 * Decoding GT06 frames (Concox/Jimi and clones; docs/protocols.md, gt06). The frame is whole (the
 * framer's): start bits, length, protocol number, content, serial, CRC-ITU, stop bits. Every
 * offset below is checked against the content's end before it is read, so a short or forged
 * frame is a ProtocolError, never a RangeError.
 */
import type { AlarmEvent, Cell, Uplink, WifiAp } from '../../../shared/devices/protocol';
import { commandRefs, take } from '../command-refs';
import { ProtocolError, type Decoded, type Irregularity, type Session } from '../types';
import { crcItu } from '../../../shared/protocols/gt06/crc';
import { packet } from '../../../shared/protocols/gt06/packet';
import {
  cellOf,
  cellSize,
  dbm,
  HEX,
  need,
  readBcdTime,
  readCell,
  readCell4g,
  readDigits,
  readFix,
  readImei,
  readMac,
  readTime,
  UTF16BE,
  type Body,
  type Fix,
} from './fields';

/** Where a connection's sent commands wait for their answers (server flag -> command id). */
export const REFS_KEY = 'gt06.commands';

type Location = Extract<Uplink, { kind: 'location' }>;
type Status = Extract<Uplink, { kind: 'status' }>;

/** A device happening: one of our alarms, or a non-alarm event stored as `gt06.<name>`. */
type Happening = { alarm: AlarmEvent } | { event: string };

/**
 * The alarm byte of status and alarm packets (0x13, 0x16, 0x19, 0x26, 0x27, 0x36, 0x39, 0xA4,
 * 0xA5, 0xF1), as the JM-VL03 document and Traccar name them. Unlisted codes: event `gt06.alarm`,
 * value = the code. docs/protocols.md "Alarm codes".
 */
const ALARM_CODES: Readonly<Record<number, Happening>> = {
  0x01: { alarm: 'sos' },
  0x02: { alarm: 'powerLoss' },
  0x03: { event: 'vibration' },
  0x04: { event: 'geofenceEnter' },
  0x05: { event: 'geofenceExit' },
  0x06: { event: 'overspeed' },
  // Tow / theft: moved while armed.
  0x09: { event: 'movement' },
  0x0a: { event: 'gpsBlindEnter' },
  0x0b: { event: 'gpsBlindExit' },
  // Tampering: case opened, cover or device removed from its mount, unplugged.
  0x0c: { alarm: 'fault' },
  0x0d: { event: 'gpsFirstFix' },
  // External battery low, and the protection cut-off that follows it.
  0x0e: { alarm: 'lowBattery' },
  0x0f: { alarm: 'lowBattery' },
  0x10: { event: 'simChanged' },
  0x11: { event: 'powerOff' },
  0x12: { event: 'airplaneMode' },
  0x13: { alarm: 'fault' },
  0x14: { event: 'door' },
  0x15: { event: 'lowBatteryPowerOff' },
  0x16: { event: 'soundControl' },
  0x17: { event: 'fakeBaseStation' },
  // Removed from the wearer (ankle bracelets, watches): the wearing alarm.
  0x18: { alarm: 'wearOff' },
  // Internal battery low.
  0x19: { alarm: 'lowBattery' },
  0x1a: { event: 'braking' },
  0x1b: { event: 'cornering' },
  0x20: { event: 'deepSleep' },
  0x23: { alarm: 'fall' },
  0x25: { alarm: 'fault' },
  0x26: { event: 'acceleration' },
  0x27: { event: 'braking' },
  0x28: { event: 'braking' },
  0x29: { event: 'acceleration' },
  0x2a: { event: 'cornering' },
  0x2b: { event: 'cornering' },
  0x2c: { alarm: 'collision' },
  0x2e: { event: 'cornering' },
  // The JM-VL03 document's harsh braking (Traccar reads it as jamming).
  0x30: { event: 'braking' },
  0x32: { alarm: 'fault' },
  0xf0: { event: 'acceleration' },
  0xf1: { event: 'braking' },
  0xf2: { alarm: 'collision' },
  0xfe: { event: 'accOn' },
  0xff: { event: 'accOff' },
};

/** The event byte of 0x95 (JC100/JC400 dashcams); 0x01 is SOS only in the long form (short: `gt06.alarm` 1). */
const ALARM_95: Readonly<Record<number, Happening>> = {
  0x01: { alarm: 'sos' },
  0x0e: { alarm: 'lowBattery' },
  0x76: { event: 'temperature' },
  0x80: { event: 'vibration' },
  0x87: { event: 'overspeed' },
  0x88: { alarm: 'powerLoss' },
  0x90: { event: 'acceleration' },
  0x91: { event: 'braking' },
  0x92: { event: 'cornering' },
  0x93: { alarm: 'collision' },
};

/** The event module (0x002B) of 0x70 packets. Unlisted: event `gt06.event`, value = the code. */
const MODULE_EVENTS: Readonly<Record<number, Happening>> = {
  0x11: { alarm: 'lowBattery' },
  // External power low.
  0x12: { alarm: 'lowBattery' },
  0x13: { alarm: 'powerLoss' },
  0x14: { alarm: 'wearOff' },
};

/** Bits 3-5 of the terminal information byte. */
const INFO_ALARMS: readonly (Happening | undefined)[] = [
  undefined,
  { event: 'vibration' },
  { alarm: 'powerLoss' },
  { alarm: 'lowBattery' },
  { alarm: 'sos' },
  undefined,
  { event: 'geofence' },
  // Removed from the wearer (watches, bracelets) or from its mount.
  { alarm: 'wearOff' },
];

/** Where a connection keeps the terminal information's alarm bits of its last status packet. */
const INFO_KEY = 'gt06.info';
/** Where a connection keeps its login's time zone (ms east of UTC). */
const TZ_KEY = 'gt06.tz';

/** The location uplink of a fix and/or cells; none when there is neither (a receiver without a fix reports 0,0). */
function location(fix: Fix | undefined, ts: number | undefined, cells: Cell[], wifi?: WifiAp[]): Location | undefined {
  const placed =
    fix !== undefined && (fix.lat !== 0 || fix.lon !== 0) && Math.abs(fix.lat) <= 90 && Math.abs(fix.lon) <= 180;
  if (!placed && cells.length === 0 && !wifi?.length) return undefined;
  const out: Location = { kind: 'location', source: placed ? 'gps' : wifi?.length ? 'wifi' : 'lbs' };
  if (ts !== undefined) out.ts = ts;
  if (placed) {
    out.lat = fix.lat;
    out.lon = fix.lon;
    out.speed = fix.speed;
    if (fix.heading <= 360) out.heading = fix.heading;
    out.valid = fix.valid;
    out.satellites = fix.satellites;
  }
  if (cells.length) out.cells = cells;
  if (wifi?.length) out.wifi = wifi;
  return out;
}

/** Battery from the voltage level byte: 0-6 steps, or a percentage on devices that send one. */
function batteryOf(level: number): number | undefined {
  if (level <= 6) return Math.round((level * 100) / 6);
  return level <= 100 ? level : undefined;
}

/**
 * The status of the terminal information, voltage level and GSM signal (0-4) bytes. Bit 2 is
 * "charging" (external power on); alarm bits 010 say power is cut. Neither means mains unknown.
 */
function status(ts: number | undefined, info: number, voltage: number, gsm: number): Status {
  const out: Status = { kind: 'status', charging: (info & 0x04) !== 0 };
  if (ts !== undefined) out.ts = ts;
  const battery = batteryOf(voltage);
  if (battery !== undefined) out.battery = battery;
  if (gsm <= 4) out.signal = gsm;
  if (info & 0x04) out.mainsPower = 1;
  else if (((info >> 3) & 7) === 2) out.mainsPower = 0;
  return out;
}

function happening(h: Happening | undefined, code: number, ts: number | undefined, unnamed = 'gt06.alarm'): Uplink {
  const out: Uplink = !h
    ? { kind: 'event', name: unnamed, value: code }
    : 'alarm' in h
      ? { kind: 'alarm', alarm: h.alarm }
      : { kind: 'event', name: `gt06.${h.event}` };
  if (ts !== undefined) out.ts = ts;
  return out;
}

/** The alarm byte's happening, else the terminal information's alarm bits (alarm packets: every packet says it). */
function alarmOf(code: number, info: number, ts: number | undefined): Uplink | undefined {
  if (code !== 0) return happening(ALARM_CODES[code], code, ts);
  const h = INFO_ALARMS[(info >> 3) & 7];
  return h && happening(h, 0, ts);
}

/**
 * A status packet's alarm (0x13, 0x23, 0x36, 0x39, 0xF1): the alarm byte when it says one, else
 * the terminal information's alarm bits on their edge only. Every heartbeat repeats those bits
 * while the state lasts (a power cut, a strap left open), so they raise when they change from the
 * connection's last status packet (a new connection starts from "normal"), not on each packet.
 */
function statusAlarm(session: Session, code: number, info: number, ts: number | undefined): Uplink | undefined {
  const bits = (info >> 3) & 7;
  const before = (session.state[INFO_KEY] as number | undefined) ?? 0;
  session.state[INFO_KEY] = bits;
  if (code !== 0) return happening(ALARM_CODES[code], code, ts);
  if (bits === before) return undefined;
  const h = INFO_ALARMS[bits];
  return h && happening(h, 0, ts);
}

function push(list: Uplink[], u: Uplink | undefined): void {
  if (u) list.push(u);
}

function describe(uplinks: readonly Uplink[]): string {
  let out = '';
  for (const u of uplinks) {
    if (u.kind === 'location')
      out +=
        u.lat !== undefined ? ` ${u.lat.toFixed(5)},${u.lon!.toFixed(5)}${u.valid ? '' : ' invalid'}` : ` ${u.source}`;
    else if (u.kind === 'alarm') out += ` alarm ${u.alarm}`;
    else if (u.kind === 'event') out += ` ${u.name}`;
    else if (u.kind === 'status') out += ` battery ${u.battery ?? '?'} signal ${u.signal ?? '?'}`;
    else if (u.kind === 'ack') out += ` ack ${u.ref}`;
  }
  return out;
}

/**
 * Text a device answered with: up to its first NUL (fixed-width fields are NUL-padded), trimmed,
 * at most 200 characters, never ending in half a surrogate pair.
 */
function cleanText(text: string): string {
  const nul = text.indexOf('\0');
  const out = (nul < 0 ? text : text.slice(0, nul)).trim();
  if (out.length <= 200) return out;
  const last = out.charCodeAt(199);
  return out.slice(0, last >= 0xd800 && last <= 0xdbff ? 199 : 200);
}

/** A command answer: an `ack` when the server flag is one we sent, the ICCID report some devices send unasked. */
function answer(session: Session, flag: number, text: string): Uplink | undefined {
  const ref = take(commandRefs(session, REFS_KEY), flag);
  if (ref !== undefined) return { kind: 'ack', ref, ok: true, msg: text };
  if (text.startsWith('<ICCID:')) {
    const close = text.indexOf('>');
    const iccid = text.slice(7, close < 0 ? undefined : close);
    if (iccid.length > 0 && iccid.length <= 32) return { kind: 'status', iccid };
  }
  return undefined;
}

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
function decodeWifiCount(frame: Buffer): Decoded {
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
function decodeLbs(b: Body, out: Uplink[], tz: number): number {
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
function decodeAlarm(b: Body, out: Uplink[], tz: number): void {
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
function decodeCellStatus(b: Body, s: number, ts: number | undefined, out: Uplink[]): void {
  if (s + 4 > b.end) throw new ProtocolError(`type 0x${HEX[b.type]}: status block past the content`);
  out.push(status(ts, b.f[s]!, b.f[s + 1]!, b.f[s + 2]!));
  push(out, alarmOf(b.f[s + 3]!, b.f[s]!, ts));
}

/**
 * The trailer of 0x12/0x22/0xA0 after the cell: ACC, upload reason, re-upload (a fix kept while
 * offline), [mileage]. Nothing of ours holds them: they go to the summary.
 */
function trailer(b: Body, o: number): string {
  if (b.end - o !== 3 && b.end - o !== 7) return '';
  const { f } = b;
  let out = ` acc ${f[o] ? 'on' : 'off'} reason ${f[o + 1]}${f[o + 2] ? ' re-upload' : ''}`;
  if (o + 7 <= b.end) out += ` mileage ${f.readUInt32BE(o + 3)}`;
  return out;
}

/**
 * The modules of 0x36/0x39 (Jimi IoT 4G) after the status block and language: type (2 bytes),
 * length (1), value. 0x006A battery percentage; 0x0018 battery voltage (summary). Returns the
 * battery percentage when a module says it.
 */
function jimiModules(b: Body, o: number): { battery?: number; note: string } {
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

/**
 * 0x70 modular packets (long): modules of type (2 bytes), length (2), value. Read: 0x0003 ICCID,
 * 0x0009 satellites, 0x0011 cell, 0x002B event (MODULE_EVENTS), 0x0033 GPS (UTC seconds,
 * satellites, altitude, latitude, longitude, speed, course and status), 0x0034 event module
 * (event code, time, content: event `gt06.event` with the code).
 */
function decodeModular(b: Body, out: Uplink[]): void {
  const { f } = b;
  let o = b.start;
  let fix: Fix | undefined;
  let satellites: number | undefined;
  const cells: Cell[] = [];
  const events: Uplink[] = [];
  let iccid: string | undefined;
  while (o + 4 <= b.end) {
    const type = f.readUInt16BE(o);
    const size = f.readUInt16BE(o + 2);
    o += 4;
    if (o + size > b.end) throw new ProtocolError(`type 0x70: module 0x${type.toString(16)} past the content`);
    if (type === 0x03 && size >= 1 && size <= 16) iccid = readDigits(f, o, o + size);
    else if (type === 0x09 && size >= 1) satellites = f[o]!;
    else if (type === 0x11 && size >= 10) {
      const cell = cellOf(
        f.readUInt16BE(o),
        f.readUInt16BE(o + 2),
        f.readUInt16BE(o + 4),
        f.readUIntBE(o + 6, 3),
        f[o + 9]!,
      );
      if (cell) cells.push(cell);
    } else if (type === 0x2b && size >= 1) events.push(happening(MODULE_EVENTS[f[o]!], f[o]!, undefined, 'gt06.event'));
    else if (type === 0x33 && size >= 18) {
      const flags = f.readUInt16BE(o + 16);
      const lat = f.readUInt32BE(o + 7) / 1_800_000;
      const lon = f.readUInt32BE(o + 11) / 1_800_000;
      const secs = f.readUInt32BE(o);
      fix = {
        ts: secs > 0 ? secs * 1000 : undefined,
        lat: flags & 0x400 ? lat : -lat,
        lon: flags & 0x800 ? -lon : lon,
        speed: f[o + 15]!,
        heading: flags & 0x3ff,
        valid: (flags & 0x1000) !== 0,
        satellites: Math.min(99, f[o + 4]!),
      };
    } else if (type === 0x34 && size >= 1) events.push({ kind: 'event', name: 'gt06.event', value: f[o]! });
    o += size;
  }
  if (fix && satellites !== undefined && satellites <= 99) fix.satellites = satellites;
  const ts = fix?.ts;
  push(out, location(fix, ts, cells));
  if (iccid && /^[0-9a-f]{1,32}$/.test(iccid)) {
    const st: Uplink = { kind: 'status', iccid };
    if (ts !== undefined) st.ts = ts;
    out.push(st);
  }
  for (const e of events) {
    if (ts !== undefined) e.ts = ts;
    out.push(e);
  }
}

/** 0x95 (JC100/JC400): date [GPS], event; JC400 leads with FFFF and a version, and adds satellites, speed and power. */
function decodeAlarm95(b: Body, out: Uplink[], tz: number): void {
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

/**
 * 0x94 information. Short (0x7878): external power in 1/100 V. Long: a sub-type, then 0x00 the
 * external power, 0x04 the status text (ICCID=...), 0x05 door, 0x0A IMEI, IMSI and ICCID in BCD,
 * 0x0D a fuel sensor's text with its temperature, others kept in the summary.
 */
function decodeInfo(b: Body, head: number, out: Uplink[]): string {
  const { f } = b;
  const volts = (o: number): string => {
    if (o + 2 > b.end) return '';
    const v = f.readUInt16BE(o) / 100;
    out.push({ kind: 'telemetry', values: { voltage: v } });
    return ` power ${v.toFixed(2)} V`;
  };
  if (head === 3) return volts(b.start);
  need(b, 1);
  const sub = f[b.start]!;
  const o = b.start + 1;
  switch (sub) {
    case 0x00:
      return volts(o);
    case 0x0a: {
      if (o + 26 > b.end) return ' iccid short';
      const iccid = readDigits(f, o + 16, o + 26);
      const imsi = readDigits(f, o + 8, o + 16).replace(/^0(?=\d{15}$)/, '');
      if (!/^[0-9a-f]{1,32}$/.test(iccid)) return ' iccid unreadable';
      out.push(/^\d{6,32}$/.test(imsi) ? { kind: 'status', iccid, imsi } : { kind: 'status', iccid });
      return ` iccid ${iccid}`;
    }
    case 0x04: {
      const text = f.toString('latin1', o, b.end);
      const m = /(?:^|;)ICCID=([0-9A-Fa-f]{1,32})/.exec(text);
      if (!m) return ' status';
      const iccid = m[1]!.toLowerCase().replace(/f+$/, '');
      if (iccid) out.push({ kind: 'status', iccid });
      return ` status iccid ${iccid}`;
    }
    case 0x0d: {
      const text = f.toString('latin1', f[o] === 0x21 ? o : o + 6, b.end);
      const temp = Number(/^!AIOIL,[^,]*,[^,]*,(-?\d+(?:\.\d+)?),/.exec(text)?.[1]);
      if (!Number.isFinite(temp) || temp < -80 || temp > 1200) return ' fuel sensor';
      out.push({ kind: 'telemetry', values: { ambientTemp: temp } });
      return ` temperature ${temp}`;
    }
    case 0x05:
      return o < b.end ? ` door ${f[o]! & 1 ? 'open' : 'closed'}` : '';
    default:
      return ` sub-type 0x${HEX[sub]}`;
  }
}

/** The address a device asks for (0x1A Chinese, 0x2A English, 0xA7 by 4G cell): none here, answered as Traccar does ("NA&&NA&&0##"), which devices take. */
const NO_ADDRESS = Buffer.from('NA&&NA&&0##', 'ascii');
const ADDRESS_CONTENT = Buffer.concat([Buffer.from([NO_ADDRESS.length, 0, 0, 0, 0]), NO_ADDRESS]);

/** The variant whose length field agrees with the frame's size (short 0x7878 head of 3 bytes, long 0x7979 of 4). */
function agrees(frame: Buffer, head: number): boolean {
  return head === 4 ? frame.readUInt16BE(2) + 6 === frame.length : frame[2]! + 5 === frame.length;
}

/** The login's time zone (bits 15-4: hours * 100 + minutes, bit 3 west) as ms east of UTC. */
function loginZone(word: number): number {
  const hm = word >> 4;
  const minutes = Math.floor(hm / 100) * 60 + (hm % 100);
  return (word & 0x08 ? -minutes : minutes) * 60_000;
}

/**
 * A whole frame as the framer cut it. A wrong CRC, and a length field that disagrees with the
 * frame's size (the variant, short or long length, then taken from the one that agrees, else the
 * start bits), are accepted and named in `irregular` (docs/protocols.md "Leniencies").
 */
export function decodeGt06(frame: Buffer, session: Session, now: number): Decoded {
  if (frame.length < 6) throw new ProtocolError(`frame of ${frame.length} bytes`);
  let head = frame[0] === 0x79 ? 4 : 3;
  let irregular: Irregularity[] | undefined;
  if (!agrees(frame, head)) {
    if (head === 3 && (frame[3] === 0x17 || frame[3] === 0x69)) return decodeWifiCount(frame);
    if (agrees(frame, 7 - head)) head = 7 - head;
    irregular = ['lengthMismatch'];
  }
  if (frame.length < head + 7) throw new ProtocolError(`frame of ${frame.length} bytes`);
  const crcAt = frame.length - 4;
  if (crcItu(frame, 2, crcAt) !== frame.readUInt16BE(crcAt)) (irregular ??= []).push('checksumMismatch');
  const d = decodeContent(frame, head, session, now);
  if (irregular) d.irregular = irregular;
  return d;
}

function decodeContent(frame: Buffer, head: number, session: Session, now: number): Decoded {
  const crcAt = frame.length - 4;
  const type = frame[head]!;
  const serial = frame.readUInt16BE(crcAt - 2);
  const b: Body = { f: frame, start: head + 1, end: crcAt - 2, type };
  const ack = (): Buffer => packet(type, serial);
  const name = `0x${HEX[type]}`;
  const tz = (session.state[TZ_KEY] as number | undefined) ?? 0;
  const uplinks: Uplink[] = [];

  switch (type) {
    case 0x01: {
      need(b, 8);
      const imei = readImei(frame, b.start);
      // The extended login: type identification, then the time zone its dates are in.
      if (b.end - b.start >= 12) session.state[TZ_KEY] = loginZone(frame.readUInt16BE(b.start + 10));
      return { imei, login: 'login', uplinks, reply: ack(), summary: `login ${imei}` };
    }
    case 0x13:
    case 0xf1: {
      need(b, 3);
      const info = frame[b.start]!;
      if (type === 0x13 && b.end - b.start === 16) {
        // The 22-byte variant: info, satellites (2), alarm, language, battery %, mode, voltage (2), ...
        const st: Status = { kind: 'status', charging: (info & 0x04) !== 0 };
        if (frame[b.start + 5]! <= 100) st.battery = frame[b.start + 5]!;
        if (info & 0x04) st.mainsPower = 1;
        uplinks.push(st);
        // Its information byte is not the terminal information of the standard heartbeat: the alarm byte only.
        const code = frame[b.start + 3]!;
        if (code !== 0) uplinks.push(happening(ALARM_CODES[code], code, undefined));
        return { uplinks, reply: ack(), summary: `heartbeat${describe(uplinks)}` };
      }
      uplinks.push(status(undefined, info, frame[b.start + 1]!, frame[b.start + 2]!));
      push(uplinks, statusAlarm(session, b.end - b.start >= 4 ? frame[b.start + 3]! : 0, info, undefined));
      return { uplinks, reply: ack(), summary: `heartbeat${type === 0x13 ? '' : ' 0xf1'}${describe(uplinks)}` };
    }
    case 0x23: {
      // GK310 heartbeat: terminal information, [battery voltage in 1/100 V], [GSM signal], language.
      need(b, 1);
      const info = frame[b.start]!;
      const st: Status = { kind: 'status', charging: (info & 0x04) !== 0 };
      if (info & 0x04) st.mainsPower = 1;
      const size = b.end - b.start;
      if (size >= 4 && frame[b.start + 3]! <= 4) st.signal = frame[b.start + 3]!;
      uplinks.push(st);
      push(uplinks, statusAlarm(session, 0, info, undefined));
      const volts = size >= 3 ? ` ${(frame.readUInt16BE(b.start + 1) / 100).toFixed(2)} V` : '';
      return { uplinks, reply: ack(), summary: `heartbeat 0x23${volts}${describe(uplinks)}` };
    }
    case 0x36:
    case 0x39: {
      // Jimi IoT 4G: terminal information, voltage level, GSM, alarm, language, then modules. A long 0x36 is X1 photo data.
      if (head === 4) return { uplinks, summary: `type ${name} not decoded` };
      need(b, 5);
      const info = frame[b.start]!;
      const st = status(undefined, info, frame[b.start + 1]!, frame[b.start + 2]!);
      const m = jimiModules(b, b.start + 5);
      if (m.battery !== undefined) st.battery = m.battery;
      uplinks.push(st);
      push(uplinks, statusAlarm(session, frame[b.start + 3]!, info, undefined));
      return { uplinks, reply: ack(), summary: `status ${name}${m.note}${describe(uplinks)}` };
    }
    case 0x10:
    case 0x12:
    case 0x22:
    case 0xa0: {
      need(b, 18);
      const fix = readFix(frame, b.start, tz);
      const at = b.start + 18;
      const g4 = type === 0xa0;
      const cell = type === 0x10 ? undefined : g4 ? readCell4g(frame, at, b.end) : readCell(frame, at, b.end);
      push(uplinks, location(fix, fix.ts, cell ? [cell] : []));
      const extra = type !== 0x10 && at + 2 <= b.end ? trailer(b, at + cellSize(frame, at, g4)) : '';
      return { uplinks, reply: ack(), summary: `location ${name}${describe(uplinks)}${extra}` };
    }
    case 0x17: {
      // The GPS + LBS form (the RFID variant): the fix and the serving cell, a driver's card after.
      need(b, 18);
      const fix = readFix(frame, b.start, tz);
      const cell = readCell(frame, b.start + 18, b.end);
      push(uplinks, location(fix, fix.ts, cell ? [cell] : []));
      return { uplinks, reply: ack(), summary: `location ${name}${describe(uplinks)}` };
    }
    case 0x16:
    case 0x26:
    case 0x27:
    case 0xa4:
      decodeAlarm(b, uplinks, tz);
      return { uplinks, reply: ack(), summary: `alarm ${name}${describe(uplinks)}` };
    case 0x19: {
      // LBS + status: the serving cell (no date), terminal info, voltage, GSM, alarm, language.
      need(b, 2);
      const size = cellSize(frame, b.start, false);
      if (b.end - b.start > size + 6)
        return { uplinks, reply: ack(), summary: `type ${name} not decoded (multi-cell variant)` };
      const cell = readCell(frame, b.start, b.end);
      push(uplinks, location(undefined, undefined, cell ? [cell] : []));
      decodeCellStatus(b, b.start + size, undefined, uplinks);
      return { uplinks, reply: ack(), summary: `alarm ${name}${describe(uplinks)}` };
    }
    case 0xa5: {
      // 4G LBS alarm: the serving cell, then the status block.
      need(b, 2);
      const cell = readCell4g(frame, b.start, b.end);
      push(uplinks, location(undefined, undefined, cell ? [cell] : []));
      decodeCellStatus(b, b.start + cellSize(frame, b.start, true), undefined, uplinks);
      return { uplinks, reply: ack(), summary: `alarm ${name}${describe(uplinks)}` };
    }
    case 0x18:
    case 0x24:
    case 0x28:
    case 0x2c:
    case 0x2e:
    case 0xa1:
    case 0xa2:
      decodeLbs(b, uplinks, tz);
      return { uplinks, reply: ack(), summary: `lbs ${name}${describe(uplinks)}` };
    case 0xa9: {
      // 4G Wi-Fi alarm: the 0xA2 layout, then the status block when the packet carries one.
      const o = decodeLbs(b, uplinks, tz);
      const loc = uplinks[0];
      if (o + 4 <= b.end) decodeCellStatus(b, o, loc?.ts, uplinks);
      return { uplinks, reply: ack(), summary: `alarm ${name}${describe(uplinks)}` };
    }
    case 0x1a:
    case 0x2a: {
      need(b, 18);
      const fix = readFix(frame, b.start, tz);
      push(uplinks, location(fix, fix.ts, []));
      const reply = type === 0x1a ? packet(0x17, serial, ADDRESS_CONTENT) : packet(0x97, serial, ADDRESS_CONTENT, true);
      return { uplinks, reply, summary: `address request ${name}${describe(uplinks)}` };
    }
    case 0xa7: {
      need(b, 2);
      const cell = readCell4g(frame, b.start, b.end);
      push(uplinks, location(undefined, undefined, cell ? [cell] : []));
      return {
        uplinks,
        reply: packet(0x97, serial, ADDRESS_CONTENT, true),
        summary: `address request ${name}${describe(uplinks)}`,
      };
    }
    case 0x70:
      decodeModular(b, uplinks);
      return { uplinks, reply: packet(0x70, serial), summary: `modular${describe(uplinks)}` };
    case 0x94: {
      const note = decodeInfo(b, head, uplinks);
      return { uplinks, summary: `information${note}` };
    }
    case 0x95:
      decodeAlarm95(b, uplinks, tz);
      return { uplinks, reply: ack(), summary: `alarm ${name}${describe(uplinks)}` };
    case 0x8a: {
      const t = new Date(now);
      const content = [
        t.getUTCFullYear() - 2000,
        t.getUTCMonth() + 1,
        t.getUTCDate(),
        t.getUTCHours(),
        t.getUTCMinutes(),
        t.getUTCSeconds(),
      ];
      return { uplinks, reply: packet(0x8a, serial, Uint8Array.from(content)), summary: 'time request' };
    }
    case 0x15: {
      // Length of command (server flag + text), server flag, ASCII text, [language].
      need(b, 5);
      const size = frame[b.start]!;
      const textEnd = size >= 4 && b.start + 1 + size <= b.end ? b.start + 1 + size : b.end;
      const text = cleanText(frame.toString('latin1', b.start + 5, textEnd));
      push(uplinks, answer(session, frame.readUInt32BE(b.start + 1), text));
      return { uplinks, summary: `command answer "${text}"${describe(uplinks)}` };
    }
    case 0x21: {
      // Server flag, encoding (1 ASCII, 2 UTF-16BE), text.
      need(b, 5);
      const raw = frame.subarray(b.start + 5, b.end);
      const text = cleanText(frame[b.start + 4] === 2 ? UTF16BE.decode(raw) : raw.toString('latin1'));
      push(uplinks, answer(session, frame.readUInt32BE(b.start), text));
      return { uplinks, summary: `command answer "${text}"${describe(uplinks)}` };
    }
    default:
      // Unread types still get the echo short packets expect, so the device does not resend; long ones and command echoes get none.
      return head === 3 && (type < 0x80 || type > 0x82)
        ? { uplinks, reply: ack(), summary: `type ${name} not decoded` }
        : { uplinks, summary: `type ${name} not decoded` };
  }
}
