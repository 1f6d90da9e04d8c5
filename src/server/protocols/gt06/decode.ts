/**
 * Decoding GT06 frames (Concox/Jimi and clones; docs/protocols.md, gt06). The frame is whole (the
 * framer's): start bits, length, protocol number, content, serial, CRC-ITU, stop bits. Every
 * offset below is checked against the content's end before it is read, so a short or forged
 * frame is a ProtocolError, never a RangeError.
 */
import type { AlarmEvent, Cell, Uplink, WifiAp } from '../../../shared/devices/protocol';
import { commandRefs, take } from '../command-refs';
import { ProtocolError, type Decoded, type Session } from '../types';
import { crcItu } from '../../../shared/protocols/gt06/crc';
import { packet } from '../../../shared/protocols/gt06/packet';
import {
  cellOf,
  dbm,
  HEX,
  need,
  readCell,
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

/** The alarm byte of status packets (0x13, 0x16, 0x26, 0x27). Unlisted codes: event `gt06.alarm`, value = the code. */
const ALARM_CODES: Readonly<Record<number, Happening>> = {
  0x01: { alarm: 'sos' },
  0x02: { alarm: 'powerLoss' },
  0x03: { event: 'vibration' },
  0x04: { event: 'geofenceEnter' },
  0x05: { event: 'geofenceExit' },
  0x06: { event: 'overspeed' },
  0x09: { event: 'movement' },
  // External battery low, and the protection cut-off that follows it.
  0x0e: { alarm: 'lowBattery' },
  0x0f: { alarm: 'lowBattery' },
  0x11: { event: 'powerOff' },
  // Case opened / device dismantled.
  0x13: { alarm: 'fault' },
  0x14: { event: 'door' },
  0x23: { alarm: 'fall' },
  0x29: { event: 'acceleration' },
  0x2a: { event: 'cornering' },
  0x2b: { event: 'cornering' },
  0x2c: { alarm: 'collision' },
  0x30: { event: 'braking' },
};

/** Bits 3-5 of the terminal information byte, read when the alarm byte says nothing (0). */
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

function happening(h: Happening | undefined, code: number, ts: number | undefined): Uplink {
  const out: Uplink = !h
    ? { kind: 'event', name: 'gt06.alarm', value: code }
    : 'alarm' in h
      ? { kind: 'alarm', alarm: h.alarm }
      : { kind: 'event', name: `gt06.${h.event}` };
  if (ts !== undefined) out.ts = ts;
  return out;
}

/** The alarm byte's happening, else the terminal information's alarm bits (the devices that only set those). */
function alarmOf(code: number, info: number, ts: number | undefined): Uplink | undefined {
  if (code !== 0) return happening(ALARM_CODES[code], code, ts);
  const h = INFO_ALARMS[(info >> 3) & 7];
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

/**
 * Multiple-LBS packets (0x18, 0x24, 0x28, 0x2E; 0x2C adds Wi-Fi): date, MCC, MNC, seven cells
 * of LAC, 3-byte cell id and signal, timing advance, then (0x2C) a count of access points, each
 * a MAC and signal.
 */
function decodeLbs(b: Body): Uplink[] {
  need(b, 9);
  const { f } = b;
  const ts = readTime(f, b.start);
  const rawMcc = f.readUInt16BE(b.start + 6);
  const wide = (rawMcc & 0x8000) !== 0;
  const mnc = wide ? f.readUInt16BE(b.start + 8) : f[b.start + 8]!;
  let o = b.start + (wide ? 10 : 9);
  need(b, o - b.start + 7 * 6 + 1);
  const cells: Cell[] = [];
  for (let i = 0; i < 7; i++, o += 6) {
    const cell = cellOf(rawMcc & 0x7fff, mnc, f.readUInt16BE(o), f.readUIntBE(o + 2, 3), f[o + 5]!);
    if (cell) cells.push(cell);
  }
  o++; // timing advance
  let wifi: WifiAp[] | undefined;
  if (b.type === 0x2c && o < b.end) {
    const count = f[o++]!;
    if (o + count * 7 > b.end) throw new ProtocolError(`type 0x2c: ${count} access points do not fit`);
    wifi = [];
    for (let i = 0; i < count && i < 32; i++, o += 7) {
      const signal = dbm(f[o + 6]!);
      wifi.push(signal === undefined ? { mac: readMac(f, o) } : { mac: readMac(f, o), signal });
    }
  }
  const out: Uplink[] = [];
  push(out, location(undefined, ts, cells, wifi));
  return out;
}

/**
 * Where the status block of 0x16/0x26/0x27 starts: after the LBS block its first byte sizes.
 * Most devices send 9 (the byte itself and MCC, MNC, LAC, cell id), some 8 for the same bytes,
 * longer ones carry extras; 0 is followed either by 45 zero bytes (an empty multi-cell block)
 * or by the status directly.
 */
function statusOffset(f: Buffer, lbs: number, end: number): number {
  const size = f[lbs]!;
  if (size > 0) return lbs + 9 + Math.max(0, size - 9);
  for (let i = lbs + 10; i < lbs + 46 && i < end; i++) if (f[i] !== 0) return lbs + 1;
  return lbs + 46;
}

/** GPS + LBS + status packets (0x16, 0x26, 0x27): the fix, an LBS block led by its length, terminal info, voltage, GSM, alarm, language. */
function decodeAlarm(b: Body): Uplink[] {
  need(b, 18 + 1 + 4);
  const { f } = b;
  const fix = readFix(f, b.start);
  const lbs = b.start + 18;
  const cell = f[lbs] === 0 ? undefined : readCell(f, lbs + 1, b.end);
  const s = statusOffset(f, lbs, b.end);
  if (s + 4 > b.end) throw new ProtocolError(`type 0x${HEX[b.type]}: status block past the content`);
  const out: Uplink[] = [];
  push(out, location(fix, fix.ts, cell ? [cell] : []));
  out.push(status(fix.ts, f[s]!, f[s + 1]!, f[s + 2]!));
  push(out, alarmOf(f[s + 3]!, f[s]!, fix.ts));
  return out;
}

/** The address a device asks for (0x1A Chinese, 0x2A English): none here, answered as Traccar does ("NA&&NA&&0##"), which devices take. */
const NO_ADDRESS = Buffer.from('NA&&NA&&0##', 'ascii');
const ADDRESS_CONTENT = Buffer.concat([Buffer.from([NO_ADDRESS.length, 0, 0, 0, 0]), NO_ADDRESS]);

export function decodeGt06(frame: Buffer, session: Session, now: number): Decoded {
  const head = frame[0] === 0x79 ? 4 : 3;
  if (frame.length < head + 7) throw new ProtocolError(`frame of ${frame.length} bytes`);
  const declared = head === 4 ? frame.readUInt16BE(2) : frame[2]!;
  if (declared < 5 || head + declared + 2 !== frame.length)
    throw new ProtocolError(`length ${declared} in a frame of ${frame.length} bytes`);
  const crcAt = frame.length - 4;
  if (crcItu(frame, 2, crcAt) !== frame.readUInt16BE(crcAt)) throw new ProtocolError('bad CRC');
  const type = frame[head]!;
  const serial = frame.readUInt16BE(crcAt - 2);
  const b: Body = { f: frame, start: head + 1, end: crcAt - 2, type };
  const ack = (): Buffer => packet(type, serial);
  const name = `0x${HEX[type]}`;
  const uplinks: Uplink[] = [];

  switch (type) {
    case 0x01: {
      need(b, 8);
      const imei = readImei(frame, b.start);
      return { imei, login: 'login', uplinks, reply: ack(), summary: `login ${imei}` };
    }
    case 0x13: {
      need(b, 3);
      const info = frame[b.start]!;
      uplinks.push(status(undefined, info, frame[b.start + 1]!, frame[b.start + 2]!));
      // The terminal information's alarm bits are a state every heartbeat repeats (it sets mainsPower);
      // only the alarm byte raises one.
      if (b.end - b.start >= 4) push(uplinks, alarmOf(frame[b.start + 3]!, 0, undefined));
      return { uplinks, reply: ack(), summary: `heartbeat${describe(uplinks)}` };
    }
    case 0x10:
    case 0x12:
    case 0x22: {
      need(b, 18);
      const fix = readFix(frame, b.start);
      const cell = type === 0x10 ? undefined : readCell(frame, b.start + 18, b.end);
      push(uplinks, location(fix, fix.ts, cell ? [cell] : []));
      return { uplinks, reply: ack(), summary: `location ${name}${describe(uplinks)}` };
    }
    case 0x16:
    case 0x26:
    case 0x27:
      uplinks.push(...decodeAlarm(b));
      return { uplinks, reply: ack(), summary: `alarm ${name}${describe(uplinks)}` };
    case 0x18:
    case 0x24:
    case 0x28:
    case 0x2c:
    case 0x2e:
      uplinks.push(...decodeLbs(b));
      return { uplinks, reply: ack(), summary: `lbs ${name}${describe(uplinks)}` };
    case 0x1a:
    case 0x2a: {
      need(b, 18);
      const fix = readFix(frame, b.start);
      push(uplinks, location(fix, fix.ts, []));
      const reply = type === 0x1a ? packet(0x17, serial, ADDRESS_CONTENT) : packet(0x97, serial, ADDRESS_CONTENT, true);
      return { uplinks, reply, summary: `address request ${name}${describe(uplinks)}` };
    }
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
