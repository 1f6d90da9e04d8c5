import { DEVICE_STATE } from '../../shared/codes';
import type { Uplink } from '../../shared/devices/protocol';
import type { KnownDevice } from '../devices/hub';

/**
 * One unit of work for the writer: an accepted uplink message or a presence change. `liveOnly`
 * marks the place of an urgent message in the bulk queue: its row and events are written ahead by
 * the priority lane, its live fields (receive time, state) here, in the device's order.
 */
export type Item =
  | {
      t: 'msg';
      device: KnownDevice;
      message: Uplink;
      msgId: string | null;
      at: number;
      ts: number;
      /** The payload as received, for the dead letter when the database refuses the row. */
      raw: Buffer;
      /** Told once what became of the message (a QoS 1 PUBLISH is acknowledged then). */
      settle?: Settle;
      /**
       * True once the message can no longer be acknowledged (its protocol connection ended): it is
       * not written then, since the device sends it again (docs/reliability.md "Duplicates").
       */
      orphaned?: () => boolean;
      liveOnly?: true;
      /** Ends the urgent message's hold on the database (lib/priority.ts) once its events left. */
      leave?: () => void;
    }
  | { t: 'presence'; device: KnownDevice; online: boolean; at: number };

/**
 * What became of a device message: stored; refused on purpose (invalid, implausible, over the
 * rate, or refused by the database and kept as a dead letter), which a device must not resend;
 * or lost (overload, the database unreachable, shutting down): not stored, so not acknowledged.
 */
export type Outcome = 'stored' | 'refused' | 'lost';
export type Settle = (outcome: Outcome) => void;

/** The message rows of these items alone (the live fields are written apart). */
export function messageRows(items: readonly Item[]): Rows {
  const rows: Rows = { readings: [], locations: [], events: [], live: [] };
  for (const item of items) if (item.t === 'msg' && !item.liveOnly) pushRows(rows, item);
  return rows;
}

/** The live columns of one device after a batch (undefined: unchanged). */
export interface Live {
  id: number;
  /** Last receive time (ms) of a message or connection; last_communication_at. */
  at?: number;
  state: number;
  /** When the state last changed within the batch (ms): the presence event's time. */
  sat: number;
  battery?: number;
  signal?: number;
  mains?: number;
  appv?: string;
  sysv?: string;
  iccid?: string;
  imsi?: string;
  lat?: number;
  lon?: number;
  lat_at?: number;
  vals?: Record<string, number>;
}

/** Rows for jsonb_to_recordset, by table (short keys keep the JSON small). */
export interface Rows {
  readings: object[];
  locations: object[];
  events: object[];
  live: Live[];
}

const round = (v: number) => Math.round(v);

function liveOf(lives: Map<number, Live>, item: Item): Live {
  let l = lives.get(item.device.id);
  if (!l) {
    l = { id: item.device.id, state: -1, sat: item.at };
    lives.set(item.device.id, l);
  }
  return l;
}

function setState(l: Live, state: number, at: number) {
  if (l.state !== state) l.sat = at;
  l.state = state;
}

function applyMessage(l: Live, m: Uplink, at: number, ts: number) {
  l.at = Math.max(l.at ?? 0, at);
  // A status saying offline is the device's last will (or its goodbye); anything else means online.
  setState(l, m.kind === 'status' && m.online === false ? DEVICE_STATE.offline : DEVICE_STATE.online, at);
  if (m.kind === 'status') {
    if (m.battery !== undefined) l.battery = round(m.battery);
    if (m.signal !== undefined) l.signal = m.signal;
    if (m.mainsPower !== undefined) l.mains = m.mainsPower;
    if (m.appVersion !== undefined) l.appv = m.appVersion;
    if (m.systemVersion !== undefined) l.sysv = m.systemVersion;
    if (m.iccid !== undefined) l.iccid = m.iccid;
    if (m.imsi !== undefined) l.imsi = m.imsi;
  } else if (m.kind === 'telemetry') {
    l.vals = { ...l.vals, ...(m.values as Record<string, number>) };
    if (m.values.battery !== undefined) l.battery = Math.min(100, Math.max(0, round(m.values.battery)));
    if (m.values.signal !== undefined) l.signal = Math.min(4, Math.max(0, round(m.values.signal)));
  } else if (
    m.kind === 'location' &&
    m.source === 'gps' &&
    m.valid !== false &&
    m.lat !== undefined &&
    m.lon !== undefined
  ) {
    if (l.lat_at === undefined || ts >= l.lat_at) {
      l.lat = m.lat;
      l.lon = m.lon;
      l.lat_at = ts;
    }
  }
}

