/**
 * Decoding JT/T 808 messages (2011, 2013 and 2019 editions; Traccar's "huabao";
 * docs/protocols.md, jt808). Every offset is checked against the body's end before it is read,
 * so a short or forged message is a ProtocolError, never a RangeError.
 */
import type { AlarmEvent, Uplink } from '../../../shared/devices/protocol';
import { isBadText } from '../../../shared/text';
import { commandRefs, nextRef, take, type CommandRefs } from '../command-refs';
import { ProtocolError, type Decoded, type Session, type Verdict } from '../types';
import {
  buildFrame,
  parseFrame,
  terminalIds,
  type Message,
  type Terminal,
} from '../../../shared/protocols/jt808/frame';
import { decodeGbk, encodeGbk } from '../../../shared/protocols/jt808/gbk';

/** The connection's platform serial counter and the commands sent under each serial. */
export const REFS_KEY = 'jt808.commands';
/** The terminal's phone number and edition, for commands (copied from its last message), and the forms of its identifier. */
export const TERMINAL_KEY = 'jt808.terminal';
type Held = Terminal & { ids: string[] };
/** The alarm word of the terminal's last location, for telling a new alarm from a standing one. */
const ALARM_KEY = 'jt808.alarm';
/** The same for the alarms vendors put in additional items (VENDOR_BITS). */
const VENDOR_KEY = 'jt808.vendorAlarm';
/** Status bits 0 (ignition) and 26 (charging) of the last location. */
const STATUS_KEY = 'jt808.status';

type Location = Extract<Uplink, { kind: 'location' }>;
type Status = Extract<Uplink, { kind: 'status' }>;
type Happening = { alarm: AlarmEvent; note?: string } | { event: string };

/**
 * The alarm flag bits of a location report. Bits 0, 3, 20, 21, 22, 27 and 28 stay set until the
 * platform answers the report, so each report carrying one is a new alarm; the others are
 * conditions that stay set while they last, and raise an alarm only when they appear. Bits 15-17
 * are reserved in the standard; terminals on the market use them for vibration and tampering
 * (as Traccar reads them).
 */
const ALARM_BITS: readonly (Happening | undefined)[] = [
  { alarm: 'sos' },
  { event: 'overspeed' },
  { event: 'fatigue' },
  { event: 'dangerWarning' },
  { event: 'gnssFault' },
  { event: 'gnssAntennaCut' },
  { event: 'gnssAntennaShort' },
  // Main power under voltage.
  { alarm: 'lowBattery' },
  // Main power cut.
  { alarm: 'powerLoss' },
  { event: 'displayFault' },
  { event: 'ttsFault' },
  { event: 'cameraFault' },
  { event: 'icCardFault' },
  { event: 'overspeedWarning' },
  { event: 'fatigueWarning' },
  { event: 'vibration' },
  { alarm: 'fault', note: 'tampering' },
  { alarm: 'fault', note: 'tampering' },
  { event: 'drivingTimeout' },
  { event: 'parkingTimeout' },
  { event: 'area' },
  { event: 'route' },
  { event: 'routeTime' },
  { event: 'routeDeviation' },
  { event: 'vssFault' },
  { event: 'fuelAbnormal' },
  { event: 'theft' },
  { event: 'illegalIgnition' },
  { event: 'illegalMovement' },
  { alarm: 'collision' },
  { alarm: 'collision', note: 'rollover' },
  { event: 'illegalDoor' },
];
const ONE_SHOT_BITS = (1 << 0) | (1 << 3) | (1 << 20) | (1 << 21) | (1 << 22) | (1 << 27) | (1 << 28);
const POWER_CUT_BIT = 1 << 8;

/**
 * Alarms vendors carry in additional items, gathered per report into a word of these bits and,
 * like the standing alarm bits, raised when they appear: 0xE7 (bit 0 vibration, bits 1-4 SOS),
 * 0xEB sub-items 0x0089 (bit 0 clear: power cut, bit 12 clear: removed) and 0x00C5 (bit 6 clear:
 * vibration), 0x00C6 (3, 4: low battery), 0xFE's 0x7C block (acceleration, braking, cornering,
 * accident, tampering), 0xD0 (bit 3 vibration).
 */
