/**
 * The telemetry screens of issue 14: which metrics of METRICS each map-layout route of
 * src/shared/routes.ts shows, the alarm limits a device's reading is held against and the alarm
 * type a metric raises. One generic screen (features/devices/MetricScreen) reads this table for
 * every route below; the service's `POST /api/device/metric/devices` reads the limits from it.
 *
 * The mapping (the first metric is the route's default):
 * - heart_rate → heartRate; tempature_people → bodyTemp; tempature → ambientTemp;
 *   altitude → altitude; odor → odour; vocs → vocs.
 * - oxygen (氧气浓度) → bloodOxygen: the fleet has no ambient oxygen sensor; the wearables' SpO2
 *   is the oxygen reading the console has.
 * - xwgas (可燃气体, combustible gas) → gas (% LEL of the gas sensor).
 * - harmfalgas (有害气体) → airQuality, then vocs: the harmful (not combustible) gases the gas
 *   sensor reports.
 * - electronic (电量) → battery.
 * - dtudz (DTU数据) → waterPressure, voltage, current, power: what the fire-main and breaker
 *   DTUs report.
 */
import { FIXED_RULES, LIMIT_ALARM_TYPE, type AlarmType } from '../alarms/types';
import { DEVICE_STATE } from '../codes';
import { KIND_INFO, METRICS, type DeviceKind, type Metric } from './kinds';
import { LIMIT_METRICS, withDefaults, type DeviceSettings, type LimitMetric } from './settings';

export const METRIC_ROUTES = {
  heart_rate: ['heartRate'],
  tempature_people: ['bodyTemp'],
  tempature: ['ambientTemp'],
  altitude: ['altitude'],
  odor: ['odour'],
  vocs: ['vocs'],
  oxygen: ['bloodOxygen'],
  xwgas: ['gas'],
  harmfalgas: ['airQuality', 'vocs'],
  electronic: ['battery'],
  dtudz: ['waterPressure', 'voltage', 'current', 'power'],
} as const satisfies Record<string, readonly [Metric, ...Metric[]]>;
export type MetricRoute = keyof typeof METRIC_ROUTES;
export const METRIC_ROUTE_NAMES = Object.keys(METRIC_ROUTES) as MetricRoute[];

export function metricsOfRoute(route: string): readonly Metric[] {
  return (METRIC_ROUTES as Record<string, readonly Metric[]>)[route] ?? [];
}

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
  if (value === null || value === undefined || (state !== DEVICE_STATE.online && state !== DEVICE_STATE.abnormal)) return 'offline';
  if (limits.max !== undefined && value > limits.max) return 'high';
  if (limits.min !== undefined && value < limits.min) return 'low';
  return 'normal';
}

/** Device kinds that report a metric (KIND_INFO). */
export function kindsReporting(metric: Metric): DeviceKind[] {
  return (Object.keys(KIND_INFO) as DeviceKind[]).filter((k) => (KIND_INFO[k].metrics as readonly Metric[]).includes(metric));
}

export const isMetric = (m: string): m is Metric => (METRICS as readonly string[]).includes(m);
