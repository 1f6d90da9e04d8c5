/**
 * Decoding of the TRV / "IW" watch protocol (docs/protocols.md#trv), after what Traccar's
 * TrvProtocolDecoder reads and answers: the login AP00, positions AP01 and alarms AP10, cells and
 * Wi-Fi AP02, the heartbeat AP03, health readings AP49, APHT, APHP, AP50, and the watch's answers
 * to our commands (`IWAPxx,<serial>`).
 */
import type { Metric } from '../../../shared/devices/kinds';
import type { AlarmEvent, Cell, Uplink, WifiAp } from '../../../shared/devices/protocol';
import { trvFrame, utcStamp } from '../../../shared/protocols/trv/frame';
import { commandRefs, take } from '../command-refs';
import { type Decoded, ProtocolError, type Session } from '../types';

type Location = Extract<Uplink, { kind: 'location' }>;
type Status = Extract<Uplink, { kind: 'status' }>;

/** Where a connection's commands wait for their answer (command-refs.ts), keyed by their serial. */
export const REFS_KEY = 'trvCommands';

const TYPE_RE = /^AP[0-9A-Z]{2}$/;
const ID_RE = /^[0-9A-Za-z]{6,20}$/;
const NUMBER_RE = /^-?\d+(\.\d+)?$/;
const MAC_RE = /^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/;
const MAX_CELLS = 16;
const MAX_WIFI = 32;

/**
 * Types Traccar leaves unanswered: the watch's answers to commands (SOS numbers, phone book, work
 * mode, GPS hours, text, fall and wearing settings, health intervals, ...).
 */
const UNANSWERED = new Set(['AP12', 'AP14', 'AP33', 'AP34', 'AP40', 'AP76', 'AP77', 'AP84', 'AP85', 'AP86', 'AP87']);

/** Types that carry data, never the answer to a command. */
const DATA = new Set(['AP00', 'AP01', 'AP02', 'AP03', 'AP10', 'AP49', 'APHT', 'APHP', 'AP50']);

/**
 * The position block of AP01 and AP10: yyMMdd, A/V, ddmm.mmmm N/S, dddmm.mmmm E/W, speed km/h
 * (ddd.d), HHmmss, course (6 characters), GSM signal %, satellites, battery % (3 digits each),
 * ACC (1), fortification (2), working mode (2), and on some models a few more digits.
 */
const BLOCK_RE =
  /^(\d\d)(\d\d)(\d\d)([AV])(\d\d)(\d\d\.\d+)([NS])(\d{3})(\d\d\.\d+)([EW])(\d{3}\.\d)(\d\d)(\d\d)(\d\d)([\d.]{6})(\d{3})(\d{3})(\d{3})\d\d\d\d\d(?:\d{3,5})?$/;
/** The heartbeat's status: GSM signal %, satellites, battery %, a reserved digit, fortification (hex), working mode. */
const HEARTBEAT_RE = /^(\d{3})(\d{3})(\d{3})\d[0-9A-Fa-f]{2}\d\d$/;

/** AP10's alarm codes (the makers' documents; Traccar reads 01 and 05/06). */
const ALARMS: Record<string, AlarmEvent> = {
  '01': 'sos',
  '02': 'lowBattery',
  '03': 'wearOff',
  '05': 'fall',
  '06': 'fall',
};

/** GSM signal 0-100 % as bars 0-4 (as the watch protocol's, docs/protocols.md#watch). */
const bars = (percent: number) => (percent <= 0 ? 0 : Math.min(4, Math.ceil(percent / 25)));

/** A reading, or undefined when the watch left it blank; ProtocolError when it is not a number. */
function reading(s: string | undefined): number | undefined {
  const t = s?.trim() ?? '';
  if (t === '') return undefined;
  if (!NUMBER_RE.test(t)) throw new ProtocolError(`bad reading ${t.slice(0, 20)}`);
  return Number(t);
}

/** yyMMdd HHmmss UTC; a date the watch has not set yet reads as the receive time. */
function time(y: number, mo: number, d: number, h: number, mi: number, s: number, now: number): number {
  const ms = Date.UTC(2000 + y, mo - 1, d, h, mi, s);
  const ok = mo >= 1 && mo <= 12 && d >= 1 && new Date(ms).getUTCDate() === d && h < 24 && mi < 60 && s < 60;
  return ok ? ms : now;
}