const V = {
  sos: 1 << 0,
  vibration: 1 << 1,
  powerCut: 1 << 2,
  removed: 1 << 3,
  lowBattery: 1 << 4,
  acceleration: 1 << 5,
  braking: 1 << 6,
  cornering: 1 << 7,
  accident: 1 << 8,
  tampering: 1 << 9,
} as const;
const VENDOR_BITS: readonly Happening[] = [
  { alarm: 'sos' },
  { event: 'vibration' },
  { alarm: 'powerLoss' },
  { alarm: 'wearOff', note: 'removed' },
  { alarm: 'lowBattery' },
  { event: 'harshAcceleration' },
  { event: 'harshBraking' },
  { event: 'harshCornering' },
  { alarm: 'collision' },
  { alarm: 'fault', note: 'tampering' },
];

/** 0xE8 event codes (Jimi JC terminals): each report carrying one is that event. */
const E8_CODES: ReadonlyMap<number, Happening> = new Map<number, Happening>([
  [0x0001, { alarm: 'fault' }],
  [0x0400, { event: 'harshAcceleration' }],
  [0x0412, { event: 'harshAcceleration' }],
  [0x0401, { event: 'harshBraking' }],
  [0x0413, { event: 'harshBraking' }],
  [0x0402, { event: 'harshCornering' }],
  [0x0414, { event: 'harshCornering' }],
  [0x0403, { event: 'overspeed' }],
  [0x0405, { alarm: 'collision' }],
  [0x0416, { alarm: 'collision' }],
  [0x0417, { alarm: 'collision' }],
  [0x0406, { event: 'vibration' }],
  [0x0407, { event: 'tow' }],
  [0x0408, { event: 'fenceEnter' }],
  [0x0409, { event: 'fenceExit' }],
  [0x040c, { event: 'door' }],
  [0x0415, { event: 'laneChange' }],
  [0x0c01, { alarm: 'sos' }],
  [0x0c02, { alarm: 'lowBattery', note: 'external power low' }],
  [0x0c03, { event: 'ignitionOn' }],
  [0x0c04, { event: 'ignitionOff' }],
  [0x0c05, { event: 'general' }],
  [0x0c0e, { alarm: 'powerLoss' }],
  [0x0c0f, { alarm: 'lowBattery' }],
  [0x0c10, { event: 'powerOff' }],
  [0x0c12, { alarm: 'fault', note: 'tampering' }],
]);

const HEX4 = (n: number) => n.toString(16).padStart(4, '0');

interface Body {
  data: Buffer;
  start: number;
  end: number;
  id: number;
}

function need(b: Body, bytes: number): void {
  if (b.end - b.start < bytes)
    throw new ProtocolError(`0x${HEX4(b.id)}: body of ${b.end - b.start} bytes, needs ${bytes}`);
}

/** UTC ms of the BCD time YY MM DD hh mm ss in Beijing time (GMT+8); undefined when the bytes are not one. */
function readTime(d: Buffer, o: number): number | undefined {
  const v: number[] = [];
  for (let i = o; i < o + 6; i++) {
    const hi = d[i]! >> 4;
    const lo = d[i]! & 0x0f;
    if (hi > 9 || lo > 9) return undefined;
    v.push(hi * 10 + lo);
  }
  const [yy, mm, dd, h, mi, s] = v as [number, number, number, number, number, number];
  if (mm < 1 || mm > 12 || dd < 1 || dd > 31 || h > 23 || mi > 59 || s > 59) return undefined;
  return Date.UTC(2000 + yy, mm - 1, dd, h - 8, mi, s);
}

/** GSM signal (CSQ 0-31, 99 unknown) as bars 0-4, the phone's usual scale. */
function bars(csq: number): number | undefined {
  if (csq > 31) return undefined;
  if (csq >= 12) return 4;
  if (csq >= 8) return 3;
  if (csq >= 5) return 2;
  return csq >= 2 ? 1 : 0;
}

function happening(h: Happening, ts: number | undefined): Uplink {
  let out: Uplink;
  if ('alarm' in h) {
    out = { kind: 'alarm', alarm: h.alarm };
    if (h.note !== undefined) out.note = h.note;
  } else out = { kind: 'event', name: `jt808.${h.event}` };
  if (ts !== undefined) out.ts = ts;
  return out;
}

