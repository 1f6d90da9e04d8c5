/**
 * The body of the watch's position reports (UD, UD2, UD_LTE, UD_WCDMA, WT) and alarms (AL,
 * ALCUSTOMER...): `ddMMyy,HHmmss,A|V,lat,N|S,lon,E|W,speed km/h,course,altitude,satellites,
 * GSM signal %,battery %,steps,tumbles,status hex`, then the cells and the Wi-Fi heard.
 */
import type { AlarmEvent, Cell, Uplink, WifiAp } from '../../../shared/devices/protocol';
import { ProtocolError } from '../types';

type Location = Extract<Uplink, { kind: 'location' }>;

export interface WatchPosition {
  location?: Location;
  /** Battery % and GSM signal in bars. */
  battery?: number;
  signal?: number;
  steps?: number;
  /** The terminal status word (alarm bits in the high half). */
  status: number;
  ts: number;
}

const MAX_CELLS = 16;
const MAX_WIFI = 32;
const INT_RE = /^-?\d+$/;
const NUM_RE = /^-?\d+(\.\d*)?$/;
const HEX_RE = /^[0-9A-Fa-f]{1,8}$/;
const MAC_RE = /^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/;

function num(s: string | undefined, what: string): number {
  const t = s?.trim() ?? '';
  if (!NUM_RE.test(t)) throw new ProtocolError(`bad ${what}: ${s ?? 'missing'}`);
  return Number(t);
}

/** A coordinate with its hemisphere: S and W make it negative (some watches sign it themselves and send N or E). */
function coordinate(value: string | undefined, hemisphere: string | undefined, negative: string, what: string): number {
  const v = num(value, what);
  return hemisphere === negative ? -Math.abs(v) : v;
}

/** Six digits (ddMMyy, HHmmss) as three numbers into `out`; false when they are not six digits. */
function sixDigits(s: string | undefined, out: number[]): boolean {
  if (s === undefined || s.length !== 6) return false;
  for (let i = 0; i < 6; i += 2) {
    const a = s.charCodeAt(i) - 48;
    const b = s.charCodeAt(i + 1) - 48;
    if (a < 0 || a > 9 || b < 0 || b > 9) return false;
    out[i / 2] = a * 10 + b;
  }
  return true;
}

const dateParts = [0, 0, 0];
const clockParts = [0, 0, 0];

/** ddMMyy HHmmss UTC; a date the watch has not set yet (000000) reads as the receive time. */
function time(date: string | undefined, clock: string | undefined, now: number): number {
  if (!sixDigits(date, dateParts) || !sixDigits(clock, clockParts))
    throw new ProtocolError(`bad date ${date ?? ''} ${clock ?? ''}`);
  const [day, month, year] = dateParts as [number, number, number];
  const [hour, minute, second] = clockParts as [number, number, number];
  const ms = Date.UTC(2000 + year, month - 1, day, hour, minute, second);
  const valid =
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    new Date(ms).getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60;
  return valid ? ms : now;
}

/** GSM signal 0-100 % as bars 0-4. */
const bars = (percent: number) => (percent <= 0 ? 0 : Math.min(4, Math.ceil(percent / 25)));

/** A cell id, decimal or (when it holds a letter) hex, as Traccar reads it. */
function cellNumber(s: string | undefined): number {
  if (s === undefined || !/^[0-9A-Fa-f]{1,10}$/.test(s)) return NaN;
  return parseInt(s, /[A-Fa-f]/.test(s) ? 16 : 10);
}

/** A signal in dBm when the watch gives one (several send a 0-255 level instead, dropped). */
function dbm(s: string | undefined): number | undefined {
  if (s === undefined || !INT_RE.test(s)) return undefined;
  const v = Number(s);
  return v < 0 && v >= -200 ? v : undefined;
}

/**
 * Cells (count, timing advance, MCC, MNC, then LAC, CID, signal each) and Wi-Fi (count, then
 * name, MAC, signal each). A malformed entry ends the list: the fix before it still counts.
 * Like Traccar, cells whose MNC holds a hex letter are a layout this parser does not know.
 */
