/**
 * Decoding of the watch protocol's messages (docs/protocols.md), after Traccar's
 * WatchProtocolDecoder: what each carries and the reply the watch waits for. Replies echo the
 * maker code, the id and the sequence field exactly as the frame had them.
 */
import type { Metric } from '../../../shared/devices/kinds';
import type { Uplink } from '../../../shared/devices/protocol';
import { type Decoded, type DeviceMedia, ProtocolError, type Session } from '../types';
import { buildFrame, frameHeader, unescape } from '../../../shared/protocols/watch/frame';
import { parsePosition, statusAlarms, type WatchAlarm, type WatchPosition } from './position';

const COMMA = 0x2c;
const TYPE_RE = /^[A-Za-z0-9_]{1,32}$/;
const NUMBER_RE = /^-?\d+(\.\d+)?$/;
/** A voice message sent in JXTK chunks is dropped past this size. */
const MAX_VOICE = 1024 * 1024;

/** Per-connection state the codec keeps in Session.state. */
interface WatchState {
  /** The maker code the watch uses ('3G', 'SG', 'CS', 'ZJ', ...), echoed in every frame to it. */
  maker?: string;
  /** The watch numbers its frames: frames to it carry a sequence field too. */
  indexed?: boolean;
  /** A JXTK voice message still arriving. */
  voice?: { name: string; parts: Buffer[]; size: number };
  /**
   * The status word of the connection's last report (UD, WT): a report raises only the alarm bits
   * it sets anew, so a watch that keeps its low-battery bit set does not alarm every minute.
   */
  status?: number;
}

export const watchState = (session: Session) => session.state as WatchState;

type Reply = (content: string) => Buffer;

/** The body as text fields; numbers and names only, so latin1 keeps every byte as it came. */
const fields = (body: Buffer | undefined) => (body ? unescape(body, false).toString('latin1').split(',') : []);

/** A reading, or undefined when the watch left it blank; ProtocolError when it is not a number. */
function reading(s: string | undefined): number | undefined {
  const t = s?.trim() ?? '';
  if (t === '') return undefined;
  if (!NUMBER_RE.test(t)) throw new ProtocolError(`bad reading ${t}`);
  return Number(t);
}

function positionUplinks(p: WatchPosition): Uplink[] {
  const out: Uplink[] = [];
  if (p.location) out.push(p.location);
  if (p.battery !== undefined || p.signal !== undefined) {
    const status: Extract<Uplink, { kind: 'status' }> = { kind: 'status', ts: p.ts };
    if (p.battery !== undefined) status.battery = p.battery;
    if (p.signal !== undefined) status.signal = p.signal;
    out.push(status);
  }
  if (p.steps !== undefined) out.push({ kind: 'telemetry', ts: p.ts, values: { steps: p.steps } });
  return out;
}

function positionSummary(type: string, p: WatchPosition): string {
  const at =
    p.location?.lat !== undefined ? `${p.location.valid ? 'A' : 'V'} ${p.location.lat},${p.location.lon}` : 'no fix';
  return `${type} ${at} cells=${p.location?.cells?.length ?? 0} wifi=${p.location?.wifi?.length ?? 0} status=${p.status.toString(16)}`;
}

/** LK: the link keep-alive (and the first frame of a connection), with steps, tumbles and battery. */
function link(body: Buffer | undefined, reply: Reply, now: number): Omit<Decoded, 'imei'> {
  const values = fields(body);
  const [steps, , battery] = values.map((v) => (NUMBER_RE.test(v) ? Number(v) : undefined));
  const uplinks: Uplink[] = [];
  // Traccar reads only the three-value form; `LK,0,100` is ambiguous.
  if (values.length >= 3) {
    if (battery !== undefined && battery >= 0 && battery <= 100) uplinks.push({ kind: 'status', ts: now, battery });
    if (steps !== undefined && steps >= 0) uplinks.push({ kind: 'telemetry', ts: now, values: { steps } });
  }
  return { login: 'login', uplinks, reply: reply('LK'), summary: `LK ${values.join(',')}`.trim() };
}

/** The uplink of one of the status word's alarm bits: our alarm, or a named watch event. */
const alarmUplink = (a: WatchAlarm, ts: number): Uplink =>
  'alarm' in a ? { kind: 'alarm', ts, alarm: a.alarm } : { kind: 'event', ts, name: a.event };

const alarmNames = (alarms: WatchAlarm[]) => alarms.map((a) => ('alarm' in a ? a.alarm : a.event)).join(',');

