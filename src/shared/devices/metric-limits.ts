/**
 * What the telemetry screens (metric-routes.ts) hold a device's current reading to: the alarm
 * limits the alarm engine uses for a metric (a device's settings, else the fixed rules), the level
 * of a reading and the alarm type a metric raises. The service's `POST /api/device/metric/devices`
 * and the console's MetricScreen both read them.
 */
import { FIXED_RULES, LIMIT_ALARM_TYPE, type AlarmType } from '../alarms/types';
import { DEVICE_STATE } from '../codes';
import { KIND_INFO, type DeviceKind, type Metric } from './kinds';
import { LIMIT_METRICS, withDefaults, type DeviceSettings, type LimitMetric } from './settings';

/** Where a reading stands: within its limits, above, below, or no live reading (device not online). */
export const METRIC_LEVELS = ['high', 'low', 'normal', 'offline'] as const;
export type MetricLevel = (typeof METRIC_LEVELS)[number];

/** Alarm limits of a metric (inclusive bounds of the normal band); a side left out has no limit. */
export interface MetricLimits {
  min?: number;
  max?: number;
}

const isLimitMetric = (m: Metric): m is LimitMetric => m in LIMIT_METRICS;
type FixedMetric = keyof typeof FIXED_RULES;
const isFixedMetric = (m: Metric): m is FixedMetric => m in FIXED_RULES;

/** The fixed limits of a metric without per-device settings (FIXED_RULES), or none. */
export function fixedLimits(metric: Metric): MetricLimits {
  if (!isFixedMetric(metric)) return {};
  const rule = FIXED_RULES[metric];
  return 'above' in rule ? { max: rule.above } : { min: rule.below };
}

/** The limits the alarm engine holds this metric of a device to: its settings' low/high, else the fixed rule. */
export function metricLimits(metric: Metric, settings: Partial<DeviceSettings> | null | undefined): MetricLimits {
  if (isLimitMetric(metric)) {
    const l = withDefaults(settings).limits[metric];
    return l ? { min: l.low, max: l.high } : {};
  }
  return fixedLimits(metric);
}

/** The alarm type a metric raises, if any. */
export function metricAlarmType(metric: Metric): AlarmType | undefined {
  if (isLimitMetric(metric)) return LIMIT_ALARM_TYPE[metric];
  if (isFixedMetric(metric)) return FIXED_RULES[metric].type;
  return undefined;
}

/** The level of a reading: offline unless the device is online or abnormal and has a value. */
export function metricLevel(state: number, value: number | null | undefined, limits: MetricLimits): MetricLevel {
  if (value === null || value === undefined || (state !== DEVICE_STATE.online && state !== DEVICE_STATE.abnormal))
    return 'offline';
  if (limits.max !== undefined && value > limits.max) return 'high';
  if (limits.min !== undefined && value < limits.min) return 'low';
  return 'normal';
}

/** Device kinds that report a metric (KIND_INFO). */
export function kindsReporting(metric: Metric): DeviceKind[] {
  return (Object.keys(KIND_INFO) as DeviceKind[]).filter((k) =>
    (KIND_INFO[k].metrics as readonly Metric[]).includes(metric),
  );
}
