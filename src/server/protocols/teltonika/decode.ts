/**
 * Decoding Teltonika frames (FMB/FMC vehicle trackers, TMT250/GH5200 personal trackers;
 * docs/protocols.md, teltonika): the IMEI frame, AVL data packets of codec 8, 8 Extended and 16,
 * codec 12 (and 13) command responses. Every read is checked against the data's end first, so a
 * short or forged frame is a ProtocolError, never a RangeError.
 */
import { IMEI_RE, type AlarmEvent, type Cell, type Uplink } from '../../../shared/devices/protocol';
import { commandRefs, take } from '../command-refs';
import { ProtocolError, type Decoded, type Irregularity, type Session } from '../types';
import { crc16Ibm } from '../../../shared/protocols/teltonika/crc';
import { CODEC_12, CODEC_16, CODEC_8, CODEC_8E, recordCount } from '../../../shared/protocols/teltonika/packet';
import { EVENT_ALARMS, EVENT_NAMES, IO, ioName, LOW_BATTERY_PERCENT } from './io';

/** Where a connection's sent commands wait for their answers, oldest first. */
export const REFS_KEY = 'teltonika.commands';
/** The connection's last unplug (IO 252) and low-battery states, for their edges. */
const UNPLUG_KEY = 'teltonika.unplug';
const LOW_KEY = 'teltonika.lowBattery';
/** Variable-length (NX) elements of one record kept in the summary, and their bytes. */
const MAX_SUMMARY_IO = 24;

type Location = Extract<Uplink, { kind: 'location' }>;
type Status = Extract<Uplink, { kind: 'status' }>;

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** A cursor over the packet's data that refuses to read past its end. */
class Reader {
  constructor(
    readonly f: Buffer,
    public o: number,
    readonly end: number,
    readonly codec: number,
  ) {}
  need(n: number): void {
    if (this.o + n > this.end) throw new ProtocolError(`codec 0x${HEX[this.codec]}: record past the data`);
  }
  u8(): number {
    this.need(1);
    return this.f[this.o++]!;
  }
  u16(): number {
    this.need(2);
    const v = this.f.readUInt16BE(this.o);
    this.o += 2;
    return v;
  }
  i16(): number {
    this.need(2);
    const v = this.f.readInt16BE(this.o);
    this.o += 2;
    return v;
  }
  u32(): number {
    this.need(4);
    const v = this.f.readUInt32BE(this.o);
    this.o += 4;
    return v;
  }
  i32(): number {
    this.need(4);
    const v = this.f.readInt32BE(this.o);
    this.o += 4;
    return v;
  }
  u64(): bigint {
    this.need(8);
    const v = this.f.readBigUInt64BE(this.o);
    this.o += 8;
    return v;
  }
  bytes(n: number): Buffer {
    this.need(n);
    const v = this.f.subarray(this.o, this.o + n);
    this.o += n;
    return v;
  }
}

/** One record as read. */
interface AvlRecord {
  ts: number;
  priority: number;
  lat: number;
  lon: number;
  alt: number;
  angle: number;
  satellites: number;
  speed: number;
  eventId: number;
  /** Numeric elements (1-8 bytes); an 8-byte value past 2^53 is kept as its hex. */
  io: Map<number, number | string>;
  /** Codec 8 Extended's variable-length elements, as hex. */
  nx: Map<number, string>;
}

function readRecord(r: Reader): AvlRecord {
  const { codec } = r;
  const wide = codec === CODEC_8E;
  const wideId = wide || codec === CODEC_16;
  const count = () => (wide ? r.u16() : r.u8());
  const id = () => (wideId ? r.u16() : r.u8());
  const ts = Number(r.u64());
  const priority = r.u8();
  const lon = r.i32() / 1e7;
  const lat = r.i32() / 1e7;
  const alt = r.i16();
  const angle = r.u16();
  const satellites = r.u8();
  const speed = r.u16();
  const eventId = id();
  if (codec === CODEC_16) r.u8(); // generation type
  count(); // total elements
  const io = new Map<number, number | string>();
  for (const size of [1, 2, 4, 8]) {
    const n = count();
    for (let i = 0; i < n; i++) {
      const key = id();
      if (size === 8) {
        const v = r.u64();
        io.set(key, v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v.toString(16).padStart(16, '0'));
      } else {
        r.need(size);
        io.set(key, r.f.readUIntBE(r.o, size));
        r.o += size;
      }
    }
  }
  const nx = new Map<number, string>();
  if (wide) {
    const n = r.u16();
    for (let i = 0; i < n; i++) {
      const key = r.u16();
      const value = r.bytes(r.u16());
      if (nx.size < MAX_SUMMARY_IO) nx.set(key, value.subarray(0, 32).toString('hex'));
    }
  }
  return { ts, priority, lat, lon, alt, angle, satellites, speed, eventId, io, nx };
}