/**
 * Splits a batch into time-series rows, sorted by device id (a stable lock order for replicas
 * writing at the same time), and folds each item into `lives`: the devices' pending live
 * fields, merged per device across batches until they are written (later items win).
 * Returns whether an item changed a device's state from the one last stored (a presence
 * transition, which is written at once rather than on the slower live cycle).
 * `lives` null (the urgent lane): rows only; the items' live fields go with their liveOnly twins.
 */
export function buildRows(
  items: readonly Item[],
  lives: Map<number, Live> | null,
): { rows: Omit<Rows, 'live'>; transition: boolean } {
  const rows = { readings: [] as object[], locations: [] as object[], events: [] as object[] };
  let transition = false;
  for (const item of items) {
    if (!lives) {
      if (item.t === 'msg') pushRows(rows, item);
      continue;
    }
    const l = liveOf(lives, item);
    if (item.t === 'presence') {
      if (item.online) l.at = Math.max(l.at ?? 0, item.at);
      setState(l, item.online ? DEVICE_STATE.online : DEVICE_STATE.offline, item.at);
      if (l.state !== item.device.state) transition = true;
      continue;
    }
    applyMessage(l, item.message, item.at, item.ts);
    if (l.state !== item.device.state) transition = true;
    if (!item.liveOnly) pushRows(rows, item);
  }
  const byDevice = (a: object, b: object) => (a as { d: number }).d - (b as { d: number }).d;
  rows.readings.sort(byDevice);
  rows.locations.sort(byDevice);
  rows.events.sort(byDevice);
  return { rows, transition };
}

function pushRows(rows: Omit<Rows, 'live'>, item: Extract<Item, { t: 'msg' }>): void {
  const { message: m, ts, msgId: mid } = item;
  const d = item.device.id;
  if (m.kind === 'telemetry') rows.readings.push({ d, ts, v: m.values, m: mid });
  else if (m.kind === 'location') {
    const radio = m.cells || m.wifi ? { cells: m.cells, wifi: m.wifi } : undefined;
    rows.locations.push({
      d,
      ts,
      lat: m.lat,
      lon: m.lon,
      alt: m.alt,
      sp: m.speed,
      hd: m.heading,
      ac: m.accuracy,
      src: m.source,
      x: m.x,
      y: m.y,
      z: m.z,
      fl: m.floor,
      va: m.valid,
      sa: m.satellites,
      ra: radio,
      m: mid,
    });
  } else if (m.kind === 'alarm') {
    rows.events.push({
      d,
      ts,
      ty: 'alarm',
      n: m.alarm,
      v: m.value,
      da: m.note === undefined ? null : { note: m.note },
      m: mid,
    });
  } else if (m.kind === 'event') {
    rows.events.push({
      d,
      ts,
      ty: 'event',
      n: m.name,
      v: m.value,
      da: m.note === undefined ? null : { note: m.note },
      m: mid,
    });
  } else if (m.kind === 'call') {
    const { roomNo, community, building, unit } = m;
    rows.events.push({ d, ts, ty: 'call', n: null, v: null, da: { roomNo, community, building, unit }, m: mid });
  }
}

/** The pending live rows, sorted by device id (one lock order for every writer). */
export function liveRows(lives: Map<number, Live>): Live[] {
  return [...lives.values()].sort((a, b) => a.id - b.id);
}