/** Whether d[from, to) is printable ASCII (a vendor item's text rather than its binary form). */
function printable(d: Buffer, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (d[i]! < 0x20 || d[i]! > 0x7e) return false;
  return to > from;
}

/** BCD bytes as digits, trailing 'f' padding dropped (an ICCID). */
function bcdText(d: Buffer, from: number, to: number): string | undefined {
  const s = d.toString('hex', from, to).replace(/f+$/, '');
  return /^[0-9]{6,20}$/.test(s) ? s : undefined;
}

/** What a location's additional items carried. */
interface Items {
  status: Status;
  satellites: number | undefined;
  mileage: number | undefined;
  /** VENDOR_BITS set by the items. */
  vendor: number;
  /** Events each report carrying them raises (0xE8). */
  events: Happening[];
}

const percent = (status: Status, value: number) => {
  if (value >= 0 && value <= 100) status.battery = value;
};

/**
 * The 0xEB item in its sub-item form: each sub-item a 2-byte length (counting the type), a 2-byte
 * type, the value. The other forms (cell towers: MCC over 200 and 5-byte towers; a time zone's
 * text) carry nothing read here.
 */
function readEb(d: Buffer, v: number, end: number, items: Items): void {
  const size = end - v;
  if (size >= 3 && d.readUInt16BE(v) > 200 && (size - 3) % 5 === 0) return;
  if (printable(d, v, end)) return;
  for (let s = v; s + 4 <= end;) {
    const len = d.readUInt16BE(s);
    const type = d.readUInt16BE(s + 2);
    const sv = s + 4;
    const se = s + 2 + len;
    if (len < 2 || se > end) return;
    s = se;
    const n = se - sv;
    if (type === 0x0089 && n === 4) {
      const word = d.readUInt32BE(sv);
      if (!(word & 1)) items.vendor |= V.powerCut;
      if (!(word & (1 << 12))) items.vendor |= V.removed;
    } else if (type === 0x00c5 && n === 4) {
      if (!(d.readUInt32BE(sv) & (1 << 6))) items.vendor |= V.vibration;
    } else if (type === 0x00c6 && n === 1) {
      if (d[sv] === 3 || d[sv] === 4) items.vendor |= V.lowBattery;
    } else if ((type === 0x00a8 || type === 0x00e1) && n === 1) percent(items.status, d[sv]!);
    else if (type === 0x00b2 && n === 10) {
      const iccid = bcdText(d, sv, se);
      if (iccid) items.status.iccid = iccid;
    }
  }
}

/** 0xE8 of Jimi JC terminals: an event code (2 bytes), or 0x2003 (battery) and 0x2005 (status sub-items). Three bytes: a lock's state, not read. */
function readE8(d: Buffer, v: number, end: number, items: Items): void {
  const size = end - v;
  if (size < 2 || size === 3) return;
  const type = d.readUInt16BE(v);
  if (type === 0x2003) {
    // Packet length, charging (1), battery in sixths (1-6), battery mV, signal, power.
    if (size < 5) return;
    items.status.charging = d[v + 3] === 1;
    const level = d[v + 4]!;
    if (level >= 1 && level <= 6) items.status.battery = Math.round((level * 100) / 6);
    return;
  }
  if (type === 0x2005) {
    for (let s = v + 3; s + 3 <= end;) {
      const id = d.readUInt16BE(s);
      const sv = s + 3;
      s = sv + d[s + 2]!;
      if (s > end) return;
      if (id === 0x0003 && s - sv === 1) percent(items.status, d[sv]!);
      else if (id === 0x0004 && s - sv === 1) items.status.charging = d[sv] === 0;
      else if (id === 0x0005 && s - sv === 10) {
        const iccid = bcdText(d, sv, s);
        if (iccid) items.status.iccid = iccid.slice(0, 19);
      }
    }
    return;
  }
  if (type === 0x2002) return;
  const known = E8_CODES.get(type);
  if (known) items.events.push(known);
  else if (size === 2) items.events.push({ event: `e8.${HEX4(type)}` });
}