const num = (v: number | string | undefined): number | undefined => (typeof v === 'number' ? v : undefined);

/** The serving cell from IO 205 (cell id), 206 (area code) and 241 (operator, MCC and MNC). */
function cellOf(rec: AvlRecord): Cell | undefined {
  const cid = num(rec.io.get(IO.cellId));
  const lac = num(rec.io.get(IO.areaCode));
  const op = num(rec.io.get(IO.gsmOperator));
  if (!cid || !lac || !op || op < 10_000 || op > 999_999) return undefined;
  const text = String(op);
  const mcc = Number(text.slice(0, 3));
  const mnc = Number(text.slice(3));
  if (cid > 0xffffffffff || lac > 0xffffffff) return undefined;
  return { mcc, mnc, lac, cid };
}

function location(rec: AvlRecord): Location | undefined {
  const placed = (rec.lat !== 0 || rec.lon !== 0) && Math.abs(rec.lat) <= 90 && Math.abs(rec.lon) <= 180;
  const cell = cellOf(rec);
  if (!placed && !cell) return undefined;
  const out: Location = { kind: 'location', source: placed ? 'gps' : 'lbs' };
  if (rec.ts > 0) out.ts = rec.ts;
  if (placed) {
    out.lat = rec.lat;
    out.lon = rec.lon;
    out.alt = rec.alt;
    if (rec.angle <= 360) out.heading = rec.angle;
    if (rec.speed <= 2000) out.speed = rec.speed;
    if (rec.satellites <= 99) out.satellites = rec.satellites;
    // Traccar's verdict: a fix with no satellites is the last known position, not a fix.
    out.valid = rec.satellites > 0;
  }
  if (cell) out.cells = [cell];
  return out;
}

// The tables as arrays once: a record's decode walks them without building entries or parsing keys.
const EVENT_ALARM_LIST = Object.entries(EVENT_ALARMS).map(([id, a]) => [Number(id), a] as const);
const EVENT_NAME_LIST = Object.entries(EVENT_NAMES).map(([id, name]) => [Number(id), name] as const);

/** `u` with the record's time, when it has one. */
function stamped<U extends Uplink>(rec: AvlRecord, u: U): U {
  if (rec.ts > 0) u.ts = rec.ts;
  return u;
}

function pushAlarm(out: Uplink[], rec: AvlRecord, alarm: AlarmEvent, id: number, value: number): void {
  out.push(stamped(rec, { kind: 'alarm', alarm, value, note: ioName(id) }));
}

