/**
 * Uplink messages the virtual devices publish, including the one-shot messages of
 * `npm run sim -- send`. Everything here is validated by uplinkSchema in the tests.
 */
import type { z } from 'zod';
import { ALARM_EVENTS, type AlarmEvent, type uplinkSchema } from '../shared/devices/protocol';
import type { Metric } from '../shared/devices/kinds';
import type { Fix, Values } from './models';

export type UplinkInput = z.input<typeof uplinkSchema>;
type Body<K extends UplinkInput['kind']> = Omit<Extract<UplinkInput, { kind: K }>, 'id' | 'ts'>;

export function telemetry(values: Values): Body<'telemetry'> {
  return { kind: 'telemetry', values };
}

export function location(fix: Fix): Body<'location'> {
  if (fix.source === 'uwb')
    return { kind: 'location', source: 'uwb', x: fix.x, y: fix.y, floor: fix.floor, speed: fix.speed };
  return {
    kind: 'location',
    source: fix.source,
    lat: fix.lat,
    lon: fix.lon,
    speed: fix.speed,
    heading: fix.heading,
    accuracy: fix.accuracy,
  };
}

export function ack(ref: number, ok: boolean, msg: string): Body<'ack'> {
  return { kind: 'ack', ref, ok, msg };
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** `send` kinds that are alarms: every ALARM_EVENTS name, kebab-case (low-battery) or as is (lowBattery). */
const ALARM_BY_SEND_KIND = new Map<string, AlarmEvent>(
  ALARM_EVENTS.flatMap((a) => [[kebab(a), a] as const, [a, a] as const]),
);

/** `send` kinds that are one telemetry value: the metric and the value used without --value. */
const METRIC_BY_SEND_KIND: Record<string, { metric: Metric; fallback: number }> = {
  'heart-rate': { metric: 'heartRate', fallback: 150 },
  temperature: { metric: 'bodyTemp', fallback: 38.6 },
  oxygen: { metric: 'bloodOxygen', fallback: 88 },
  gas: { metric: 'gas', fallback: 25 },
  // The other threshold rules (shared/alarms/types.ts): each fallback is past the default limit.
  'ambient-temp': { metric: 'ambientTemp', fallback: 50 },
  altitude: { metric: 'altitude', fallback: 3500 },
  'air-quality': { metric: 'airQuality', fallback: 200 },
  humidity: { metric: 'humidity', fallback: 95 },
  odour: { metric: 'odour', fallback: 75 },
  vocs: { metric: 'vocs', fallback: 1.2 },
  battery: { metric: 'battery', fallback: 8 },
  // `smoke` is the detector's alarm event; this is its reading.
  'smoke-level': { metric: 'smoke', fallback: 0.2 },
  'water-pressure': { metric: 'waterPressure', fallback: 0.05 },
};

const OTHER_SEND_KINDS = ['blood-pressure', 'location', 'online', 'offline', 'call', 'card'] as const;

/** Every kind `send` accepts, for the usage text. */
export const SEND_KINDS: readonly string[] = [
  ...ALARM_EVENTS.map(kebab),
  ...Object.keys(METRIC_BY_SEND_KIND),
  ...OTHER_SEND_KINDS,
];

export class SendError extends Error {
  override name = 'SendError';
}

function number(value: string, what: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n))
    throw new SendError(`--value for ${what} must be a number (got "${value}")`);
  return n;
}

function parseLatLon(value: string): { lat: number; lon: number } {
  const parts = value.split(',').map((p) => p.trim());
  const [lat, lon] = parts.map((p) => Number(p));
  if (parts.length !== 2 || parts.some((p) => p === '') || !Number.isFinite(lat) || !Number.isFinite(lon)) {
    throw new SendError(`--value for location must be "lat,lon" in WGS-84 degrees (got "${value}")`);
  }
  if (Math.abs(lat!) > 90 || Math.abs(lon!) > 180)
    throw new SendError(`latitude must be within ±90 and longitude within ±180 (got "${value}")`);
  return { lat: lat!, lon: lon! };
}

/**
 * The message of one `send`: throws SendError for an unknown kind or a bad --value, so the CLI
 * can reject arguments before it connects. `home` is where a location goes without --value.
 */
export function buildSendMessage(
  kind: string,
  value: string | undefined,
  home: { lat: number; lon: number },
): UplinkInput {
  const alarm = ALARM_BY_SEND_KIND.get(kind);
  if (alarm) {
    const fallback = alarm === 'lowBattery' ? 8 : undefined;
    const v = value === undefined ? fallback : number(value, kind);
    return v === undefined ? { kind: 'alarm', alarm } : { kind: 'alarm', alarm, value: v };
  }
  const metric = METRIC_BY_SEND_KIND[kind];
  if (metric) return telemetry({ [metric.metric]: value === undefined ? metric.fallback : number(value, kind) });
  switch (kind) {
    case 'location': {
      const at = value === undefined ? home : parseLatLon(value);
      return { kind: 'location', source: 'gps', lat: at.lat, lon: at.lon, accuracy: 5 };
    }
    case 'online':
    case 'offline':
      return { kind: 'status', online: kind === 'online' };
    case 'call': {
      const roomNo = (value ?? '101').trim();
      if (!roomNo || roomNo.length > 32) throw new SendError('--value for call is a room number of 1-32 characters');
      return { kind: 'call', roomNo };
    }
    case 'card': {
      const cardInfo = (value ?? 'A1B2C3D4').trim();
      if (!cardInfo || cardInfo.length > 200)
        throw new SendError('--value for card is the card information, 1-200 characters');
      return { kind: 'card', cardInfo };
    }
    case 'blood-pressure': {
      const m = /^\s*(\d{2,3}(?:\.\d+)?)\s*\/\s*(\d{2,3}(?:\.\d+)?)\s*$/.exec(value ?? '160/100');
      if (!m) throw new SendError(`--value for blood-pressure is "systolic/diastolic" in mmHg (got "${value}")`);
      return telemetry({ systolic: Number(m[1]), diastolic: Number(m[2]) });
    }
  }
  throw new SendError(`unknown kind "${kind}"; one of: ${SEND_KINDS.join(', ')}`);
}