/** A cell when its numbers fit (an all-zero cell is none). */
function cell(mcc: number, mnc: number, lac: number, cid: number, signal?: number): Cell | undefined {
  const fits =
    [mcc, mnc, lac, cid].every(Number.isSafeInteger) &&
    mcc >= 0 &&
    mcc <= 999 &&
    mnc >= 0 &&
    mnc <= 999 &&
    lac >= 0 &&
    lac <= 0xffffffff &&
    cid >= 0 &&
    cid <= 0xffffffffff &&
    (mcc > 0 || lac > 0 || cid > 0);
  if (!fits) return undefined;
  return signal !== undefined && Number.isInteger(signal) && signal < 0 && signal >= -200
    ? { mcc, mnc, lac, cid, signal }
    : { mcc, mnc, lac, cid };
}

const int = (s: string | undefined) => (s !== undefined && /^\d{1,13}$/.test(s) ? Number(s) : NaN);

/**
 * The Wi-Fi heard: `name|MAC|signal` entries joined by `&` (the MAC with dashes). A name may
 * hold commas, so the caller joins the fields back. Signals other than negative dBm are dropped
 * (most watches send the level without its sign), the access point kept.
 */
function wifiList(text: string): WifiAp[] {
  const out: WifiAp[] = [];
  for (const entry of text.split('&')) {
    const parts = entry.split('|');
    if (parts.length < 3) continue;
    const mac = parts[parts.length - 2]!.trim().replace(/-/g, ':').toLowerCase();
    if (!MAC_RE.test(mac) || out.length >= MAX_WIFI) continue;
    const s = parts[parts.length - 1]!.trim();
    const signal = /^-\d{1,3}$/.test(s) ? Number(s) : undefined;
    out.push(signal !== undefined && signal >= -200 ? { mac, signal } : { mac });
  }
  return out;
}

/** A location of the radio data alone (no fix), or undefined without any. */
function radioLocation(ts: number, cells: Cell[], wifi: WifiAp[]): Location | undefined {
  if (!cells.length && !wifi.length) return undefined;
  const location: Location = { kind: 'location', ts, source: wifi.length ? 'wifi' : 'lbs' };
  if (cells.length) location.cells = cells;
  if (wifi.length) location.wifi = wifi;
  return location;
}

interface Position {
  ts: number;
  uplinks: Uplink[];
  summary: string;
}

/** AP01 / AP10: the position block, the serving cell, then (AP10) the alarm code, language, reply flag, and the Wi-Fi. */
function position(type: string, body: string, now: number): Position & { alarm?: string } {
  const fields = body.split(',');
  const m = BLOCK_RE.exec(fields[0] ?? '');
  if (!m) throw new ProtocolError(`${type}: bad position block`);
  const g = m.slice(1).map((v) => v ?? '');
  const n = (i: number) => Number(g[i]);
  const ts = time(n(0), n(1), n(2), n(11), n(12), n(13), now);
  const valid = g[3] === 'A';
  const lat = (n(4) + n(5) / 60) * (g[6] === 'S' ? -1 : 1);
  const lon = (n(7) + n(8) / 60) * (g[9] === 'W' ? -1 : 1);
  const speed = n(10);
  const course = Number(g[14]);
  const gsm = n(15);
  const satellites = n(16);
  const battery = n(17);

  const cells: Cell[] = [];
  const serving = cell(int(fields[1]), int(fields[2]), int(fields[3]), int(fields[4]));
  if (serving) cells.push(serving);
  let rest = fields.slice(5);
  let alarm: string | undefined;
  if (type === 'AP10' && /^\d\d$/.test(rest[0] ?? '')) {
    alarm = rest[0];
    rest = rest.slice(1);
  }
  const wifi = wifiList(rest.join(','));

  // A watch without a fix sends 0,0: the location then stands on its cells or Wi-Fi.
  const hasFix = (lat !== 0 || lon !== 0) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180;
  let location: Location | undefined;
  if (hasFix) {
    location = { kind: 'location', ts, source: 'gps', lat, lon, valid };
    if (speed >= 0 && speed <= 2000) location.speed = speed;
    if (Number.isFinite(course) && course >= 0 && course <= 360) location.heading = course;
    if (satellites <= 99) location.satellites = satellites;
    if (cells.length) location.cells = cells;
    if (wifi.length) location.wifi = wifi;
  } else location = radioLocation(ts, cells, wifi);

  const uplinks: Uplink[] = [];
  if (location) uplinks.push(location);
  const status: Status = { kind: 'status', ts, signal: bars(gsm) };
  if (battery <= 100) status.battery = battery;
  uplinks.push(status);
  const at = hasFix ? `${valid ? 'A' : 'V'} ${lat.toFixed(6)},${lon.toFixed(6)}` : 'no fix';
  const out: Position & { alarm?: string } = {
    ts,
    uplinks,
    summary: `${type} ${at} cells=${cells.length} wifi=${wifi.length}`,
  };
  if (alarm !== undefined) out.alarm = alarm;
  return out;
}

