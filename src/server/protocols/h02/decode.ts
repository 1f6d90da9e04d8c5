/**
 * Decoding of H02 messages (docs/protocols.md#h02), after Traccar's H02ProtocolDecoder and the
 * frames of its tests: text reports `*XX,<id>,<type>,...#` and the binary `$` position report.
 * Every frame names the device (no login message): the first one binds the connection.
 */
import type { AlarmEvent, Cell, Uplink } from '../../../shared/devices/protocol';
import { BINARY_LONG_ID, binaryLayout } from '../../../shared/protocols/h02/frame';
import { type Decoded, ProtocolError, type Session } from '../types';
import { takeAnswer, takeLocate } from './commands';

const KNOT_KMH = 1.852;
const ID_RE = /^\d{6,20}$/;
const TYPE_RE = /^[A-Za-z0-9_]{0,16}$/;
const HEX8_RE = /^[0-9A-Fa-f]{8}$/;
const DIGITS6_RE = /^\d{6}$/;
/** Cells a location may carry (uplinkSchema). */
const MAX_CELLS = 16;

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
function withStatus(session: Session, status: number | undefined, ts: number, out: Uplink[]): void {
  if (status === undefined) return;
  const state = h02State(session);
  out.push(...statusAlarms(status, state.status, ts));
  state.status = status;
}

