/**
 * Device traffic to alarm intents: which lasting conditions a message starts or ends, and which
 * one-off alarms it raises. Whether an intent becomes a record is decided against the shared
 * state in the database (conditions.ts).
 */
import { ALARM_TYPES, EVENT_ALARM_TYPE, type AlarmType } from '../../shared/alarms/types';
import { KIND_INFO, type DeviceKind, type Metric } from '../../shared/devices/kinds';
import {
  toMillis,
  UPLINK_MAX_AHEAD_MS,
  UPLINK_MIN_TS,
  type AlarmEvent,
  type Uplink,
} from '../../shared/devices/protocol';
import type { KnownDevice } from '../devices/hub';
import type { DeviceProfile } from './profiles';
import { evaluateValues } from './rules';

/** What the engine queues from the device hub. */
export type Input =
  | { t: 'uplink'; device: KnownDevice; message: Uplink; at: number }
  | { t: 'presence'; device: KnownDevice; online: boolean; at: number };

interface Start {
  t: 'start';
  deviceId: number;
  type: AlarmType;
  ts: number;
  /** Not raised before this time (ts + alarmDuration). */
  dueAt: number;
  value: number | null;
  threshold: number | null;
  data?: Record<string, string>;
}
interface End {
  t: 'end';
  deviceId: number;
  type: AlarmType;
  ts: number;
  value: number | null;
  /** The record an ended condition writes: 19 recovery, or 1 online after an offline alarm. */
  as: AlarmType;
}
interface Once {
  t: 'once';
  deviceId: number;
  type: AlarmType;
  ts: number;
  value: number | null;
  /** Two alarms of one type with different tags are different events (not de-duplicated). */
  tag: string;
  data?: Record<string, string>;
}
export type Intent = Start | End | Once;

/** The message's own time, as the ingest stores it: the receive time when absent or implausible. */
export function messageTime(m: Uplink, at: number): number {
  const ts = m.ts === undefined ? at : toMillis(m.ts);
  return ts > at + UPLINK_MAX_AHEAD_MS || ts < UPLINK_MIN_TS ? at : ts;
}

/**
 * Lasting types a device may also announce as an event. The event starts the condition only on
 * kinds that report the metric, since only their readings can end it; elsewhere it is one-off.
 */
const EVENT_METRIC: Partial<Record<AlarmType, Metric>> = { 8: 'smoke', 14: 'gas', 9: 'battery' };

function reports(kind: string, metric: Metric): boolean {
  return KIND_INFO[kind as DeviceKind]?.metrics.includes(metric) ?? false;
}

function clean(data: Record<string, string | undefined>): Record<string, string> | undefined {
  const out = Object.fromEntries(
    Object.entries(data).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''),
  );
  return Object.keys(out).length ? out : undefined;
}

function fromValues(p: DeviceProfile, values: Partial<Record<Metric, number>>, ts: number): Intent[] {
  const dueAt = ts + p.settings.alarmDuration * 1000;
  return evaluateValues(values, p.settings).map((v) =>
    v.abnormal
      ? { t: 'start', deviceId: p.id, type: v.type, ts, dueAt, value: v.value, threshold: v.threshold }
      : { t: 'end', deviceId: p.id, type: v.type, ts, value: v.value, as: 19 },
  );
}

/** Whether a device event starts (wearOff, ...) or ends (wearOn) a lasting condition on this kind of device, rather than being one-off. */
function eventLasts(alarm: AlarmEvent, kind: string): boolean {
  if (alarm === 'wearOn' || alarm === 'wearOff') return true;
  const type = EVENT_ALARM_TYPE[alarm];
  const metric = EVENT_METRIC[type];
  return metric !== undefined && reports(kind, metric) && ALARM_TYPES[type].lasting;
}

/**
 * Urgent uplinks take the priority lane of the ingest and of the engine, ahead of bulk traffic:
 * critical (level 3) one-off events (sos, fall, collision, fireButton, nearElectricity, powerLoss,
 * and smoke or gasLeak on kinds where they are one-off), door calls and cards. They only ever
 * make one-off intents, whose outcome does not depend on the device's other messages, so taking
 * them out of order is safe; everything that starts or ends a condition keeps its place.
 */
export function urgentUplink(m: Uplink, kind: string): boolean {
  if (m.kind === 'call' || m.kind === 'card') return true;
  return m.kind === 'alarm' && ALARM_TYPES[EVENT_ALARM_TYPE[m.alarm]].level === 3 && !eventLasts(m.alarm, kind);
}

function fromAlarm(p: DeviceProfile, m: Extract<Uplink, { kind: 'alarm' }>, ts: number): Intent[] {
  const type = EVENT_ALARM_TYPE[m.alarm];
  const value = m.value ?? null;
  const data = clean({ note: m.note, event: m.alarm });
  if (m.alarm === 'wearOn') return [{ t: 'end', deviceId: p.id, type, ts, value, as: 19 }];
  if (eventLasts(m.alarm, p.kind))
    return [{ t: 'start', deviceId: p.id, type, ts, dueAt: ts, value, threshold: null, data }];
  return [{ t: 'once', deviceId: p.id, type, ts, value, tag: '', data }];
}

/** The intents of one queued input, for a device whose profile is known. */
export function intentsOf(input: Input, p: DeviceProfile): Intent[] {
  if (input.t === 'presence') {
    const ts = input.at;
    return input.online
      ? [{ t: 'end', deviceId: p.id, type: 2, ts, value: null, as: 1 }]
      : [{ t: 'start', deviceId: p.id, type: 2, ts, dueAt: ts, value: null, threshold: null }];
  }
  const m = input.message;
  const ts = messageTime(m, input.at);
  switch (m.kind) {
    case 'telemetry':
      return fromValues(p, m.values, ts);
    case 'status': {
      const out = m.battery === undefined ? [] : fromValues(p, { battery: m.battery }, ts);
      if (m.wearing === false)
        out.push({ t: 'start', deviceId: p.id, type: 4, ts, dueAt: ts, value: null, threshold: null });
      if (m.wearing === true) out.push({ t: 'end', deviceId: p.id, type: 4, ts, value: null, as: 19 });
      return out;
    }
    case 'alarm':
      return fromAlarm(p, m, ts);
    case 'call':
      return [
        {
          t: 'once',
          deviceId: p.id,
          type: 33,
          ts,
          value: null,
          tag: m.roomNo,
          data: clean({ roomNo: m.roomNo, community: m.community, building: m.building, unit: m.unit }),
        },
      ];
    case 'card':
      return [
        { t: 'once', deviceId: p.id, type: 34, ts, value: null, tag: m.cardInfo, data: { cardInfo: m.cardInfo } },
      ];
    default:
      return [];
  }
}
