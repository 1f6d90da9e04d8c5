/**
 * Decoding of H02 messages (docs/protocols.md#h02), after Traccar's H02ProtocolDecoder and the
 * frames of its tests: text reports `*XX,<id>,<type>,...#` and the binary `$` position report.
 * Every frame names the device (no login message): the first one binds the connection.
 */
import type { Cell, Uplink } from '../../../shared/devices/protocol';
import { type Decoded, ProtocolError, type Session } from '../types';
import { decodeBinary } from './binary';
import { takeAnswer, takeLocate } from './commands';
import {
  cell,
  coordinate,
  DIGITS6_RE,
  dbm,
  describe,
  HEX8_RE,
  ID_RE,
  KNOT_KMH,
  MAX_CELLS,
  number,
  positionAt,
  positionStart,
  reportUplinks,
  stamp,
  statusText,
  timeOf,
  TYPE_RE,
  withStatus,
  type Location,
} from './report';

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

export function decodeH02(frame: Buffer, session: Session, now: number): Decoded {
  if (frame[0] === 0x2a) return decodeText(frame, session, now);
  if (frame[0] === 0x24 || frame[0] === 0x58) return decodeBinary(frame, session, now);
  throw new ProtocolError('not an h02 frame');
}