/**
 * UD, UD2, UD_LTE, UD_WCDMA, WT, ...: a position report, unanswered; the alarm bits its status
 * word sets anew (against the connection's last report) raise their alarms as an AL frame's do
 * (Traccar reads every report's status).
 * AL, ALCUSTOMER...: an alarm, answered AL.
 */
function position(
  type: string,
  body: Buffer | undefined,
  reply: Reply,
  now: number,
  state: WatchState,
): Omit<Decoded, 'imei'> {
  if (!type.startsWith('AL')) {
    const p = parsePosition(fields(body), now);
    // Bits already set in the connection's last report stay raised, not raised again; the first
    // report of a connection raises what it finds (a removal at connect is never missed).
    const alarms = statusAlarms(p.status & ~(state.status ?? 0));
    state.status = p.status;
    const uplinks = positionUplinks(p);
    for (const a of alarms) uplinks.push(alarmUplink(a, p.ts));
    const names = alarms.length ? ` alarms=${alarmNames(alarms)}` : '';
    return { uplinks, summary: `${positionSummary(type, p)}${names}` };
  }
  let p: WatchPosition;
  try {
    p = parsePosition(fields(body), now);
  } catch (e) {
    if (!(e instanceof ProtocolError)) throw e;
    // The watch raised something: an alarm is never dropped for a body this parser cannot read.
    return {
      uplinks: [{ kind: 'event', ts: now, name: 'watch.alarm', note: 'unreadable alarm body' }],
      reply: reply('AL'),
      summary: `${type} unreadable: ${e.message}`,
    };
  }
  const alarms = statusAlarms(p.status);
  // An AL frame with no alarm bit is still the watch raising something (Traccar: a general alarm).
  if (!alarms.length) alarms.push({ event: 'watch.alarm' });
  const uplinks = positionUplinks(p);
  for (const a of alarms) uplinks.push(alarmUplink(a, p.ts));
  // The status word goes with the general alarm, so a bit no table maps yet is kept, not dropped.
  for (const u of uplinks)
    if (u.kind === 'event' && u.name === 'watch.alarm') u.note = `status ${p.status.toString(16).padStart(8, '0')}`;
  return { uplinks, reply: reply('AL'), summary: `${positionSummary(type, p)} alarms=${alarmNames(alarms)}` };
}

/**
 * Health readings, as Traccar reads them: heart/PULSE (rate), BLOOD and bphrt (systolic,
 * diastolic, then rate), TEMP (°C), btemp2 (a valid flag, then °C), oxygen (SpO2 second),
 * hrtstart (a rate when it carries one). A 0 is the watch measuring nothing (off the wrist).
 */
function health(type: string, body: Buffer | undefined, now: number): Omit<Decoded, 'imei'> {
  const v = fields(body);
  const values: Partial<Record<Metric, number>> = {};
  const put = (metric: Metric, value: number | undefined) => {
    if (value !== undefined && value > 0) values[metric] = value;
  };
  switch (type.toLowerCase()) {
    case 'blood':
    case 'bphrt':
      put('systolic', reading(v[0]));
      put('diastolic', reading(v[1]));
      put('heartRate', reading(v[2]));
      break;
    case 'temp':
      put('bodyTemp', reading(v[0]));
      break;
    case 'btemp2':
      if ((reading(v[0]) ?? 0) > 0) put('bodyTemp', reading(v[1]));
      break;
    case 'oxygen':
      put('bloodOxygen', reading(v[1]));
      break;
    default: // pulse, heart, hrtstart
      put('heartRate', reading(v[0]));
  }
  const uplinks: Uplink[] = Object.keys(values).length ? [{ kind: 'telemetry', ts: now, values }] : [];
  return { uplinks, summary: `${type} ${JSON.stringify(values)}` };
}

const HEALTH = new Set(['pulse', 'heart', 'blood', 'bphrt', 'temp', 'btemp2', 'oxygen', 'hrtstart']);

const media = (kind: DeviceMedia['kind'], mime: string, data: Buffer): DeviceMedia => ({ kind, mime, data });

/** The offset just past the n-th comma of `buf` (from `from`), or -1. */
function afterCommas(buf: Buffer, n: number, from = 0): number {
  let at = from;
  for (let i = 0; i < n; i++) {
    const c = buf.indexOf(COMMA, at);
    if (c < 0) return -1;
    at = c + 1;
  }
  return at;
}

/**
 * JXTK: a voice message in numbered chunks (`JXTK,0,<name>,<n>,<total>,<AMR part>`), each
 * answered JXTKR,1; the whole message is media once the last chunk came.
 */