/** The uplink of an AP10 alarm code: our alarm, or the event trv.alarm with the code. */
function alarmUplink(code: string, ts: number): Uplink {
  const alarm = ALARMS[code];
  return alarm
    ? { kind: 'alarm', ts, alarm }
    : { kind: 'event', ts, name: 'trv.alarm', value: Number(code), note: `alarm code ${code}` };
}

/**
 * AP10: an alarm with its position. An alarm is never dropped: a body this parser cannot read is
 * still the event trv.alarm.
 */
function alarmReport(body: string, now: number): Omit<Decoded, 'reply'> {
  let p: ReturnType<typeof position>;
  try {
    p = position('AP10', body, now);
  } catch (e) {
    if (!(e instanceof ProtocolError)) throw e;
    return {
      uplinks: [{ kind: 'event', ts: now, name: 'trv.alarm', note: 'unreadable alarm body' }],
      summary: `AP10 unreadable: ${e.message}`,
    };
  }
  // 00: no alarm (a position the watch sent as AP10).
  if (p.alarm !== undefined && p.alarm !== '00') p.uplinks.push(alarmUplink(p.alarm, p.ts));
  return { uplinks: p.uplinks, summary: `${p.summary} alarm=${p.alarm ?? 'none'}` };
}

/** AP02: language, reply flag, cell count, MCC, MNC, `LAC|CID|signal` per cell, Wi-Fi count, the Wi-Fi. */
function radio(body: string, now: number): Omit<Decoded, 'reply'> {
  const f = body.replace(/^,/, '').split(',');
  const count = int(f[2]);
  const mcc = int(f[3]);
  const mnc = int(f[4]);
  if (!Number.isInteger(count) || count > 64 || f.length < 5 + count) throw new ProtocolError('AP02: bad cell count');
  const cells: Cell[] = [];
  for (let i = 0; i < count; i++) {
    const [lac, cid, signal] = (f[5 + i] ?? '').split('|');
    // The signal is a level (0-31), not dBm: not kept.
    const c = cell(mcc, mnc, int(lac), int(cid), signal?.startsWith('-') ? Number(signal) : undefined);
    if (c && cells.length < MAX_CELLS) cells.push(c);
  }
  const wifi = wifiList(f.slice(6 + count).join(','));
  const location = radioLocation(now, cells, wifi);
  return { uplinks: location ? [location] : [], summary: `AP02 cells=${cells.length} wifi=${wifi.length}` };
}

/** AP03: the status block (GSM signal, satellites, battery), steps, rolls. */
function heartbeat(body: string, now: number): Omit<Decoded, 'reply'> {
  const f = body.split(',');
  const m = HEARTBEAT_RE.exec(f[1] ?? '');
  if (!m) throw new ProtocolError('AP03: bad status block');
  const battery = Number(m[3]);
  const status: Status = { kind: 'status', ts: now, signal: bars(Number(m[1])) };
  if (battery <= 100) status.battery = battery;
  const uplinks: Uplink[] = [status];
  const steps = int(f[2]);
  if (Number.isInteger(steps) && steps <= 1_000_000) uplinks.push({ kind: 'telemetry', ts: now, values: { steps } });
  return { uplinks, summary: `AP03 battery=${battery} steps=${Number.isNaN(steps) ? '-' : steps}` };
}

/**
 * Health readings, as Traccar reads them: AP49 heart rate; APHT heart rate, systolic, diastolic;
 * APHP those, SpO2, blood sugar (no metric of ours), body temperature; AP50 body temperature and
 * battery. A blank or 0 is the watch measuring nothing and is dropped (as the watch protocol's).
 */
