/**
 * JT/T 808 additional items of a location (split from decode.ts): the vendor alarm bits, the
 * 0xE8 event codes, the 0xEB, 0xE8 and 0xFE item readers and readItems over all items.
 */
import { bars, bcdText, HEX4, percent, printable, type Happening, type Status } from './fields';

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
export const VENDOR_BITS: readonly Happening[] = [
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

/** What a location's additional items carried. */
export interface Items {
  status: Status;
  satellites: number | undefined;
  mileage: number | undefined;
  /** VENDOR_BITS set by the items. */
  vendor: number;
  /** Events each report carrying them raises (0xE8). */
  events: Happening[];
}

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
export function readItems(d: Buffer, start: number, end: number, items: Items): void {
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
