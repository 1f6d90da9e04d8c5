/**
 * The OsmAnd protocol (Traccar's "osmand", port 5055; docs/protocols.md): the OsmAnd app and
 * Traccar Client send a fix as an HTTP request, its fields in the query (GET) or a form body
 * (POST); Traccar Client 9+ posts JSON instead. The answer is the status alone.
 */
import {
  IMEI_RE,
  toMillis,
  type AlarmEvent,
  type Cell,
  type Uplink,
  type WifiAp,
} from '../../../shared/devices/protocol';
import type { HttpCodec, HttpDecoded, HttpRequestLike } from '../types';

type Status = Extract<Uplink, { kind: 'status' }>;

/** A request this codec cannot read: answered 400. */
class BadRequest extends Error {}

const KNOTS_TO_KMH = 1.852;
const MPS_TO_KMH = 3.6;
const NUMBER_RE = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;
const DIGITS_RE = /^\d+(\.\d+)?$/;
const MAC_RE = /^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/;
/** What the location schema takes (src/shared/devices/protocol.ts). */
const MAX_CELLS = 16;
const MAX_WIFI = 32;
const EVENT_RE = /^[A-Za-z0-9_]{1,48}$/;
/** Alarms one request may raise (Traccar joins several with commas). */
const MAX_ALARMS = 8;

/**
 * The `alarm` values of Traccar Client and OsmAnd (Traccar's alarm names) that are ours
 * (docs/protocols.md "osmand", "Alarms"); any other value is the event `osmand.alarm.<value>`.
 */
const ALARMS: Readonly<Record<string, AlarmEvent>> = {
  sos: 'sos',
  fall: 'fall',
  fallDown: 'fall',
  lowBattery: 'lowBattery',
  lowPower: 'lowBattery',
  tampering: 'fault',
  removing: 'wearOff',
  powerCut: 'powerLoss',
  powerOff: 'powerLoss',
  accident: 'collision',
};

function number(v: unknown, what: string): number {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && NUMBER_RE.test(v.trim())) return Number(v.trim());
  throw new BadRequest(`bad ${what}`);
}

/** Seconds or milliseconds since the epoch, an ISO date, or `yyyy-MM-dd HH:mm:ss` (read as UTC). */
function timestamp(v: unknown): number {
  if (typeof v === 'number' && Number.isFinite(v) && v > 0) return toMillis(v);
  if (typeof v !== 'string') throw new BadRequest('bad timestamp');
  const t = v.trim();
  if (DIGITS_RE.test(t)) return toMillis(Number(t));
  const ms = Date.parse(t.includes('T') ? t : `${t.replace(' ', 'T')}Z`);
  if (!Number.isFinite(ms)) throw new BadRequest('bad timestamp');
  return ms;
}

function flag(v: string): boolean {
  return v === 'true' || v === '1';
}

/** What one fix carried, before it becomes uplinks. */
interface Fix {
  ts?: number;
  lat?: number;
  lon?: number;
  speed?: number;
  heading?: number;
  alt?: number;
  accuracy?: number;
  valid?: boolean;
  battery?: number;
  charging?: boolean;
  event?: string;
  /** The `alarm` values sent, as sent. */
  alarms: string[];
  cells: Cell[];
  wifi: WifiAp[];
}

const newFix = (): Fix => ({ alarms: [], cells: [], wifi: [] });

/** An `alarm` value (one name or several joined by commas): kept for the uplinks, at most MAX_ALARMS. */
function addAlarm(fix: Fix, value: unknown): void {
  if (typeof value !== 'string') return;
  for (const name of value.split(',')) {
    const n = name.trim();
    if (n && fix.alarms.length < MAX_ALARMS && !fix.alarms.includes(n)) fix.alarms.push(n);
  }
}

/** An alarm value as our alarm, or the named event; a value no event name can hold is `osmand.alarm` with it as note. */
function alarmUplink(value: string, ts: number): Uplink {
  const ours = Object.hasOwn(ALARMS, value) ? ALARMS[value] : undefined;
  if (ours) return { kind: 'alarm', ts, alarm: ours };
  return EVENT_RE.test(value)
    ? { kind: 'event', ts, name: `osmand.alarm.${value}` }
    : { kind: 'event', ts, name: 'osmand.alarm', note: value.slice(0, 200) };
}