function health(type: string, body: string, now: number): Omit<Decoded, 'reply'> {
  const v = body.split(',');
  const values: Partial<Record<Metric, number>> = {};
  const put = (metric: Metric, value: number | undefined) => {
    if (value !== undefined && value > 0) values[metric] = value;
  };
  const uplinks: Uplink[] = [];
  switch (type) {
    case 'AP49':
      put('heartRate', reading(v[1]));
      break;
    case 'APHT':
    case 'APHP':
      put('heartRate', reading(v[1]));
      put('systolic', reading(v[2]));
      put('diastolic', reading(v[3]));
      if (type === 'APHP') {
        put('bloodOxygen', reading(v[4]));
        reading(v[5]); // blood sugar: read (a bad one is a bad frame), not kept
        put('bodyTemp', reading(v[6]));
      }
      break;
    default: {
      // AP50
      put('bodyTemp', reading(v[1]));
      const battery = reading(v[2]);
      if (battery !== undefined && battery >= 0 && battery <= 100) uplinks.push({ kind: 'status', ts: now, battery });
    }
  }
  if (Object.keys(values).length) uplinks.unshift({ kind: 'telemetry', ts: now, values });
  return { uplinks, summary: `${type} ${JSON.stringify(values)}` };
}

/**
 * The watch's answer to one of our commands: `IWAPxx,<serial>[,...]` with the serial we sent
 * (encode.ts); an 'ack' when this connection sent it.
 */
function answer(type: string, body: string, session: Session, now: number): Omit<Decoded, 'reply'> | undefined {
  const m = /^,(\d{6})(?:,|$)/.exec(body);
  if (!m || DATA.has(type)) return undefined;
  const serial = m[1]!;
  const id = take(commandRefs(session, REFS_KEY), Number(serial));
  if (id === undefined) return { uplinks: [], summary: `${type} answer ${serial} (no command of ours)` };
  return { uplinks: [{ kind: 'ack', ts: now, ref: id, ok: true }], summary: `${type} answer ${serial}` };
}

/**
 * Traccar's answer: the login `IWBP00,<UTC yyyyMMddHHmmss>,0#`; nothing to the answers of
 * commands (a serial alone, or a type of UNANSWERED); `IWBPxx#` to every other frame.
 */
function replyTo(type: string, body: string, now: number): Buffer | undefined {
  if (type === 'AP00') return trvFrame('BP00', `,${utcStamp(now)},0`);
  if (UNANSWERED.has(type) || /^,\d{6}$/.test(body)) return undefined;
  return trvFrame(`BP${type.slice(2)}`);
}

export function decodeTrv(frame: Buffer, session: Session, now: number): Decoded {
  const text = frame.toString('latin1');
  if (!text.startsWith('IW') || !text.endsWith('#')) throw new ProtocolError('not a trv frame');
  const type = text.slice(2, 6);
  if (!TYPE_RE.test(type)) throw new ProtocolError(`bad message type ${JSON.stringify(type)}`);
  const body = text.slice(6, -1);
  const reply = replyTo(type, body, now);

  let out: Decoded;
  switch (type) {
    case 'AP00': {
      // IMEI, then on newer models the ICCID and IMSI.
      const [imei = '', iccid, imsi] = body.split(',');
      if (!ID_RE.test(imei)) throw new ProtocolError('AP00 without an identifier');
      const uplinks: Uplink[] = [];
      const status: Status = { kind: 'status', ts: now };
      if (iccid && /^[0-9A-Za-z]{10,32}$/.test(iccid)) status.iccid = iccid;
      if (imsi && /^\d{6,15}$/.test(imsi)) status.imsi = imsi;
      if (status.iccid || status.imsi) uplinks.push(status);
      out = { imei, login: 'login', uplinks, summary: `AP00 ${imei}` };
      break;
    }
    case 'AP01': {
      const p = position(type, body, now);
      out = { uplinks: p.uplinks, summary: p.summary };
      break;
    }
    case 'AP10':
      out = alarmReport(body, now);
      break;
    case 'AP02':
      out = radio(body, now);
      break;
    case 'AP03':
      out = heartbeat(body, now);
      break;
    case 'AP49':
    case 'APHT':
    case 'APHP':
    case 'AP50':
      out = health(type, body, now);
      break;
    default:
      out = answer(type, body, session, now) ?? { uplinks: [], summary: `${type} (not decoded)` };
  }
  if (reply) out.reply = reply;
  return out;
}