function voiceChunk(body: Buffer | undefined, session: Session, reply: Reply): Omit<Decoded, 'imei'> {
  const start = body ? afterCommas(body, 4) : -1;
  if (!body || start < 0) throw new ProtocolError('JXTK without its fields');
  const [, name = '', current, total] = body.toString('latin1', 0, start - 1).split(',');
  const n = Number(current);
  const of = Number(total);
  if (!Number.isInteger(n) || !Number.isInteger(of) || n < 1 || n > of)
    throw new ProtocolError(`bad JXTK part ${current ?? ''}/${total ?? ''}`);
  const state = watchState(session);
  const data = unescape(body.subarray(start), true);
  let voice = state.voice;
  if (n === 1 || !voice || voice.name !== name) voice = { name, parts: [], size: 0 };
  if (voice.parts.length !== n - 1 || voice.size + data.length > MAX_VOICE) {
    delete state.voice;
    throw new ProtocolError(`JXTK part ${n}/${of} of ${name} out of order or too large`);
  }
  voice.parts.push(data);
  voice.size += data.length;
  const summary = `JXTK ${name} ${n}/${of} ${data.length} bytes`;
  if (n < of) {
    state.voice = voice;
    return { uplinks: [], reply: reply('JXTKR,1'), summary };
  }
  delete state.voice;
  return {
    uplinks: [],
    media: [media('audio', 'audio/amr', Buffer.concat(voice.parts))],
    reply: reply('JXTKR,1'),
    summary,
  };
}

/**
 * TK (and TK2, the same message from newer watches): a voice message (AMR) in one frame, answered
 * with its type and 1; `TK,1` / `TK,0` alone is the watch acknowledging ours.
 */
function voice(type: string, body: Buffer | undefined, reply: Reply): Omit<Decoded, 'imei'> {
  if (!body || body.length <= 1)
    return { uplinks: [], summary: `${type} ${body?.toString('latin1') ?? ''} (voice message ack)` };
  const data = unescape(body, true);
  return {
    uplinks: [],
    media: [media('audio', 'audio/amr', data)],
    reply: reply(`${type},1`),
    summary: `${type} ${data.length} bytes`,
  };
}

/** img: a photo (`img,<n>,<yyMMddHHmmss>,<JPEG>`), unanswered as in Traccar. */
function image(body: Buffer | undefined): Omit<Decoded, 'imei'> {
  const time = body ? afterCommas(body, 1) : -1;
  if (!body || time < 0 || body[time + 12] !== COMMA) throw new ProtocolError('img without its time');
  const data = unescape(body.subarray(time + 13), true);
  return { uplinks: [], media: [media('image', 'image/jpeg', data)], summary: `img ${data.length} bytes` };
}

export function decodeWatch(frame: Buffer, session: Session, now: number): Decoded {
  const head = frameHeader(frame);
  const content = frame.subarray(head.contentStart, frame.length - 1);
  const comma = content.indexOf(COMMA);
  const type = content.toString('latin1', 0, comma < 0 ? content.length : comma);
  if (!TYPE_RE.test(type)) throw new ProtocolError(`bad message type ${JSON.stringify(type.slice(0, 32))}`);
  const body = comma < 0 ? undefined : content.subarray(comma + 1);
  const state = watchState(session);
  state.maker = head.maker;
  if (head.index !== undefined) state.indexed = true;
  const reply: Reply = (text) => buildFrame(head.maker, head.id, head.index, text);

  let out: Omit<Decoded, 'imei'>;
  if (type === 'LK') out = link(body, reply, now);
  else if (type.startsWith('UD') || type.startsWith('AL') || type.startsWith('WT'))
    out = position(type, body, reply, now, state);
  else if (type === 'TKQ' || type === 'TKQ2') out = { uplinks: [], reply: reply(type), summary: type };
  else if (type === 'INIT') out = { uplinks: [], reply: reply('INIT,1'), summary: 'INIT' };
  else if (type === 'JXTK') out = voiceChunk(body, session, reply);
  else if (type === 'TK' || type === 'TK2') out = voice(type, body, reply);
  else if (type === 'img') out = image(body);
  else if (HEALTH.has(type.toLowerCase())) out = health(type, body, now);
  else out = { uplinks: [], summary: `${type} (not decoded)` };
  // `out` is this frame's own object: the id goes on it rather than into a copy.
  const decoded = out as Decoded;
  decoded.imei = head.id;
  return decoded;
}