/** 0xFE of more than 4 bytes: 0x7C and sub-items (0x01: an alarm word), or a mark and the battery. */
function readFe(d: Buffer, v: number, end: number, items: Items): void {
  if (d[v] !== 0x7c) return percent(items.status, d[v + 1]!);
  for (let s = v + 1; s + 2 <= end;) {
    const type = d[s]!;
    const sv = s + 2;
    s = sv + d[s + 1]!;
    if (s > end) return;
    if (type === 0x01 && s - sv >= 4) {
      const word = d.readUInt32BE(sv);
      if (word & 1) items.vendor |= V.acceleration;
      if (word & 2) items.vendor |= V.braking;
      if (word & 4) items.vendor |= V.cornering;
      if (word & 8) items.vendor |= V.accident;
      if (word & 16) items.vendor |= V.tampering;
    }
  }
}

/**
 * The additional items of a location (id, length, value); items that do not fit are ignored, not
 * the report. Standard: 0x01 mileage 1/10 km, 0x30 signal (CSQ), 0x31 satellites. Vendors':
 * battery in 0x56 (tenths), 0x68 (1/100 %), 0xD4/0xE1/0xE9/0xFE (%, 0xFF: charging), 0xE3
 * (reserved, %, mV), 0xE4 (charging 0, %), 0xF7 (mV, state 2/3 charging, %), the 0xEB
 * sub-items; alarms in 0xD0, 0xE7, 0xE8, 0xEB and 0xFE.
 */
function readItems(d: Buffer, start: number, end: number, items: Items): void {
  const { status } = items;
  for (let o = start; o + 2 <= end;) {
    const item = d[o]!;
    const size = d[o + 1]!;
    const v = o + 2;
    o = v + size;
    if (o > end) break;
    switch (item) {
      case 0x01:
        if (size === 4) items.mileage = d.readUInt32BE(v) / 10;
        break;
      case 0x30:
        if (size === 1) {
          const signal = bars(d[v]!);
          if (signal !== undefined) status.signal = signal;
        }
        break;
      case 0x31:
        if (size === 1 && d[v]! <= 99) items.satellites = d[v]!;
        break;
      case 0x56:
        if (size === 2 && d[v]! <= 10) status.battery = d[v]! * 10;
        break;
      case 0x68:
        if (size === 2) percent(status, d.readUInt16BE(v) / 100);
        break;
      case 0xd0:
        if (size === 4 && d.readUInt32BE(v) & 8) items.vendor |= V.vibration;
        break;
      case 0xd4:
      case 0xe1:
      case 0xe9:
        if (size === 1) {
          if (d[v] === 0xff) status.charging = true;
          else percent(status, d[v]!);
        }
        break;
      case 0xe3:
        if (size >= 4 && size <= 6 && !printable(d, v, o)) percent(status, d[v + 1]!);
        break;
      case 0xe4:
        if (size === 2) {
          if (d[v]! <= 1) status.charging = d[v] === 0;
          percent(status, d[v + 1]!);
        }
        break;
      case 0xe7:
        if (size === 8) {
          const word = d.readUInt16BE(v);
          if (word & 1) items.vendor |= V.vibration;
          if (word & 0x1e) items.vendor |= V.sos;
        }
        break;
      case 0xe8:
        readE8(d, v, o, items);
        break;
      case 0xeb:
        readEb(d, v, o, items);
        break;
      case 0xf7:
        if (size >= 5) {
          const state = d[v + 4]!;
          if (state === 2 || state === 3) status.charging = true;
          else if (state <= 1) status.charging = false;
          if (size >= 6) percent(status, d[v + 5]!);
        }
        break;
      case 0xfe:
        if (size === 1) percent(status, d[v]!);
        else if (size > 4) readFe(d, v, o, items);
        break;
    }
  }
}

/**
 * One location information body (0x0200, and inside 0x0201 and 0x0704): alarm word, status
 * word (bit 0 ignition, 1 fix valid, 2 south, 3 west, 26 charging), latitude and longitude in
 * 1e-6 degree, altitude m, speed 1/10 km/h, direction, BCD time, then additional items (readItems).
 */
