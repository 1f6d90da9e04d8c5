/**
 * Decoding JT/T 808 messages (2011, 2013 and 2019 editions; Traccar's "huabao";
 * docs/protocols.md, jt808). Every offset is checked against the body's end before it is read,
 * so a short or forged message is a ProtocolError, never a RangeError.
 */
import type { Uplink } from '../../../shared/devices/protocol';
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
import { bars, bcdText, HEX4, need, percent, type Body, type Status } from './fields';
import { decodeLocation } from './location';

/** The connection's platform serial counter and the commands sent under each serial. */
export const REFS_KEY = 'jt808.commands';
/** The terminal's phone number and edition, for commands (copied from its last message), and the forms of its identifier. */
export const TERMINAL_KEY = 'jt808.terminal';
type Held = Terminal & { ids: string[] };

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
