/**
 * Device settings of docs/requirements/entities.md#device-settings: per-metric lower/upper limits and report
 * intervals, plus the wearing, contact and list settings. One schema for the console form, the service and the
 * payload pushed to the device.
 */
import { z } from 'zod';
import { PHONE_RE } from '../validation';
import { TIME_WINDOW_RE } from './access';

/** Metrics with limits, their unit, the unit of their interval, and the bounds a limit may take. */
export const LIMIT_METRICS = {
  heartRate: { unit: 'bpm', interval: 'min', min: 20, max: 250, low: 50, high: 120 },
  bodyTemp: { unit: '°C', interval: 'min', min: 30, max: 45, low: 35.5, high: 37.5 },
  bloodOxygen: { unit: '%', interval: 'min', min: 50, max: 100, low: 90, high: 100 },
  ambientTemp: { unit: '°C', interval: 'min', min: -50, max: 120, low: -10, high: 45 },
  altitude: { unit: 'm', interval: 'min', min: -500, max: 9000, low: -100, high: 3000 },
  airQuality: { unit: 'AQI', interval: 'min', min: 0, max: 500, low: 0, high: 150 },
  humidity: { unit: '%', interval: 'min', min: 0, max: 100, low: 20, high: 90 },
  // docs/requirements/validation.md#device-settings: odour intensity is between 0 and 100.
  odour: { unit: '', interval: 's', min: 0, max: 100, low: 0, high: 60 },
  vocs: { unit: 'mg/m³', interval: 's', min: 0, max: 50, low: 0, high: 0.6 },
} as const;
export type LimitMetric = keyof typeof LIMIT_METRICS;
export const LIMIT_METRIC_NAMES = Object.keys(LIMIT_METRICS) as LimitMetric[];

const decimal2 = z.number().refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'decimalInvalid');

function limitSchema(metric: LimitMetric) {
  const m = LIMIT_METRICS[metric];
  const bound = decimal2.refine((v) => v >= m.min, 'tooSmall').refine((v) => v <= m.max, 'tooLarge');
  return z
    .object({
      low: bound,
      high: bound,
      /** Minutes or seconds as LIMIT_METRICS says. */
      interval: z.number().int('integerInvalid').min(1, 'tooSmall').max(86_400, 'tooLarge'),
    })
    .refine((l) => l.low <= l.high, { message: 'lowAboveHigh', path: ['high'] });
}

const contactSchema = z.object({
  name: z.string().trim().min(1, 'required').max(32, 'tooLong'),
  phone: z.string().trim().regex(PHONE_RE, 'phoneInvalid'),
  relation: z.string().trim().max(16, 'tooLong').default(''),
});

const phoneList = z
  .array(z.string().trim().regex(PHONE_RE, 'phoneInvalid'))
  .max(20, 'tooLarge')
  .refine((l) => new Set(l).size === l.length, 'duplicateValues');

export const deviceSettingsSchema = z.object({
  limits: z
    .object(
      Object.fromEntries(LIMIT_METRIC_NAMES.map((k) => [k, limitSchema(k)])) as {
        [K in LimitMetric]: ReturnType<typeof limitSchema>;
      },
    )
    .partial(),
  /** Seconds a condition must last before it alarms. */
  alarmDuration: z.number().int('integerInvalid').min(0, 'tooSmall').max(3600, 'tooLarge'),
  /** Minutes between scheduled restarts; 0 never. */
  restartTime: z.number().int('integerInvalid').min(0, 'tooSmall').max(10_080, 'tooLarge'),
  /** Minutes between position reports. */
  positionInterval: z.number().int('integerInvalid').min(1, 'tooSmall').max(1440, 'tooLarge'),
  /** Seconds per harmful-gas measurement. */
  gasMeasureTime: z.number().int('integerInvalid').min(1, 'tooSmall').max(3600, 'tooLarge'),
  welcome: z.string().trim().max(50, 'tooLong'),
  contacts: z.array(contactSchema).max(10, 'tooLarge'),
  whiteList: phoneList,
  blackList: phoneList,
  /**
   * Watches: the numbers its SOS key calls, in order (the watch protocol's SOS command,
   * docs/protocols.md). Absent from settings stored before they existed: empty.
   */
  sosNumbers: z
    .array(z.string().trim().regex(PHONE_RE, 'phoneInvalid'))
    .max(3, 'tooLarge')
    .refine((l) => new Set(l).size === l.length, 'duplicateValues')
    .default([]),
  /** Watches: daily do-not-disturb periods (HH:MM-HH:MM; the watch protocol's SILENCETIME). */
  doNotDisturb: z.array(z.string().trim().regex(TIME_WINDOW_RE, 'timeWindowInvalid')).max(4, 'tooLarge').default([]),
});
export type DeviceSettings = z.infer<typeof deviceSettingsSchema>;

export const DEFAULT_SETTINGS: DeviceSettings = {
  limits: Object.fromEntries(
    LIMIT_METRIC_NAMES.map((k) => [
      k,
      {
        low: LIMIT_METRICS[k].low,
        high: LIMIT_METRICS[k].high,
        interval: LIMIT_METRICS[k].interval === 'min' ? 5 : 60,
      },
    ]),
  ),
  alarmDuration: 10,
  restartTime: 0,
  positionInterval: 5,
  gasMeasureTime: 30,
  welcome: '',
  contacts: [],
  whiteList: [],
  blackList: [],
  sosNumbers: [],
  doNotDisturb: [],
};

/** Stored settings over the defaults: every key present. */
export function withDefaults(stored: Partial<DeviceSettings> | null | undefined): DeviceSettings {
  return { ...DEFAULT_SETTINGS, ...stored, limits: { ...DEFAULT_SETTINGS.limits, ...stored?.limits } };
}