function decodeLocation(d: Buffer, start: number, end: number, session: Session, out: Uplink[]): string {
  if (end - start < 28) throw new ProtocolError(`location of ${end - start} bytes, needs 28`);
  const alarm = d.readUInt32BE(start);
  const flags = d.readUInt32BE(start + 4);
  const lat = d.readUInt32BE(start + 8) / 1e6;
  const lon = d.readUInt32BE(start + 12) / 1e6;
  const ts = readTime(d, start + 22);
  const speed = d.readUInt16BE(start + 18) / 10;
  const heading = d.readUInt16BE(start + 20);

  const status: Status = { kind: 'status' };
  const items: Items = { status, satellites: undefined, mileage: undefined, vendor: 0, events: [] };
  readItems(d, start + 28, end, items);

  const placed = (lat !== 0 || lon !== 0) && lat <= 90 && lon <= 180;
  if (placed) {
    const loc: Location = {
      kind: 'location',
      source: 'gps',
      lat: flags & 4 ? -lat : lat,
      lon: flags & 8 ? -lon : lon,
      alt: d.readInt16BE(start + 16),
      valid: (flags & 2) !== 0,
    };
    if (ts !== undefined) loc.ts = ts;
    if (speed <= 2000) loc.speed = speed;
    if (heading <= 360) loc.heading = heading;
    if (items.satellites !== undefined) loc.satellites = items.satellites;
    out.push(loc);
  }

  const before = (session.state[ALARM_KEY] as number | undefined) ?? 0;
  session.state[ALARM_KEY] = alarm;
  const raised = (alarm & ~before) | (alarm & ONE_SHOT_BITS);
  if (alarm & ~before & POWER_CUT_BIT) status.mainsPower = 0;
  else if (before & ~alarm & POWER_CUT_BIT) status.mainsPower = 1;
  // Status bit 26, charging: told while set, and once when it clears.
  const was = session.state[STATUS_KEY] as number | undefined;
  session.state[STATUS_KEY] = flags;
  if (status.charging === undefined) {
    if (flags & (1 << 26)) status.charging = true;
    else if (was !== undefined && was & (1 << 26)) status.charging = false;
  }
  if (
    status.battery !== undefined ||
    status.signal !== undefined ||
    status.mainsPower !== undefined ||
    status.charging !== undefined ||
    status.iccid !== undefined
  ) {
    if (ts !== undefined) status.ts = ts;
    out.push(status);
  }
  for (let bit = 0; bit < 32; bit++) {
    const h = ALARM_BITS[bit];
    if (h && (raised >>> bit) & 1) out.push(happening(h, ts));
  }
  const vendorBefore = (session.state[VENDOR_KEY] as number | undefined) ?? 0;
  session.state[VENDOR_KEY] = items.vendor;
  const vendorRaised = items.vendor & ~vendorBefore;
  if (vendorRaised)
    for (let bit = 0; bit < VENDOR_BITS.length; bit++)
      if ((vendorRaised >>> bit) & 1) out.push(happening(VENDOR_BITS[bit]!, ts));
  for (const h of items.events) out.push(happening(h, ts));
  // Status bit 0, ignition: an event when it turns on (or is first seen on), and when it turns off.
  const on = (flags & 1) !== 0;
  if (on ? was === undefined || !(was & 1) : was !== undefined && was & 1)
    out.push(happening({ event: on ? 'ignitionOn' : 'ignitionOff' }, ts));

  const signed = `${flags & 4 ? '-' : ''}${lat.toFixed(6)},${flags & 8 ? '-' : ''}${lon.toFixed(6)}`;
  let summary = placed ? ` ${signed}${flags & 2 ? '' : ' invalid'}` : ' no fix';
  if (alarm) summary += ` alarm 0x${alarm.toString(16)}`;
  if (items.mileage !== undefined) summary += ` mileage ${items.mileage} km`;
  return summary;
}

/** A platform general response (0x8001): the message's serial and id, result 0 ok, 1 failure. */
function generalResponse(m: Message, refs: CommandRefs, result: number): Buffer {
  const body = Buffer.allocUnsafe(5);
  body.writeUInt16BE(m.serial, 0);
  body.writeUInt16BE(m.id, 2);
  body[4] = result;
  return buildFrame(0x8001, nextRef(refs, 0x10000), m, body);
}

