/**
 * Decoding JT/T 808 messages (2011, 2013 and 2019 editions; Traccar's "huabao";
 * docs/protocols.md, jt808). Every offset is checked against the body's end before it is read,
 * so a short or forged message is a ProtocolError, never a RangeError.
 */
import type { AlarmEvent, Uplink } from '../../../shared/devices/protocol';
import { commandRefs, nextRef, take, type CommandRefs } from '../command-refs';
import { ProtocolError, type Decoded, type Session, type Verdict } from '../types';
import {
  buildFrame,
  parseFrame,
  terminalNumber,
  type Message,
  type Terminal,
} from '../../../shared/protocols/jt808/frame';
import { decodeGbk, encodeGbk } from '../../../shared/protocols/jt808/gbk';

/** The connection's platform serial counter and the commands sent under each serial. */
export const REFS_KEY = 'jt808.commands';
/** The terminal's phone number and edition, for commands (copied from its last message). */
export const TERMINAL_KEY = 'jt808.terminal';
/** The alarm word of the terminal's last location, for telling a new alarm from a standing one. */
const ALARM_KEY = 'jt808.alarm';

type Location = Extract<Uplink, { kind: 'location' }>;
type Status = Extract<Uplink, { kind: 'status' }>;
type Happening = { alarm: AlarmEvent } | { event: string };

/**
 * The alarm flag bits of a location report. Bits 0, 3, 20, 21, 22, 27 and 28 stay set until the
 * platform answers the report, so each report carrying one is a new alarm; the others are
 * conditions that stay set while they last, and raise an alarm only when they appear.
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
  undefined,
  undefined,
  undefined,
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
  { event: 'rollover' },
  { event: 'illegalDoor' },
];
const ONE_SHOT_BITS = (1 << 0) | (1 << 3) | (1 << 20) | (1 << 21) | (1 << 22) | (1 << 27) | (1 << 28);
const POWER_CUT_BIT = 1 << 8;

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
  const out: Uplink = 'alarm' in h ? { kind: 'alarm', alarm: h.alarm } : { kind: 'event', name: `jt808.${h.event}` };
  if (ts !== undefined) out.ts = ts;
  return out;
}

/**
 * One location information body (0x0200, and inside 0x0201 and 0x0704): alarm word, status
 * word (bit 1 fix valid, 2 south, 3 west), latitude and longitude in 1e-6 degree, altitude m,
 * speed 1/10 km/h, direction, BCD time, then additional items (id, length, value): 0x01
 * mileage 1/10 km, 0x30 signal (CSQ), 0x31 satellites, 0xD4/0xFE battery % (common vendor
 * items). Items that do not fit are ignored, not the report.
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
  let satellites: number | undefined;
  let mileage: number | undefined;
  for (let o = start + 28; o + 2 <= end;) {
    const item = d[o]!;
    const size = d[o + 1]!;
    const v = o + 2;
    o = v + size;
    if (o > end) break;
    if (item === 0x01 && size === 4) mileage = d.readUInt32BE(v) / 10;
    else if (item === 0x30 && size === 1) {
      const signal = bars(d[v]!);
      if (signal !== undefined) status.signal = signal;
    } else if (item === 0x31 && size === 1 && d[v]! <= 99) satellites = d[v]!;
    else if ((item === 0xfe || item === 0xd4) && size === 1 && d[v]! <= 100) status.battery = d[v]!;
  }

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
    if (satellites !== undefined) loc.satellites = satellites;
    out.push(loc);
  }

  const before = (session.state[ALARM_KEY] as number | undefined) ?? 0;
  session.state[ALARM_KEY] = alarm;
  const raised = (alarm & ~before) | (alarm & ONE_SHOT_BITS);
  if (alarm & ~before & POWER_CUT_BIT) status.mainsPower = 0;
  else if (before & ~alarm & POWER_CUT_BIT) status.mainsPower = 1;
  if (status.battery !== undefined || status.signal !== undefined || status.mainsPower !== undefined) {
    if (ts !== undefined) status.ts = ts;
    out.push(status);
  }
  for (let bit = 0; bit < 32; bit++) {
    const h = ALARM_BITS[bit];
    if (h && (raised >>> bit) & 1) out.push(happening(h, ts));
  }

  let summary = placed ? ` ${lat.toFixed(6)},${lon.toFixed(6)}${flags & 2 ? '' : ' invalid'}` : ' no fix';
  if (alarm) summary += ` alarm 0x${alarm.toString(16)}`;
  if (mileage !== undefined) summary += ` mileage ${mileage} km`;
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

export function decodeJt808(frame: Buffer, session: Session): Decoded {
  const m = parseFrame(frame);
  const imei = terminalNumber(m.phone);
  const refs = commandRefs(session, REFS_KEY);
  const held = session.state[TERMINAL_KEY] as Terminal | undefined;
  if (!held || held.version !== m.version || !held.phone.equals(m.phone))
    session.state[TERMINAL_KEY] = { phone: Buffer.from(m.phone), version: m.version } satisfies Terminal;
  const b: Body = { data: m.data, start: m.bodyStart, end: m.bodyEnd, id: m.id };
  const uplinks: Uplink[] = [];
  const name = `0x${HEX4(m.id)}`;
  if (m.packets)
    return {
      imei,
      uplinks,
      reply: generalResponse(m, refs, 0),
      summary: `${name} packet ${m.packets.index}/${m.packets.total}`,
    };

  switch (m.id) {
    case 0x0100:
      return {
        imei,
        login: 'register',
        uplinks,
        answer: (v) => registrationResponse(m, refs, v),
        summary: `register ${imei}`,
      };
    case 0x0102: {
      const authCode = authCodeOf(b, m.version !== undefined);
      return {
        imei,
        login: 'authenticate',
        authCode,
        uplinks,
        answer: (v) => generalResponse(m, refs, v.ok ? 0 : 1),
        summary: `authenticate ${imei}`,
      };
    }
    case 0x0002:
      return { imei, uplinks, reply: generalResponse(m, refs, 0), summary: 'heartbeat' };
    case 0x0003:
      return { imei, uplinks, reply: generalResponse(m, refs, 0), summary: 'logout' };
    case 0x0200: {
      const summary = decodeLocation(b.data, b.start, b.end, session, uplinks);
      return { imei, uplinks, reply: generalResponse(m, refs, 0), summary: `location${summary}` };
    }
    case 0x0201: {
      // The answer to a location query (0x8201): our serial, then a location.
      need(b, 2);
      const summary = decodeLocation(b.data, b.start + 2, b.end, session, uplinks);
      const ref = take(refs, b.data.readUInt16BE(b.start));
      if (ref !== undefined) uplinks.push({ kind: 'ack', ref, ok: true });
      return { imei, uplinks, summary: `location answer${summary}` };
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
      return { imei, uplinks, reply: generalResponse(m, refs, 0), summary: `${count} locations` };
    }
    case 0x0001: {
      need(b, 5);
      const serial = b.data.readUInt16BE(b.start);
      const result = b.data[b.start + 4]!;
      const ref = take(refs, serial);
      const msg = RESULTS[result] ?? `result ${result}`;
      if (ref !== undefined) uplinks.push({ kind: 'ack', ref, ok: result === 0, msg });
      return { imei, uplinks, summary: `answer to 0x${HEX4(b.data.readUInt16BE(b.start + 2))} #${serial}: ${msg}` };
    }
    default:
      // Acknowledged so the terminal does not resend it, not read.
      return { imei, uplinks, reply: generalResponse(m, refs, 0), summary: `${name} not decoded` };
  }
}
