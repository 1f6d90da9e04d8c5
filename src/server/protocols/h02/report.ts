/**
 * H02 reports (split from decode.ts): the status word's alarms, times and coordinates, cells,
 * the position block of text reports, and the uplinks and summary of a report.
 */
import type { AlarmEvent, Cell, Uplink } from '../../../shared/devices/protocol';
import type { Session } from '../types';

export const KNOT_KMH = 1.852;
export const ID_RE = /^\d{6,20}$/;
export const TYPE_RE = /^[A-Za-z0-9_]{0,16}$/;
export const HEX8_RE = /^[0-9A-Fa-f]{8}$/;
export const DIGITS6_RE = /^\d{6}$/;
/** Cells a location may carry (uplinkSchema). */
export const MAX_CELLS = 16;

/** Per-connection state the codec keeps in Session.state. */
interface H02State {
  /** The status word of the connection's last report: a report raises the alarm bits it sets anew. */
  status?: number;
}

const h02State = (session: Session) => session.state as H02State;

type Happening = { alarm: AlarmEvent } | { event: string };

/**
 * The status word's alarm bits, active low, as Traccar's processStatus reads them. Traccar keeps
 * one per report (the first of vibration, SOS, overspeed, power cut); each is raised here, so a
 * vibration never hides an SOS.
 */
const STATUS_ALARMS: readonly { bits: number[]; what: Happening }[] = [
  { bits: [1, 18], what: { alarm: 'sos' } },
  { bits: [19], what: { alarm: 'powerLoss' } },
  { bits: [0], what: { event: 'h02.vibration' } },
  { bits: [2], what: { event: 'h02.overspeed' } },
];

/** The alarms of the bits `status` clears that `previous` did not (the first report: all it clears). */
function statusAlarms(status: number, previous: number | undefined, ts: number): Uplink[] {
  const active = ~status >>> 0;
  const before = previous === undefined ? 0 : ~previous >>> 0;
  const fresh = (active & ~before) >>> 0;
  const out: Uplink[] = [];
  for (const { bits, what } of STATUS_ALARMS) {
    if (!bits.some((b) => (fresh >>> b) & 1)) continue;
    out.push('alarm' in what ? { kind: 'alarm', ts, alarm: what.alarm } : { kind: 'event', ts, name: what.event });
  }
  return out;
}

/** Applies a report's status word: its new alarms, remembered for the next report. */
export function withStatus(session: Session, status: number | undefined, ts: number, out: Uplink[]): void {
  if (status === undefined) return;
  const state = h02State(session);
  out.push(...statusAlarms(status, state.status, ts));
  state.status = status;
}

/** UTC ms of DDMMYY and HHMMSS; `now` when the date is missing or does not read. */
export function timeOf(date: string | undefined, time: string | undefined, now: number): number {
  if (!date || !DIGITS6_RE.test(date)) return now;
  const day = Number(date.slice(0, 2));
  const month = Number(date.slice(2, 4));
  const year = 2000 + Number(date.slice(4, 6));
  let h = 0;
  let m = 0;
  let s = 0;
  if (time && DIGITS6_RE.test(time)) {
    h = Number(time.slice(0, 2));
    m = Number(time.slice(2, 4));
    s = Number(time.slice(4, 6));
  }
  if (day < 1 || day > 31 || month < 1 || month > 12 || h > 23 || m > 59 || s > 59) return now;
  return Date.UTC(year, month - 1, day, h, m, s);
}