/** The registration response (0x8100): result 0 with the authentication code, or 4 (terminal not in the database). */
function registrationResponse(m: Message, refs: CommandRefs, verdict: Verdict): Buffer {
  const code = verdict.ok ? encodeGbk(verdict.authCode ?? '') : undefined;
  const body = Buffer.alloc(3 + (code?.length ?? 0));
  body.writeUInt16BE(m.serial, 0);
  body[2] = verdict.ok ? 0 : 4;
  if (code) body.set(code, 3);
  return buildFrame(0x8100, nextRef(refs, 0x10000), m, body);
}

/** The authentication code of 0x0102: the whole body, or (2019) a length-led code followed by IMEI and software version. */
function authCodeOf(b: Body, v2019: boolean): string {
  if (!v2019) return decodeGbk(b.data.subarray(b.start, b.end));
  need(b, 1);
  const size = b.data[b.start]!;
  need(b, 1 + size);
  return decodeGbk(b.data.subarray(b.start + 1, b.start + 1 + size));
}

/** The terminal's answer (0x0001): our serial, our message id, result (0 ok, 1 failed, 2 bad message, 3 not supported). */
const RESULTS = ['ok', 'failed', 'bad message', 'not supported'];

/**
 * The terminal attributes (0x0107, the answer to 0x8107): type, maker, model, terminal id, ICCID
 * (10 bytes BCD), hardware and firmware versions each led by its length. The 2019 edition's model
 * and id are 30 bytes each (20 and 7 before).
 */
function decodeAttributes(b: Body, v2019: boolean, out: Uplink[]): string {
  const at = 2 + 5 + (v2019 ? 30 + 30 : 20 + 7);
  need(b, at + 10);
  const d = b.data;
  const status: Status = { kind: 'status' };
  const iccid = bcdText(d, b.start + at, b.start + at + 10);
  if (iccid) status.iccid = iccid;
  let o = b.start + at + 10;
  const text = (): string | undefined => {
    if (o >= b.end) return undefined;
    const size = d[o]!;
    const end = o + 1 + size;
    if (end > b.end) return undefined;
    const value = decodeGbk(d.subarray(o + 1, end))
      .replace(/\0+$/, '')
      .trim();
    o = end;
    return value && !isBadText(value) ? value.slice(0, 64) : undefined;
  };
  const hardware = text();
  const firmware = text();
  if (hardware) status.systemVersion = hardware;
  if (firmware) status.appVersion = firmware;
  if (Object.keys(status).length > 1) out.push(status);
  return `attributes${iccid ? ` iccid ${iccid}` : ''}${firmware ? ` firmware ${firmware}` : ''}`;
}

/** The time sync answer (0x8109, a vendor message Traccar answers): UTC year (2 bytes), month, day, hour, minute, second, result 0. */
function timeAnswer(m: Message, refs: CommandRefs, now: number): Buffer {
  const t = new Date(now);
  const body = Buffer.alloc(8);
  body.writeUInt16BE(t.getUTCFullYear(), 0);
  body[2] = t.getUTCMonth() + 1;
  body[3] = t.getUTCDate();
  body[4] = t.getUTCHours();
  body[5] = t.getUTCMinutes();
  body[6] = t.getUTCSeconds();
  return buildFrame(0x8109, nextRef(refs, 0x10000), m, body);
}

/** `out` with the frame's identifier, its other forms and its irregularities. */
function named(imei: string, ids: string[], m: Message, out: Decoded): Decoded {
  out.imei = imei;
  if (ids.length > 1) out.imeiCandidates = ids;
  if (m.irregular) out.irregular = m.irregular;
  return out;
}

