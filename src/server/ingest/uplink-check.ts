/**
 * The common uplinks of the protocol decoders (location, status, telemetry, alarm, event) checked
 * by hand, in a tenth of the time the zod schema takes: a protocol position is checked several
 * times a second per device (docs/performance.md "Protocol ingest CPU"). The answer is the
 * message itself when it is certainly valid and the schema's output would be the same object,
 * and undefined when unsure (another kind, a key the schema would strip, a default it would fill,
 * a value out of range): then uplinkSchema decides, as before. So this can make nothing valid
 * that the schema refuses; tests/server/ingest/uplink-check.test.ts holds it to that over the
 * decoders' uplinks and their mutations.
 */
import { METRICS } from '../../shared/devices/kinds';
import { ALARM_EVENTS, type Uplink } from '../../shared/devices/protocol';
import { isBadText } from '../../shared/text';

type Check = (v: unknown) => boolean;

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const between =
  (min: number, max: number): Check =>
  (v) =>
    finite(v) && v >= min && v <= max;
// zod's int() takes safe integers only.
const intBetween =
  (min: number, max: number): Check =>
  (v) =>
    Number.isSafeInteger(v) && (v as number) >= min && (v as number) <= max;
const text =
  (max: number): Check =>
  (v) =>
    typeof v === 'string' && v.length <= max && !isBadText(v);
const bool: Check = (v) => typeof v === 'boolean';
const oneOf = (values: readonly string[]): Check => {
  const set = new Set(values);
  return (v) => typeof v === 'string' && set.has(v);
};

/** A plain object whose every own key has a check that passes; an absent or undefined optional key passes. */
function fields(v: unknown, checks: Record<string, Check>, required: readonly string[] = []): boolean {
  if (typeof v !== 'object' || v === null || Array.isArray(v) || Object.getPrototypeOf(v) !== Object.prototype)
    return false;
  const o = v as Record<string, unknown>;
  for (const key in o) {
    if (!Object.hasOwn(checks, key)) return false;
    const value = o[key];
    if (value === undefined ? required.includes(key) : !checks[key]!(value)) return false;
  }
  for (const key of required) if (!Object.hasOwn(o, key) || o[key] === undefined) return false;
  return true;
}

const list =
  (max: number, item: Check): Check =>
  (v) =>
    Array.isArray(v) && v.length <= max && v.every((x) => x !== undefined && item(x));

const common: Record<string, Check> = {
  ts: (v) => finite(v) && v > 0,
  id: (v) => text(64)(v) || intBetween(0, Number.MAX_SAFE_INTEGER)(v),
};

const cell: Check = (v) =>
  fields(
    v,
    {
      mcc: intBetween(0, 999),
      mnc: intBetween(0, 999),
      lac: intBetween(0, 0xffffffff),
      cid: intBetween(0, 0xffffffffff),
      signal: intBetween(-200, 0),
    },
    ['mcc', 'mnc', 'lac', 'cid'],
  );
const MAC_RE = /^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/;
const wifi: Check = (v) =>
  fields(v, { mac: (m) => typeof m === 'string' && MAC_RE.test(m), signal: intBetween(-200, 0) }, ['mac']);

const kind =
  (k: string): Check =>
  (v) =>
    v === k;

const location: Record<string, Check> = {
  kind: kind('location'),
  ...common,
  lat: between(-90, 90),
  lon: between(-180, 180),
  alt: finite,
  speed: between(0, 2000),
  heading: between(0, 360),
  accuracy: (v) => finite(v) && v >= 0,
  source: oneOf(['gps', 'lbs', 'wifi', 'uwb']),
  x: finite,
  y: finite,
  z: finite,
  floor: text(32),
  valid: bool,
  satellites: intBetween(0, 99),
  cells: list(16, cell),
  wifi: list(32, wifi),
};

const status: Record<string, Check> = {
  kind: kind('status'),
  ...common,
  online: bool,
  battery: between(0, 100),
  signal: intBetween(0, 4),
  mainsPower: (v) => v === 0 || v === 1,
  charging: bool,
  wearing: bool,
  appVersion: text(64),
  systemVersion: text(64),
  iccid: text(32),
  imsi: text(32),
};

const METRIC_SET = new Set<string>(METRICS);

const telemetry: Record<string, Check> = {
  kind: kind('telemetry'),
  ...common,
  values: (v) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v) || Object.getPrototypeOf(v) !== Object.prototype)
      return false;
    let n = 0;
    for (const key in v) {
      if (!METRIC_SET.has(key) || !finite((v as Record<string, unknown>)[key])) return false;
      n++;
    }
    return n > 0;
  },
};

const alarm: Record<string, Check> = {
  kind: kind('alarm'),
  ...common,
  alarm: oneOf(ALARM_EVENTS),
  value: finite,
  note: text(200),
};

const EVENT_NAME_RE = /^[A-Za-z0-9_.:-]{1,64}$/;
const event: Record<string, Check> = {
  kind: kind('event'),
  ...common,
  name: (v) => typeof v === 'string' && EVENT_NAME_RE.test(v),
  value: finite,
  note: text(200),
};

/** A location needs a position of some kind (the schema's refinement). */
function placed(m: Record<string, unknown>): boolean {
  return (
    (m.lat !== undefined && m.lon !== undefined) ||
    (m.x !== undefined && m.y !== undefined) ||
    (Array.isArray(m.cells) && m.cells.length > 0) ||
    (Array.isArray(m.wifi) && m.wifi.length > 0)
  );
}

/** `message` as a valid Uplink when this check is sure of it; undefined: ask uplinkSchema. */
export function checkedUplink(message: unknown): Uplink | undefined {
  if (typeof message !== 'object' || message === null) return undefined;
  const m = message as Record<string, unknown>;
  switch (m.kind) {
    case 'location':
      // The schema fills a missing source in: its output would not be this object.
      return m.source !== undefined && fields(m, location, ['kind', 'source']) && placed(m) ? (m as Uplink) : undefined;
    case 'status':
      return fields(m, status, ['kind']) ? (m as Uplink) : undefined;
    case 'telemetry':
      return fields(m, telemetry, ['kind', 'values']) ? (m as Uplink) : undefined;
    case 'alarm':
      return fields(m, alarm, ['kind', 'alarm']) ? (m as Uplink) : undefined;
    case 'event':
      return fields(m, event, ['kind', 'name']) ? (m as Uplink) : undefined;
    default:
      return undefined;
  }
}