function network(values: string[]): { cells: Cell[]; wifi: WifiAp[] } {
  const cells: Cell[] = [];
  const wifi: WifiAp[] = [];
  let i = 0;
  const cellCount = Number(values[i++]);
  if (!Number.isInteger(cellCount) || cellCount < 0) return { cells, wifi };
  if (cellCount > 0) {
    if (/[A-Fa-f]/.test(values[i + 2] ?? '')) return { cells, wifi };
    i++; // timing advance
    const mcc = Number(values[i++] || 0);
    const mnc = Number(values[i++] || 0);
    for (let c = 0; c < cellCount; c++, i += 3) {
      if (i + 2 >= values.length) return { cells, wifi };
      const lac = cellNumber(values[i]);
      const cid = cellNumber(values[i + 1]);
      const fits =
        Number.isInteger(mcc) &&
        mcc >= 0 &&
        mcc <= 999 &&
        Number.isInteger(mnc) &&
        mnc >= 0 &&
        mnc <= 999 &&
        lac >= 0 &&
        lac <= 0xffffffff &&
        cid >= 0 &&
        cid <= 0xffffffffff;
      if (!fits) continue;
      const signal = dbm(values[i + 2]);
      if (cells.length < MAX_CELLS)
        cells.push(signal === undefined ? { mcc, mnc, lac, cid } : { mcc, mnc, lac, cid, signal });
    }
  }
  const wifiCount = Number(values[i++]);
  if (!Number.isInteger(wifiCount) || wifiCount <= 0) return { cells, wifi };
  for (let w = 0; w < wifiCount && i < values.length; w++, i += 3) {
    const mac = values[i + 1]?.toLowerCase() ?? '';
    const signal = dbm(values[i + 2]);
    if (MAC_RE.test(mac) && wifi.length < MAX_WIFI) wifi.push(signal === undefined ? { mac } : { mac, signal });
  }
  return { cells, wifi };
}

/** The body after the message type (`body` split on ','). */
export function parsePosition(values: string[], now: number): WatchPosition {
  if (values.length < 16) throw new ProtocolError(`position with ${values.length} fields`);
  const ts = time(values[0], values[1], now);
  const fix = values[2];
  if (fix !== 'A' && fix !== 'V') throw new ProtocolError(`bad fix flag ${fix ?? ''}`);
  const lat = coordinate(values[3], values[4], 'S', 'latitude');
  const lon = coordinate(values[5], values[6], 'W', 'longitude');
  const speed = num(values[7], 'speed');
  const course = num(values[8], 'course');
  const alt = num(values[9], 'altitude');
  const satellites = num(values[10], 'satellites');
  const rssi = num(values[11], 'signal');
  const battery = num(values[12], 'battery');
  const steps = num(values[13], 'steps');
  const status = values[15] ?? '';
  if (!HEX_RE.test(status)) throw new ProtocolError(`bad status ${status}`);
  const { cells, wifi } = network(values.slice(16));

  const valid = fix === 'A';
  // A watch without a fix sends 0,0 (or its last fix, flagged V: kept, the gateway weighs it).
  const hasCoords = (lat !== 0 || lon !== 0) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180;
  let location: Location | undefined;
  if (hasCoords || cells.length || wifi.length) {
    // Built field by field (a report a second from every watch: no spread objects).
    location = { kind: 'location', ts, source: hasCoords ? 'gps' : wifi.length ? 'wifi' : 'lbs' };
    if (hasCoords) {
      location.lat = lat;
      location.lon = lon;
      location.valid = valid;
      if (speed >= 0 && speed <= 2000) location.speed = speed;
      if (course >= 0 && course <= 360) location.heading = course;
      if (valid) location.alt = alt;
    }
    if (Number.isInteger(satellites) && satellites >= 0 && satellites <= 99) location.satellites = satellites;
    if (cells.length) location.cells = cells;
    if (wifi.length) location.wifi = wifi;
  }
  const out: WatchPosition = { status: parseInt(status, 16), ts };
  if (location) out.location = location;
  if (battery >= 0 && battery <= 100) out.battery = battery;
  if (rssi >= 0) out.signal = bars(rssi);
  if (Number.isInteger(steps) && steps >= 0) out.steps = steps;
  return out;
}

/** An alarm the status word raises: one of ours, or a named watch event. */
export type WatchAlarm = { alarm: AlarmEvent } | { event: string };

/**
 * The status word's alarm bits, as Traccar reads them (docs/protocols.md): the high half
 * carries the alarms (16 SOS, 17 low battery, 18/19 fence out/in, 20 taken off, 21/22 fall), the
 * low half the states (0 low battery, 1/2 fence out/in, 14 power cut). Each is raised once.
 */
const BITS: [number, WatchAlarm][] = [
  [16, { alarm: 'sos' }],
  [21, { alarm: 'fall' }],
  [22, { alarm: 'fall' }],
  [20, { alarm: 'wearOff' }],
  [17, { alarm: 'lowBattery' }],
  [0, { alarm: 'lowBattery' }],
  [18, { event: 'watch.geofenceExit' }],
  [1, { event: 'watch.geofenceExit' }],
  [19, { event: 'watch.geofenceEnter' }],
  [2, { event: 'watch.geofenceEnter' }],
  [14, { event: 'watch.powerCut' }],
];

/** Every bit BITS reads. */
const ALARM_MASK = BITS.reduce((m, [bit]) => m | (1 << bit), 0);

export function statusAlarms(status: number): WatchAlarm[] {
  const out: WatchAlarm[] = [];
  if ((status & ALARM_MASK) === 0) return out;
  const seen = new Set<string>();
  for (const [bit, alarm] of BITS) {
    const key = 'alarm' in alarm ? alarm.alarm : alarm.event;
    if ((status >>> bit) & 1 && !seen.has(key)) {
      seen.add(key);
      out.push(alarm);
    }
  }
  return out;
}