export function decodeJt808(frame: Buffer, session: Session, now = 0): Decoded {
  const m = parseFrame(frame);
  const refs = commandRefs(session, REFS_KEY);
  let held = session.state[TERMINAL_KEY] as Held | undefined;
  if (!held || held.version !== m.version || held.flag !== m.flag || !held.phone.equals(m.phone)) {
    held = { phone: Buffer.from(m.phone), version: m.version, ids: terminalIds(m.phone) };
    if (m.flag !== undefined) held.flag = m.flag;
    session.state[TERMINAL_KEY] = held;
  }
  const ids = held.ids;
  // A bound connection is named by the form its device is registered under (one of the frame's).
  const imei = session.imei !== undefined && ids.includes(session.imei) ? session.imei : ids[0]!;
  const b: Body = { data: m.data, start: m.bodyStart, end: m.bodyEnd, id: m.id };
  const uplinks: Uplink[] = [];
  const name = `0x${HEX4(m.id)}`;
  if (m.packets)
    return named(imei, ids, m, {
      uplinks,
      reply: generalResponse(m, refs, 0),
      summary: `${name} packet ${m.packets.index}/${m.packets.total}`,
    });

  switch (m.id) {
    case 0x0100:
      return named(imei, ids, m, {
        login: 'register',
        uplinks,
        answer: (v) => registrationResponse(m, refs, v),
        summary: `register ${imei}`,
      });
    case 0x0102: {
      const authCode = authCodeOf(b, m.version !== undefined);
      return named(imei, ids, m, {
        login: 'authenticate',
        authCode,
        uplinks,
        answer: (v) => generalResponse(m, refs, v.ok ? 0 : 1),
        summary: `authenticate ${imei}`,
      });
    }
    case 0x0002: {
      // A bare heartbeat, or (vendors, as Traccar reads them) battery %, signal (CSQ), status.
      let summary = 'heartbeat';
      if (b.end - b.start >= 3) {
        const status: Status = { kind: 'status' };
        percent(status, b.data[b.start]!);
        const signal = bars(b.data[b.start + 1]!);
        if (signal !== undefined) status.signal = signal;
        if (status.battery !== undefined || status.signal !== undefined) {
          uplinks.push(status);
          summary += ` battery ${status.battery ?? '?'} signal ${status.signal ?? '?'}`;
        }
      }
      return named(imei, ids, m, { uplinks, reply: generalResponse(m, refs, 0), summary });
    }
    case 0x0003:
      return named(imei, ids, m, { uplinks, reply: generalResponse(m, refs, 0), summary: 'logout' });
    case 0x0107: {
      const summary = decodeAttributes(b, m.version !== undefined, uplinks);
      return named(imei, ids, m, { uplinks, reply: generalResponse(m, refs, 0), summary });
    }
    case 0x0109:
      return named(imei, ids, m, { uplinks, reply: timeAnswer(m, refs, now), summary: 'time sync request' });
    case 0x0200: {
      const summary = decodeLocation(b.data, b.start, b.end, session, uplinks);
      return named(imei, ids, m, { uplinks, reply: generalResponse(m, refs, 0), summary: `location${summary}` });
    }
    case 0x0201: {
      // The answer to a location query (0x8201): our serial, then a location.
      need(b, 2);
      const summary = decodeLocation(b.data, b.start + 2, b.end, session, uplinks);
      const ref = take(refs, b.data.readUInt16BE(b.start));
      if (ref !== undefined) uplinks.push({ kind: 'ack', ref, ok: true });
      return named(imei, ids, m, { uplinks, summary: `location answer${summary}` });
    }
    case 0x0704: {
      // Count, type (0 regular, 1 sent late from the blind area), then each location led by its length.
      need(b, 3);
      const count = b.data.readUInt16BE(b.start);
      let o = b.start + 3;
      for (let i = 0; i < count; i++) {
        if (o + 2 > b.end) throw new ProtocolError(`0x0704: location ${i + 1} of ${count} missing`);
        const end = o + 2 + b.data.readUInt16BE(o);
        if (end > b.end) throw new ProtocolError(`0x0704: location ${i + 1} past the body`);
        decodeLocation(b.data, o + 2, end, session, uplinks);
        o = end;
      }
      return named(imei, ids, m, { uplinks, reply: generalResponse(m, refs, 0), summary: `${count} locations` });
    }
    case 0x0001: {
      need(b, 5);
      const serial = b.data.readUInt16BE(b.start);
      const code = b.data[b.start + 4]!;
      const ref = take(refs, serial);
      const msg = RESULTS[code] ?? `result ${code}`;
      if (ref !== undefined) uplinks.push({ kind: 'ack', ref, ok: code === 0, msg });
      return named(imei, ids, m, {
        uplinks,
        summary: `answer to 0x${HEX4(b.data.readUInt16BE(b.start + 2))} #${serial}: ${msg}`,
      });
    }
    default:
      // Acknowledged so the terminal does not resend it, not read.
      return named(imei, ids, m, { uplinks, reply: generalResponse(m, refs, 0), summary: `${name} not decoded` });
  }
}