/** The record's uplinks: location, status, telemetry, alarms, events. */
function recordUplinks(rec: AvlRecord, session: Session, out: Uplink[]): void {
  const loc = location(rec);
  if (loc) out.push(loc);

  const st: Status = { kind: 'status' };
  const battery = num(rec.io.get(IO.batteryLevel));
  if (battery !== undefined && battery <= 100) st.battery = battery;
  const gsm = num(rec.io.get(IO.gsmSignal));
  // GSM signal 0-5 in bars 0-4.
  if (gsm !== undefined && gsm <= 5) st.signal = Math.round((gsm * 4) / 5);
  const charger = num(rec.io.get(IO.chargerConnected));
  if (charger !== undefined) st.charging = charger !== 0;
  const unplug = num(rec.io.get(IO.unplug));
  if (unplug !== undefined) st.mainsPower = unplug ? 0 : 1;
  if (Object.keys(st).length > 1) out.push(stamped(rec, st));

  const mv = num(rec.io.get(IO.externalVoltage)) ?? num(rec.io.get(IO.batteryVoltage));
  // Up to 1,000 V: past it the element is no voltage (a forged or broken record).
  if (mv !== undefined && mv <= 1_000_000)
    out.push(stamped(rec, { kind: 'telemetry', values: { voltage: mv / 1000 } }));

  for (const [id, a] of EVENT_ALARM_LIST) {
    const v = num(rec.io.get(id));
    if (v) pushAlarm(out, rec, a, id, v);
  }
  // Unplug: a state every record repeats; raised when it turns on (or is first seen on).
  if (unplug !== undefined) {
    const before = session.state[UNPLUG_KEY] as number | undefined;
    session.state[UNPLUG_KEY] = unplug;
    if (unplug && !before) pushAlarm(out, rec, 'powerLoss', IO.unplug, unplug);
  }
  if (battery !== undefined && battery <= 100) {
    const low = battery <= LOW_BATTERY_PERCENT;
    const before = session.state[LOW_KEY] === true;
    session.state[LOW_KEY] = low;
    if (low && !before) pushAlarm(out, rec, 'lowBattery', IO.batteryLevel, battery);
  }

  for (const [id, name] of EVENT_NAME_LIST) {
    const v = num(rec.io.get(id));
    const n = v === undefined ? undefined : name(v);
    if (n && v !== undefined) out.push(stamped(rec, { kind: 'event', name: `teltonika.${n}`, value: v }));
  }
  // The element whose change made the record, when nothing above said it.
  const ev = rec.eventId;
  if (ev !== 0 && !(ev in EVENT_ALARMS) && !(ev in EVENT_NAMES) && ev !== IO.unplug) {
    const v = num(rec.io.get(ev));
    if (ev === IO.ignition && v !== undefined)
      out.push(stamped(rec, { kind: 'event', name: v ? 'teltonika.ignitionOn' : 'teltonika.ignitionOff' }));
    else if (ev === IO.movement && v !== undefined)
      out.push(stamped(rec, { kind: 'event', name: v ? 'teltonika.movementStart' : 'teltonika.movementStop' }));
    else if (ev !== IO.batteryLevel || v === undefined) {
      const e: Uplink = { kind: 'event', name: `teltonika.io${ev}` };
      if (v !== undefined) e.value = v;
      out.push(stamped(rec, e));
    }
  }
}

/** The record's elements for the raw frame log, bounded. */
function ioSummary(rec: AvlRecord): string {
  const parts: string[] = [];
  for (const [id, v] of rec.io) {
    if (parts.length >= MAX_SUMMARY_IO) break;
    parts.push(`${ioName(id)}=${v}`);
  }
  for (const [id, v] of rec.nx) {
    if (parts.length >= MAX_SUMMARY_IO) break;
    parts.push(`${ioName(id)}=${v}`);
  }
  return parts.join(' ');
}

function describe(rec: AvlRecord): string {
  const when = rec.ts > 0 && rec.ts < 8.64e15 ? new Date(rec.ts).toISOString() : String(rec.ts);
  const at = rec.lat === 0 && rec.lon === 0 ? 'no position' : `${rec.lat.toFixed(5)},${rec.lon.toFixed(5)}`;
  const io = ioSummary(rec);
  return `${when} ${at} sat ${rec.satellites} ${rec.speed} km/h event ${rec.eventId}${io ? ` ${io}` : ''}`;
}

/** Text a device answered with: printable as ASCII (trimmed), else hex; at most 200 characters. */
function answerText(raw: Buffer): string {
  let printable = true;
  for (const b of raw) if ((b < 0x20 && b !== 0x0d && b !== 0x0a && b !== 0x09) || b > 0x7e) printable = false;
  const text = printable ? raw.toString('latin1').replace(/\s+/g, ' ').trim() : raw.toString('hex');
  return text.slice(0, 200);
}

/** A codec 12/13 response: an ack of the oldest command waiting. */
function response(session: Session, text: string): Uplink | undefined {
  const refs = commandRefs(session, REFS_KEY);
  const oldest = refs.pending.keys().next();
  if (oldest.done) return undefined;
  const ref = take(refs, oldest.value);
  return ref === undefined ? undefined : { kind: 'ack', ref, ok: true, msg: text };
}

