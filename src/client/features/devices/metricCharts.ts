import type { MetricDeviceRow, RollupPoint } from '../../../shared/devices/api';
import type { MetricLevel, MetricLimits } from '../../../shared/devices/metric-limits';
import type { ChartOption } from '../../components/Chart';
import { cartesianFrame } from '../../components/Chart/layout';

/** Canvas colours of the levels (ECharts cannot read CSS variables): Mantine's red, orange, green and gray 8. */
const LEVEL_HEX: Record<MetricLevel, string> = {
  high: '#e03131',
  low: '#f08c00',
  normal: '#2f9e44',
  offline: '#868e96',
};
const MAX_HEX = LEVEL_HEX.high;
const MIN_HEX = LEVEL_HEX.low;
/** Bars shown at once; more scroll with the slider. */
const BARS_IN_VIEW = 20;

export const round2 = (v: number) => Math.round(v * 100) / 100;

export interface ChartLabels {
  value: string;
  max: string;
  min: string;
  unit: string;
}

/** The limits as mark lines of a series: the upper in red, the lower in orange. */
export function limitMarks(limits: MetricLimits | undefined, labels: Pick<ChartLabels, 'max' | 'min'>) {
  const data = [
    ...(limits?.max !== undefined ? [{ yAxis: limits.max, name: labels.max, lineStyle: { color: MAX_HEX } }] : []),
    ...(limits?.min !== undefined ? [{ yAxis: limits.min, name: labels.min, lineStyle: { color: MIN_HEX } }] : []),
  ];
  return { symbol: 'none', silent: true, label: { formatter: '{b}: {c}' }, data };
}

/**
 * The fleet at a glance: each live device's current value as a bar coloured by its level, worst
 * first (the service's order), with the device's own upper and lower limit as a dash on its bar.
 */
export function fleetValuesOption(devices: readonly MetricDeviceRow[], labels: ChartLabels): ChartOption {
  const live = devices.filter((d) => d.level !== 'offline' && d.value !== null);
  const withMax = live.some((d) => d.limits.max !== undefined);
  const withMin = live.some((d) => d.limits.min !== undefined);
  const dash = (color: string, name: string, pick: (l: MetricLimits) => number | undefined) => ({
    type: 'scatter' as const,
    name,
    symbol: 'rect',
    symbolSize: [18, 3],
    itemStyle: { color },
    data: live.map((d) => pick(d.limits) ?? null),
  });
  return {
    ...cartesianFrame({ zoom: live.length > BARS_IN_VIEW }),
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: {
      type: 'category',
      data: live.map((d) => d.name || d.imei),
      axisLabel: { rotate: 30, interval: 0, width: 90, overflow: 'truncate' },
    },
    yAxis: { type: 'value', name: labels.unit, scale: true },
    ...(live.length > BARS_IN_VIEW
      ? { dataZoom: [{ type: 'slider', height: 14, bottom: 4, startValue: 0, endValue: BARS_IN_VIEW - 1 }] }
      : {}),
    series: [
      {
        type: 'bar',
        name: labels.value,
        barMaxWidth: 28,
        data: live.map((d) => ({ value: round2(d.value!), itemStyle: { color: LEVEL_HEX[d.level] } })),
      },
      ...(withMax ? [dash(MAX_HEX, labels.max, (l) => l.max)] : []),
      ...(withMin ? [dash(MIN_HEX, labels.min, (l) => l.min)] : []),
    ],
  };
}

/** Where a time axis starts: the first bucket with data, not the start of the window asked for. */
export function firstBucketMs(series: readonly { points: readonly RollupPoint[] }[], fallback: number): number {
  const firsts = series.flatMap((s) => (s.points.length ? [Date.parse(s.points[0]!.t)] : []));
  return firsts.length ? Math.min(...firsts) : fallback;
}

/**
 * The last hours of the worst devices, one line each (their bucket means); the limits as mark
 * lines when the devices share them. The time axis runs from the first bucket with data to `to`.
 */
export function fleetTrendOption(
  series: readonly { name: string; points: readonly RollupPoint[]; limits?: MetricLimits }[],
  to: number,
  labels: ChartLabels,
): ChartOption {
  const first = series[0]?.limits;
  const shared = series.every((s) => s.limits?.min === first?.min && s.limits?.max === first?.max) ? first : undefined;
  return {
    ...cartesianFrame({ markLabels: true }),
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'time', min: firstBucketMs(series, to), max: to, axisLabel: { hideOverlap: true } },
    yAxis: { type: 'value', name: labels.unit, scale: true },
    series: series.map((s, i) => ({
      type: 'line' as const,
      name: s.name,
      showSymbol: s.points.length < 30,
      data: s.points.map((p) => [p.t, round2(p.avg)]),
      ...(i === 0 ? { markLine: limitMarks(shared, labels) } : {}),
    })),
  };
}