function uplinks(fix: Fix, now: number): Uplink[] {
  const ts = fix.ts ?? now;
  const out: Uplink[] = [];
  const hasCoords = fix.lat !== undefined && fix.lon !== undefined;
  if (hasCoords || fix.cells.length || fix.wifi.length) {
    out.push({
      kind: 'location',
      ts,
      source: hasCoords ? 'gps' : fix.wifi.length ? 'wifi' : 'lbs',
      ...(hasCoords && { lat: fix.lat, lon: fix.lon }),
      ...(fix.speed !== undefined && { speed: fix.speed }),
      ...(fix.heading !== undefined && { heading: fix.heading }),
      ...(fix.alt !== undefined && { alt: fix.alt }),
      ...(fix.accuracy !== undefined && { accuracy: fix.accuracy }),
      ...(fix.valid !== undefined && { valid: fix.valid }),
      ...(fix.cells.length && { cells: fix.cells.slice(0, MAX_CELLS) }),
      ...(fix.wifi.length && { wifi: fix.wifi.slice(0, MAX_WIFI) }),
    });
  }
  if (fix.battery !== undefined || fix.charging !== undefined) {
    const status: Status = { kind: 'status', ts };
    if (fix.battery !== undefined) status.battery = fix.battery;
    if (fix.charging !== undefined) status.charging = fix.charging;
    out.push(status);
  }
  if (fix.event !== undefined) out.push({ kind: 'event', ts, name: `osmand.${fix.event}` });
  for (const a of fix.alarms) out.push(alarmUplink(a, ts));
  return out;
}

function setLat(fix: Fix, v: unknown) {
  const lat = number(v, 'latitude');
  if (Math.abs(lat) > 90) throw new BadRequest('bad latitude');
  fix.lat = lat;
}

function setLon(fix: Fix, v: unknown) {
  const lon = number(v, 'longitude');
  if (Math.abs(lon) > 180) throw new BadRequest('bad longitude');
  fix.lon = lon;
}

/** A speed, bearing or accuracy the sender did not know is negative (-1): left out. */
const known = (v: number) => (v >= 0 ? v : undefined);

