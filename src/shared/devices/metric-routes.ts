/**
 * The telemetry screens (docs/decisions.md, "Dashboards and telemetry"): which metrics of METRICS
 * each map-layout route of src/shared/routes.ts shows. One generic screen
 * (features/devices/MetricScreen) reads this table for every route below. The limits, levels and
 * alarm types of a metric are in metric-limits.ts (kept apart so the console's screen registry,
 * which reads this table, stays small).
 *
 * The mapping (the first metric is the route's default):
 * - heart_rate → heartRate; tempature_people → bodyTemp; tempature → ambientTemp;
 *   altitude → altitude; odor → odour; vocs → vocs.
 * - oxygen (血氧) → bloodOxygen: the requirements know no ambient oxygen sensor
 *   (docs/requirements/entities.md#device-settings and the alarm types name blood oxygen only), so
 *   the route shows the wearables' SpO2 and says so (it was labelled 氧气浓度, "oxygen
 *   concentration", before).
 * - xwgas (可燃气体, combustible gas) → gas (% LEL of the gas sensor).
 * - harmfalgas (有害气体) → airQuality, then vocs: the harmful (not combustible) gases the gas
 *   sensor reports.
 * - electronic (电量) → battery.
 * - dtudz (DTU数据) → waterPressure, voltage, current, power: what the fire-main and breaker
 *   DTUs report.
 */
import type { Metric } from './kinds';

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
type MetricRoute = keyof typeof METRIC_ROUTES;
export const METRIC_ROUTE_NAMES = Object.keys(METRIC_ROUTES) as MetricRoute[];

export function metricsOfRoute(route: string): readonly Metric[] {
  return (METRIC_ROUTES as Record<string, readonly Metric[]>)[route] ?? [];
}
