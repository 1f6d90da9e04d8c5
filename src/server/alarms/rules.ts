/**
 * Threshold rules on readings (docs/alarms.md): pure functions from values and a device's
 * settings to verdicts. A value between the alarm threshold and the recovery threshold (the
 * hysteresis band) gives no verdict, so a reading that hovers at the limit neither raises nor
 * recovers again and again.
 */
import { FIXED_RULES, LIMIT_ALARM_TYPE, type AlarmType } from '../../shared/alarms/types';
import type { Metric } from '../../shared/devices/kinds';
import {
  LIMIT_METRICS,
  LIMIT_METRIC_NAMES,
  type DeviceSettings,
  type LimitMetric,
} from '../../shared/devices/settings';

type Verdict =
  | { abnormal: true; type: AlarmType; value: number; threshold: number }
  | { abnormal: false; type: AlarmType; value: number };

/**
 * How far back inside the limits a value must come before a limit alarm recovers, in the
 * metric's unit: about the reading noise of a typical sensor, so noise alone cannot recover it.
 */
const LIMIT_HYSTERESIS: Record<LimitMetric, number> = {
  heartRate: 3,
  bodyTemp: 0.2,
  bloodOxygen: 1,
  ambientTemp: 1,
  altitude: 10,
  airQuality: 5,
  humidity: 2,
  odour: 2,
  vocs: 0.05,
};

type Values = Partial<Record<Metric, number>>;

/** One limit metric against the device's low/high limits. */
function limitVerdict(metric: LimitMetric, value: number, limit: { low: number; high: number }): Verdict | undefined {
  const type = LIMIT_ALARM_TYPE[metric];
  const bounds = LIMIT_METRICS[metric];
  if (value > limit.high) return { abnormal: true, type, value, threshold: limit.high };
  if (value < limit.low) return { abnormal: true, type, value, threshold: limit.low };
  // A band never wider than a quarter of the normal range, so narrow limits still leave room to recover.
  const margin = Math.min(LIMIT_HYSTERESIS[metric], (limit.high - limit.low) / 4);
  // A limit at the metric's own bound cannot be crossed (SpO2 above 100), so it has no band.
  if (limit.high < bounds.max && value > limit.high - margin) return undefined;
  if (limit.low > bounds.min && value < limit.low + margin) return undefined;
  return { abnormal: false, type, value };
}

function above(type: AlarmType, value: number, rule: { above: number; recoverBelow: number }): Verdict | undefined {
  if (value > rule.above) return { abnormal: true, type, value, threshold: rule.above };
  if (value < rule.recoverBelow) return { abnormal: false, type, value };
  return undefined;
}

function below(type: AlarmType, value: number, rule: { below: number; recoverAbove: number }): Verdict | undefined {
  if (value < rule.below) return { abnormal: true, type, value, threshold: rule.below };
  if (value > rule.recoverAbove) return { abnormal: false, type, value };
  return undefined;
}

/** Systolic and diastolic are one condition (type 5): abnormal if either is high, normal when both are. */
function bloodPressure(systolic: number | undefined, diastolic: number | undefined): Verdict | undefined {
  const s = systolic === undefined ? undefined : above(5, systolic, FIXED_RULES.systolic);
  const d = diastolic === undefined ? undefined : above(5, diastolic, FIXED_RULES.diastolic);
  if (s?.abnormal) return s;
  if (d?.abnormal) return d;
  const given = [systolic, diastolic].filter((v) => v !== undefined).length;
  const normal = [s, d].filter((v) => v && !v.abnormal);
  return given > 0 && normal.length === given ? normal[0] : undefined;
}

/** Every rule that applies to these values; at most one verdict per alarm type. */
export function evaluateValues(values: Values, settings: DeviceSettings): Verdict[] {
  const out: Verdict[] = [];
  const push = (v: Verdict | undefined) => v && out.push(v);
  for (const metric of LIMIT_METRIC_NAMES) {
    const value = values[metric];
    const limit = settings.limits[metric];
    if (value !== undefined && limit) push(limitVerdict(metric, value, limit));
  }
  if (values.battery !== undefined) push(below(FIXED_RULES.battery.type, values.battery, FIXED_RULES.battery));
  if (values.gas !== undefined) push(above(FIXED_RULES.gas.type, values.gas, FIXED_RULES.gas));
  if (values.smoke !== undefined) push(above(FIXED_RULES.smoke.type, values.smoke, FIXED_RULES.smoke));
  if (values.waterPressure !== undefined)
    push(below(FIXED_RULES.waterPressure.type, values.waterPressure, FIXED_RULES.waterPressure));
  push(bloodPressure(values.systolic, values.diastolic));
  return out;
}