function decodeImei(frame: Buffer): Decoded {
  const size = frame.readUInt16BE(0);
  if (frame.length !== size + 2) throw new ProtocolError(`IMEI frame of ${frame.length} bytes, length ${size}`);
  const imei = frame.toString('latin1', 2);
  if (!IMEI_RE.test(imei)) throw new ProtocolError('IMEI frame without an identifier');
  return { imei, login: 'login', uplinks: [], reply: Buffer.from([1]), summary: `login ${imei}` };
}

/**
 * A whole frame as the framer cut it: the IMEI frame (a non-zero length first), or a packet. A
 * wrong CRC is accepted and named in `irregular` (docs/protocols.md "Leniencies").
 */
export function decodeTeltonika(frame: Buffer, session: Session, _now: number): Decoded {
  if (frame.length < 2) throw new ProtocolError(`frame of ${frame.length} bytes`);
  if (frame.readUInt16BE(0) > 0) return decodeImei(frame);
  if (frame.length < 15 || frame.readUInt32BE(0) !== 0) throw new ProtocolError(`frame of ${frame.length} bytes`);
  const size = frame.readUInt32BE(4);
  if (8 + size + 4 !== frame.length) throw new ProtocolError(`data length ${size} in a frame of ${frame.length} bytes`);
  const end = 8 + size;
  let irregular: Irregularity[] | undefined;
  if (crc16Ibm(frame, 8, end) !== frame.readUInt32BE(end)) irregular = ['checksumMismatch'];
  const codec = frame[8]!;
  const count = frame[9]!;
  if (frame[end - 1] !== count) throw new ProtocolError(`record counts ${count} and ${frame[end - 1]} differ`);
  const d = decodeData(frame, codec, count, end - 1, session);
  if (irregular) d.irregular = irregular;
  return d;
}

function decodeData(frame: Buffer, codec: number, count: number, end: number, session: Session): Decoded {
  const uplinks: Uplink[] = [];
  const name = `codec 0x${HEX[codec]}`;
  switch (codec) {
    case CODEC_8:
    case CODEC_8E:
    case CODEC_16: {
      if (count === 0) throw new ProtocolError(`${name}: no records`);
      const r = new Reader(frame, 10, end, codec);
      const lines: string[] = [];
      for (let i = 0; i < count; i++) {
        const rec = readRecord(r);
        recordUplinks(rec, session, uplinks);
        if (lines.length < 4) lines.push(describe(rec));
      }
      if (r.o !== end) throw new ProtocolError(`${name}: ${end - r.o} bytes after the records`);
      const more = count > lines.length ? `; ${count - lines.length} more` : '';
      const label = codec === CODEC_8 ? 'codec 8' : codec === CODEC_8E ? 'codec 8E' : 'codec 16';
      return {
        uplinks,
        reply: recordCount(count),
        summary: `${label} ${count} record${count === 1 ? '' : 's'}: ${lines.join('; ')}${more}`.slice(0, 1000),
      };
    }
    case CODEC_12:
    case 0x0d: {
      // Type (0x06 response, 0x05 command, 0x11 ...), size, [codec 13: timestamp], the text.
      const r = new Reader(frame, 10, end, codec);
      const type = r.u8();
      const length = r.u32();
      let text: string;
      if (codec === 0x0d) {
        // A timestamp, then the text; devices disagree on whether the size counts the timestamp.
        r.u32();
        text = answerText(r.bytes(end - r.o));
      } else {
        text = answerText(r.bytes(length));
        if (r.o !== end) throw new ProtocolError(`${name}: ${end - r.o} bytes after the response`);
      }
      if (type !== 0x06 && codec === CODEC_12) return { uplinks, summary: `${name} type 0x${HEX[type]} "${text}"` };
      const ack = response(session, text);
      if (ack) uplinks.push(ack);
      return { uplinks, summary: `response "${text}"${ack?.kind === 'ack' ? ` ack ${ack.ref}` : ''}` };
    }
    default:
      throw new ProtocolError(`${name} not supported`);
  }
}