/** UTC ms of DDMMYY and HHMMSS; `now` when the date is missing or does not read. */
function timeOf(date: string | undefined, time: string | undefined, now: number): number {
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
function stamp(now: number): string {
  return new Date(now).toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

/**
 * A coordinate in the forms Traccar reads: DDMM.MMMM (DDDMM.MMMM), `-DD-MM.MMMM`, and
 * DDMMMMMM (minutes without the point, four decimals); undefined when it reads as none.
 */
function coordinate(value: string | undefined, hemisphere: string | undefined, max: number): number | undefined {
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

const number = (s: string | undefined): number | undefined => {
  const t = s?.trim() ?? '';
  return /^\d+(\.\d+)?$/.test(t) ? Number(t) : undefined;
};

/** A cell signal: kept when it is negative dBm. */
const dbm = (s: string | undefined): number | undefined => {
  const v = Number(s?.trim());
  return s?.trim() && Number.isInteger(v) && v < 0 && v >= -200 ? v : undefined;
};

function cell(mcc: number, mnc: number, lac: number, cid: number, signal?: number): Cell | undefined {
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

type Location = Extract<Uplink, { kind: 'location' }>;

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
function positionAt(f: string[], p: number, now: number): Report {
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
function positionStart(f: string[], from: number): number {
  for (let p = from; p + 5 < f.length; p++) {
    const ns = f[p + 3];
    const ew = f[p + 5];
    if ((ns === 'N' || ns === 'S') && (ew === 'E' || ew === 'W') && /^(\d{6})?$/.test(f[p]!)) return p;
  }
  return -1;
}

function describe(uplinks: Uplink[]): string {
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
function reportUplinks(session: Session, r: Report): Uplink[] {
  const out: Uplink[] = [];
  if (r.location) out.push(r.location);
  if (r.iccid) out.push({ kind: 'status', ts: r.ts, iccid: r.iccid });
  withStatus(session, r.status, r.ts, out);
  return out;
}

const statusText = (status: number | undefined) =>
  status === undefined ? '' : ` status=${status.toString(16).toUpperCase().padStart(8, '0')}`;

type Body = Omit<Decoded, 'imei'>;

/** V1, V2, V5, V19, VI1 ...: a position report. V1 is answered `*HQ,<id>,V4,V1,<yyyyMMddHHmmss>#` as Traccar does. */
function position(f: string[], type: string, session: Session, now: number): Body {
  const r = positionAt(f, 3, now);
  const uplinks = reportUplinks(session, r);
  // A position after a position request (R1) is its answer when the device sends no V4.
  const locate = takeLocate(session);
  if (locate !== undefined) uplinks.push({ kind: 'ack', ts: now, ref: locate, ok: true, msg: `${type} position` });
  const body: Body = { uplinks, summary: `${type}${describe(uplinks)}${statusText(r.status)}` };
  if (type === 'V1' && f[1]) body.reply = Buffer.from(`*HQ,${f[1]},V4,V1,${stamp(now)}#`, 'latin1');
  return body;
}

/**
 * V4: the device's answer to a command, `V4,<word>,<result...>,<the command's HHMMSS>,` then a
 * position report. The answer becomes the `ack` of the command it names.
 */
function answer(f: string[], session: Session, now: number): Body {
  const p = positionStart(f, 4);
  const response = p < 0 ? f.slice(3) : f.slice(3, p);
  const word = (response[0] ?? '').trim();
  const rest = response.slice(1);
  const sentAt = rest.length && DIGITS6_RE.test(rest[rest.length - 1]!) ? rest[rest.length - 1] : undefined;
  const result = sentAt ? rest.slice(0, -1) : rest;
  const failed = result.some((r) => /error|fail/i.test(r));
  const uplinks: Uplink[] = [];
  let status: number | undefined;
  if (p >= 0) {
    const r = positionAt(f, p, now);
    status = r.status;
    uplinks.push(...reportUplinks(session, r));
  }
  const ref = takeAnswer(session, word, sentAt);
  if (ref !== undefined) {
    const msg = result.join(',').slice(0, 200);
    const ack: Uplink = { kind: 'ack', ts: now, ref, ok: !failed };
    if (msg) ack.msg = msg;
    uplinks.push(ack);
  }
  return { uplinks, summary: `V4 ${response.join(',')}${describe(uplinks)}${statusText(status)}` };
}

/** NBR: the cells heard (LAC, CID, signal each) under one MCC and MNC, then date and status. Answered `V4,NBR` as Traccar does. */
function neighbours(f: string[], session: Session, now: number): Body {
  const mcc = Number(f[4]);
  const mnc = Number(f[5]);
  const count = Number(f[7]);
  let k = Number.isInteger(count) ? 8 + count * 3 : -1;
  const fits = (i: number) => i >= 8 && DIGITS6_RE.test(f[i] ?? '') && HEX8_RE.test(f[i + 1] ?? '');
  if (!fits(k)) {
    k = -1;
    for (let i = 8; i + 1 < f.length; i += 3)
      if (fits(i)) {
        k = i;
        break;
      }
  }
  if (k < 0) throw new ProtocolError('NBR without its date and status');
  const cells: Cell[] = [];
  for (let i = 8; i + 2 < k && cells.length < MAX_CELLS; i += 3) {
    const c = cell(mcc, mnc, Number(f[i]), Number(f[i + 1]), dbm(f[i + 2]));
    if (c) cells.push(c);
  }
  const ts = timeOf(f[k], f[3], now);
  const status = parseInt(f[k + 1]!, 16);
  const uplinks: Uplink[] = [];
  if (cells.length) uplinks.push({ kind: 'location', ts, source: 'lbs', cells });
  withStatus(session, status, ts, uplinks);
  return {
    uplinks,
    reply: Buffer.from(`*HQ,${f[1]},V4,NBR,${stamp(now)}#`, 'latin1'),
    summary: `NBR cells=${cells.length}${describe(uplinks.filter((u) => u.kind !== 'location'))}${statusText(status)}`,
  };
}

/** LINK: time, signal, satellites, battery %, steps, turnovers, date, status. Unanswered. */
function link(f: string[], session: Session, now: number): Body {
  if (f.length < 11 || !HEX8_RE.test(f[10]!)) throw new ProtocolError('LINK without its fields');
  const ts = timeOf(f[9], f[3], now);
  const battery = number(f[6]);
  const steps = number(f[7]);
  const uplinks: Uplink[] = [];
  if (battery !== undefined && battery <= 100) uplinks.push({ kind: 'status', ts, battery });
  if (steps !== undefined && Number.isInteger(steps)) uplinks.push({ kind: 'telemetry', ts, values: { steps } });
  const status = parseInt(f[10]!, 16);
  withStatus(session, status, ts, uplinks);
  return {
    uplinks,
    summary: `LINK signal=${f[4]} satellites=${f[5]} steps=${f[7]}${describe(uplinks)}${statusText(status)}`,
  };
}

/**
 * V3: MCC and MNC in one field (`28403`), the count, then LAC, CID, a level and a signal per
 * cell, the battery (hex, not a percentage: the summary only), a reboot count, `X`, date, status.
 */
function v3(f: string[], session: Session, now: number): Body {
  const x = f.lastIndexOf('X');
  if (x < 8 || !HEX8_RE.test(f[x + 2] ?? '') || !/^\d{4,6}$/.test(f[4] ?? ''))
    throw new ProtocolError('V3 without its fields');
  const mcc = Number(f[4]!.slice(0, 3));
  const mnc = Number(f[4]!.slice(3));
  const count = Number(f[5]);
  const cells: Cell[] = [];
  for (let i = 0; i < count && 6 + i * 4 + 1 < x - 2 && cells.length < MAX_CELLS; i++) {
    const at = 6 + i * 4;
    const c = cell(mcc, mnc, Number(f[at]), Number(f[at + 1]), dbm(f[at + 3]));
    if (c) cells.push(c);
  }
  const ts = timeOf(f[x + 1], f[3], now);
  const status = parseInt(f[x + 2]!, 16);
  const uplinks: Uplink[] = [];
  if (cells.length) uplinks.push({ kind: 'location', ts, source: 'lbs', cells });
  withStatus(session, status, ts, uplinks);
  return {
    uplinks,
    summary: `V3 cells=${cells.length} battery=${f[x - 2]}${describe(uplinks.filter((u) => u.kind !== 'location'))}${statusText(status)}`,
  };
}

/** VP1: `V,<mcc>,<mnc>,<lac>,<cid>,<level>Y...` (cells), or `A,<lat>,<N>,<lon>,<E>,<speed>,<course>,<DDMMYY>`. */
function vp1(f: string[], now: number): Body {
  if (f[3] === 'V') {
    const mcc = Number(f[4]);
    const mnc = Number(f[5]);
    const cells: Cell[] = [];
    for (const part of f.slice(6).join(',').split('Y')) {
      const [lac, cid] = part.split(',');
      const c = cell(mcc, mnc, Number(lac), Number(cid));
      if (c && cells.length < MAX_CELLS) cells.push(c);
    }
    const uplinks: Uplink[] = cells.length ? [{ kind: 'location', ts: now, source: 'lbs', cells }] : [];
    return { uplinks, summary: `VP1 cells=${cells.length}` };
  }
  const lat = coordinate(f[4], f[5], 90);
  const lon = coordinate(f[6], f[7], 180);
  if (lat === undefined || lon === undefined) return { uplinks: [], summary: 'VP1 no fix' };
  // A date without a time: the receive time on that day, else the day's start.
  const day = timeOf(f[10], '000000', now);
  const ts = now >= day && now - day < 86_400_000 ? now : day;
  const location: Location = {
    kind: 'location',
    ts,
    source: 'gps',
    valid: true,
    lat: Math.round(lat * 1e6) / 1e6,
    lon: Math.round(lon * 1e6) / 1e6,
  };
  const knots = number(f[8]);
  if (knots !== undefined && knots * KNOT_KMH <= 2000) location.speed = Math.round(knots * KNOT_KMH * 100) / 100;
  const course = number(f[9]);
  if (course !== undefined && course <= 360) location.heading = course;
  return { uplinks: [location], summary: `VP1${describe([location])}` };
}

/** HTBT: the heartbeat with the battery %; V0 and HTBT are echoed up to the type, as Traccar does. */
function heartbeat(f: string[], type: string, now: number): Body {
  const reply = Buffer.from(`*${f[0]},${f[1]},${type}#`, 'latin1');
  const battery = type === 'HTBT' ? number(f[3]) : undefined;
  const uplinks: Uplink[] = battery !== undefined && battery <= 100 ? [{ kind: 'status', ts: now, battery }] : [];
  return { uplinks, reply, summary: `${type}${describe(uplinks)}` };
}

function decodeText(frame: Buffer, session: Session, now: number): Decoded {
  const text = frame.toString('latin1').trim();
  if (text[0] !== '*' || !text.endsWith('#')) throw new ProtocolError('not an h02 frame');
  const f = text.slice(1, -1).split(',');
  const id = f[1] ?? '';
  const type = f[2] ?? '';
  if (id !== '' && !ID_RE.test(id)) throw new ProtocolError(`bad device id ${JSON.stringify(id.slice(0, 24))}`);
  if (!TYPE_RE.test(type)) throw new ProtocolError(`bad message type ${JSON.stringify(type.slice(0, 16))}`);
  let out: Body;
  if (type === 'V0' || type === 'HTBT') out = heartbeat(f, type, now);
  else if (type === 'NBR') out = neighbours(f, session, now);
  else if (type === 'LINK') out = link(f, session, now);
  else if (type === 'V3') out = v3(f, session, now);
  else if (type === 'VP1') out = vp1(f, now);
  else if (type === 'V4') out = answer(f, session, now);
  else if (type.startsWith('V') && positionStart(f, 3) === 3) out = position(f, type, session, now);
  else out = { uplinks: [], summary: `${type || '(no type)'} (not decoded)` };
  const decoded = out as Decoded;
  if (id) decoded.imei = id;
  return decoded;
}

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
function decodeBinary(frame: Buffer, session: Session, now: number): Decoded {
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

export function decodeH02(frame: Buffer, session: Session, now: number): Decoded {
  if (frame[0] === 0x2a) return decodeText(frame, session, now);
  if (frame[0] === 0x24 || frame[0] === 0x58) return decodeBinary(frame, session, now);
  throw new ProtocolError('not an h02 frame');
}