/** yyyyMMddHHmmss of a UTC time (Traccar's V4 answers). */
export function stamp(now: number): string {
  return new Date(now).toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

/**
 * A coordinate in the forms Traccar reads: DDMM.MMMM (DDDMM.MMMM), `-DD-MM.MMMM`, and
 * DDMMMMMM (minutes without the point, four decimals); undefined when it reads as none.
 */
export function coordinate(value: string | undefined, hemisphere: string | undefined, max: number): number | undefined {
  const v = value?.trim() ?? '';
  let deg: number;
  let min: number;
  let m: RegExpExecArray | null;
  if ((m = /^-(\d+)-(\d+\.\d+)$/.exec(v))) {
    deg = Number(m[1]);
    min = Number(m[2]);
  } else if ((m = /^(\d+)(\d\d\.\d+)$/.exec(v))) {
    deg = Number(m[1]);
    min = Number(m[2]);
  } else if ((m = /^(\d+)(\d\d)(\d{4})$/.exec(v))) {
    deg = Number(m[1]);
    min = Number(`${m[2]}.${m[3]}`);
  } else return undefined;
  if (min >= 60) return undefined;
  const abs = deg + min / 60;
  if (abs > max) return undefined;
  if (hemisphere === 'S' || hemisphere === 'W') return -abs;
  if (hemisphere === 'N' || hemisphere === 'E') return abs;
  return undefined;
}

export const number = (s: string | undefined): number | undefined => {
  const t = s?.trim() ?? '';
  return /^\d+(\.\d+)?$/.test(t) ? Number(t) : undefined;
};

/** A cell signal: kept when it is negative dBm. */
export const dbm = (s: string | undefined): number | undefined => {
  const v = Number(s?.trim());
  return s?.trim() && Number.isInteger(v) && v < 0 && v >= -200 ? v : undefined;
};

export function cell(mcc: number, mnc: number, lac: number, cid: number, signal?: number): Cell | undefined {
  if (![mcc, mnc, lac, cid].every(Number.isInteger)) return undefined;
  if (mcc < 1 || mcc > 999 || mnc < 0 || mnc > 999 || lac < 0 || lac > 0xffffffff || cid <= 0 || cid > 0xffffffffff)
    return undefined;
  const c: Cell = { mcc, mnc, lac, cid };
  if (signal !== undefined) c.signal = signal;
  return c;
}

/**
 * The serving cell some V1 reports put after the status word, when its MCC reads as one: in
 * decimal (`246,03,00002,41565`), or all four in hex (`25c,a, 154,b04c`,
 * `000106,000002,000203,004c87`). Other tails (Traccar's odometer form, LTE cells whose order is
 * not known) carry none.
 */
function tailCell(tail: string[]): Cell | undefined {
  if (tail.length < 4 || tail.length > 5) return undefined;
  const [a, b, c, d] = tail.map((t) => t.trim());
  const dec = /^\d+$/;
  const hex = /^[0-9A-Fa-f]+$/;
  if (!a || !b || !c || !d) return undefined;
  if ([a, b, c, d].every((t) => dec.test(t)) && Number(a) >= 200 && Number(a) < 800 && a.length <= 3)
    return cell(Number(a), Number(b), Number(c), Number(d));
  if ([a, b, c, d].every((t) => hex.test(t))) {
    const mcc = parseInt(a, 16);
    if (mcc >= 200 && mcc < 800) return cell(mcc, parseInt(b, 16), parseInt(c, 16), parseInt(d, 16));
  }
  return undefined;
}

export type Location = Extract<Uplink, { kind: 'location' }>;

interface Report {
  location?: Location;
  status?: number;
  ts: number;
  iccid?: string;
  altitude?: number;
}

/**
 * The position block of a text report from field `p`: time, validity (A, V; a digit is a coding
 * scheme and means valid, as Traccar reads it), latitude and hemisphere, longitude and
 * hemisphere, speed (knots), course, [battery], date, [three SIM fields (V19)], status, tail.
 * Coordinates that do not read (a tracker without a fix sends them empty or zero) are no fix.
 */
export function positionAt(f: string[], p: number, now: number): Report {
  const lat = coordinate(f[p + 2], f[p + 3], 90);
  const lon = coordinate(f[p + 4], f[p + 5], 180);
  const validity = f[p + 1]?.trim() ?? '';
  const valid = validity === 'A' || /^\d+$/.test(validity);
  let i = p + 8;
  if (!DIGITS6_RE.test(f[i] ?? '') && /^\d{1,3}$/.test(f[i] ?? '') && DIGITS6_RE.test(f[i + 1] ?? '')) i++; // battery
  const date = f[i];
  const ts = timeOf(date, f[p], now);
  i++;
  let status: number | undefined;
  let iccid: string | undefined;
  // The status word, straight after the date or after the SIM fields of V19 (empty, IP, ICCID).
  for (let k = i; k < Math.min(f.length, i + 4); k++) {
    if (HEX8_RE.test(f[k]!)) {
      status = parseInt(f[k]!, 16);
      if (k > i) {
        const sim = f.slice(i, k).find((s) => /^89\d{16,18}[0-9A-Fa-f?]?$/.test(s));
        if (sim) iccid = sim.replace(/\?$/, '');
      }
      i = k + 1;
      break;
    }
  }
  const tail = status === undefined ? [] : f.slice(i);
  const out: Report = { ts, status };
  if (iccid) out.iccid = iccid;
  const location: Location = { kind: 'location', ts, source: 'gps', valid };
  if (lat !== undefined && lon !== undefined && !(lat === 0 && lon === 0)) {
    location.lat = Math.round(lat * 1e6) / 1e6;
    location.lon = Math.round(lon * 1e6) / 1e6;
    const knots = number(f[p + 6]);
    if (knots !== undefined && knots * KNOT_KMH <= 2000) location.speed = Math.round(knots * KNOT_KMH * 100) / 100;
    const course = number(f[p + 7]);
    if (course !== undefined && course <= 360) location.heading = course;
  }
  // Traccar's odometer form: odometer, temperature, fuel, altitude, LAC, CID (no MCC: no cell of ours).
  if (tail.length === 6 && /^-?\d+$/.test(tail[3]!.trim())) {
    const alt = Number(tail[3]!.trim());
    if (Math.abs(alt) < 100_000) out.altitude = alt;
  } else {
    const c = tailCell(tail);
    if (c) location.cells = [c];
  }
  if (out.altitude !== undefined && location.lat !== undefined) location.alt = out.altitude;
  if (location.lat !== undefined) out.location = location;
  else if (location.cells) {
    location.source = 'lbs';
    delete location.valid;
    out.location = location;
  }
  return out;
}

/** Where the position block starts among `f` from `from`: its hemisphere fields say where. */
export function positionStart(f: string[], from: number): number {
  for (let p = from; p + 5 < f.length; p++) {
    const ns = f[p + 3];
    const ew = f[p + 5];
    if ((ns === 'N' || ns === 'S') && (ew === 'E' || ew === 'W') && /^(\d{6})?$/.test(f[p]!)) return p;
  }
  return -1;
}

export function describe(uplinks: Uplink[]): string {
  let out = '';
  for (const u of uplinks) {
    if (u.kind === 'location') {
      out +=
        u.lat !== undefined ? ` ${u.valid === false ? 'V' : 'A'} ${u.lat},${u.lon}` : ` cells=${u.cells?.length ?? 0}`;
    } else if (u.kind === 'alarm') out += ` alarm ${u.alarm}`;
    else if (u.kind === 'event') out += ` event ${u.name}`;
    else if (u.kind === 'status' && u.battery !== undefined) out += ` battery ${u.battery}`;
    else if (u.kind === 'ack') out += ` ack ${u.ref} ${u.ok ? 'ok' : 'failed'}`;
  }
  return out;
}

/** The uplinks of a report: its location, status values, and the alarms of its status word. */
export function reportUplinks(session: Session, r: Report): Uplink[] {
  const out: Uplink[] = [];
  if (r.location) out.push(r.location);
  if (r.iccid) out.push({ kind: 'status', ts: r.ts, iccid: r.iccid });
  withStatus(session, r.status, r.ts, out);
  return out;
}

export const statusText = (status: number | undefined) =>
  status === undefined ? '' : ` status=${status.toString(16).toUpperCase().padStart(8, '0')}`;