/** One query or form field, as Traccar's decoder reads it; fields it does not know are ignored. */
function field(fix: Fix, key: string, value: string): void {
  switch (key) {
    case 'lat':
      return setLat(fix, value);
    case 'lon':
      return setLon(fix, value);
    case 'location': {
      const [lat, lon] = value.split(',');
      setLat(fix, lat);
      return setLon(fix, lon);
    }
    case 'timestamp':
      fix.ts = timestamp(value);
      return;
    case 'speed': {
      // Knots in this protocol (Traccar reads it so; Traccar Client converts to knots).
      const kn = known(number(value, 'speed'));
      fix.speed = kn === undefined ? undefined : Math.min(kn * KNOTS_TO_KMH, 2000);
      return;
    }
    case 'bearing':
    case 'heading': {
      const h = known(number(value, 'bearing'));
      fix.heading = h === undefined || h > 360 ? undefined : h;
      return;
    }
    case 'altitude':
      fix.alt = number(value, 'altitude');
      return;
    case 'accuracy':
      fix.accuracy = known(number(value, 'accuracy'));
      return;
    case 'batt': {
      const b = number(value, 'battery');
      fix.battery = b >= 0 && b <= 100 ? b : undefined;
      return;
    }
    case 'charge':
      fix.charging = flag(value);
      return;
    case 'valid':
      fix.valid = flag(value);
      return;
    case 'alarm':
      return addAlarm(fix, value);
    case 'cell': {
      // mcc,mnc,lac,cid[,signal]
      const [mcc, mnc, lac, cid, signal] = value.split(',').map((s) => number(s, 'cell'));
      if (mcc === undefined || mnc === undefined || lac === undefined || cid === undefined)
        throw new BadRequest('bad cell');
      const fits =
        [mcc, mnc, lac, cid].every((n) => Number.isInteger(n) && n >= 0) &&
        mcc <= 999 &&
        mnc <= 999 &&
        lac <= 0xffffffff &&
        cid <= 0xffffffffff;
      if (!fits) throw new BadRequest('bad cell');
      fix.cells.push(
        signal !== undefined && signal <= 0 && signal >= -200 ? { mcc, mnc, lac, cid, signal } : { mcc, mnc, lac, cid },
      );
      return;
    }
    case 'wifi': {
      // mac with '-' or ':',signal
      const [mac = '', signal] = value.split(',');
      const m = mac.replace(/-/g, ':').toLowerCase();
      if (!MAC_RE.test(m)) throw new BadRequest('bad wifi');
      const s = signal === undefined ? undefined : number(signal, 'wifi');
      fix.wifi.push(s !== undefined && s <= 0 && s >= -200 ? { mac: m, signal: s } : { mac: m });
      return;
    }
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One `location` of Traccar Client's JSON (the Transistorsoft background-geolocation shape): speed m/s, battery level 0-1. */
function jsonFix(loc: unknown): Fix {
  if (!isObject(loc) || !isObject(loc.coords)) throw new BadRequest('location without coords');
  const fix = newFix();
  const c = loc.coords;
  setLat(fix, c.latitude);
  setLon(fix, c.longitude);
  if (loc.timestamp !== undefined) fix.ts = timestamp(loc.timestamp);
  const speed = c.speed === undefined || c.speed === null ? undefined : known(number(c.speed, 'speed'));
  if (speed !== undefined) fix.speed = Math.min(speed * MPS_TO_KMH, 2000);
  const heading = c.heading === undefined || c.heading === null ? undefined : known(number(c.heading, 'heading'));
  if (heading !== undefined && heading <= 360) fix.heading = heading;
  if (c.altitude !== undefined && c.altitude !== null) fix.alt = number(c.altitude, 'altitude');
  const accuracy = c.accuracy === undefined || c.accuracy === null ? undefined : known(number(c.accuracy, 'accuracy'));
  if (accuracy !== undefined) fix.accuracy = accuracy;
  if (isObject(loc.battery)) {
    const level = loc.battery.level === undefined ? undefined : number(loc.battery.level, 'battery');
    if (level !== undefined && level >= 0 && level <= 1) fix.battery = Math.round(level * 100);
    if (typeof loc.battery.is_charging === 'boolean') fix.charging = loc.battery.is_charging;
  }
  // Traccar Client's SOS button: the alarm in the location's extras (or beside it).
  addAlarm(fix, loc.alarm);
  if (isObject(loc.extras)) addAlarm(fix, loc.extras.alarm);
  // 'heartbeat' is Traccar Client's periodic fix while standing still, not an event.
  if (typeof loc.event === 'string' && loc.event !== 'heartbeat' && EVENT_RE.test(loc.event)) fix.event = loc.event;
  return fix;
}

function header(req: HttpRequestLike, name: string): string | undefined {
  for (const [k, v] of Object.entries(req.headers)) if (k.toLowerCase() === name) return v;
  return undefined;
}

const deviceId = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : undefined);

/** The device id and the fixes of a request. */
function read(req: HttpRequestLike): { id?: string; fixes: Fix[] } {
  const q = req.uri.indexOf('?');
  const query = new URLSearchParams(q < 0 ? '' : req.uri.slice(q + 1));
  const body = req.body.trim();
  if (body && (/json/i.test(header(req, 'content-type') ?? '') || body.startsWith('{'))) {
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      throw new BadRequest('bad JSON');
    }
    if (!isObject(json)) throw new BadRequest('JSON is not an object');
    const locations = Array.isArray(json.location) ? json.location : [json.location];
    const fixes = locations.map(jsonFix);
    // An alarm beside the location (root, or in the query of a JSON post) goes with the first fix.
    const first = fixes[0] ?? newFix();
    addAlarm(first, json.alarm);
    for (const a of query.getAll('alarm')) addAlarm(first, a);
    if (!fixes.length && first.alarms.length) fixes.push(first);
    return { id: deviceId(json.device_id) ?? query.get('id') ?? query.get('deviceid') ?? undefined, fixes };
  }
  // Like Traccar: the query when it has fields, else a form body.
  const params = [...query.keys()].length ? query : new URLSearchParams(body);
  const fix = newFix();
  let id: string | undefined;
  for (const [key, value] of params) {
    if (key === 'id' || key === 'deviceid') id = value.trim();
    else field(fix, key, value);
  }
  return { id, fixes: [fix] };
}

function decodeOsmand(req: HttpRequestLike, now: number): HttpDecoded {
  let got: { id?: string; fixes: Fix[] };
  try {
    got = read(req);
  } catch (e) {
    if (e instanceof BadRequest) return { uplinks: [], status: 400, summary: `${req.method} ${e.message}` };
    throw e;
  }
  if (!got.id) return { uplinks: [], status: 400, summary: `${req.method} without a device id` };
  if (!IMEI_RE.test(got.id)) return { uplinks: [], status: 400, summary: `${req.method} bad device id` };
  const ups = got.fixes.flatMap((f) => uplinks(f, now));
  const where = got.fixes.map((f) => (f.lat !== undefined ? `${f.lat},${f.lon}` : 'no fix')).join(' ');
  const alarms = got.fixes.flatMap((f) => f.alarms);
  const raised = alarms.length ? ` alarm=${alarms.join(',')}` : '';
  return { imei: got.id, uplinks: ups, status: 200, summary: `${req.method} ${where}${raised}` };
}

export const osmand: HttpCodec = { name: 'osmand', transport: 'http', defaultPort: 5055, decode: decodeOsmand };
