import { useMemo } from 'react';
import { useDirection } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { Chart } from './Chart';
import type { ChartProps } from './types';
import {
  categoryOption,
  lineOption,
  pieOption,
  scatterOption,
  stateLineOption,
  statePieOption,
  treeBarOption,
  type CategoryData,
  type ChartContext,
  type ChartItem,
  type ScatterSeries,
  type StateCounts,
  type StateSeries,
  type TimeSeries,
  type TreeBarNode,
} from './options';

/** What every kind passes on to the host: size, test id, clicks; the option is built from the data. */
type HostProps = Omit<ChartProps, 'option'>;

function useChartContext(): ChartContext {
  const { dir } = useDirection();
  return useMemo(() => ({ rtl: dir === 'rtl' }), [dir]);
}

/** Pie of simple items (value, name, color as an rgb triple). */
export function PieChart({
  items,
  name,
  donut,
  ...host
}: HostProps & { items: ChartItem[]; name?: string; donut?: boolean }) {
  const ctx = useChartContext();
  const option = useMemo(() => pieOption(items, ctx, { name, donut }), [items, ctx, name, donut]);
  return <Chart option={option} {...host} />;
}

/** Bar or line by category: name[] labels, title[] legends, data[] series (name, value[], color). */
export function CategoryChart({
  categories,
  kind,
  horizontal,
  stack,
  ...host
}: HostProps & { categories: CategoryData; kind: 'bar' | 'line'; horizontal?: boolean; stack?: boolean }) {
  const ctx = useChartContext();
  const option = useMemo(
    () => categoryOption(categories, kind, ctx, { horizontal, stack }),
    [categories, kind, ctx, horizontal, stack],
  );
  return <Chart option={option} {...host} />;
}

/** Lines over time; `zoom` adds a slider and reports the visible window through `onZoom`. */
export function LineChart({
  series,
  unit,
  zoom,
  ...host
}: HostProps & { series: TimeSeries[]; unit?: string; zoom?: boolean }) {
  const ctx = useChartContext();
  const option = useMemo(() => lineOption(series, ctx, { unit, zoom }), [series, ctx, unit, zoom]);
  return <Chart option={option} {...host} />;
}

/** Horizontal bars of a tree's subtotals (e.g. departments), labels indented by depth. */
export function TreeBarChart({
  nodes,
  name,
  maxDepth,
  ...host
}: HostProps & { nodes: TreeBarNode[]; name?: string; maxDepth?: number }) {
  const ctx = useChartContext();
  const option = useMemo(() => treeBarOption(nodes, ctx, { name, maxDepth }), [nodes, ctx, name, maxDepth]);
  return <Chart option={option} {...host} />;
}

/** Online/offline over time: y 1 = 在线, 2 = 离线. */
export function StateLineChart({ series, ...host }: HostProps & { series: StateSeries[] }) {
  const ctx = useChartContext();
  const { t } = useLingui();
  const online = t`在线`;
  const offline = t`离线`;
  const option = useMemo(() => stateLineOption(series, ctx, { online, offline }), [series, ctx, online, offline]);
  return <Chart option={option} {...host} />;
}

/** Online / offline (/ alarming) counts as a donut with the online rate in its middle. */
export function StatePieChart({ counts, ...host }: HostProps & { counts: StateCounts }) {
  const ctx = useChartContext();
  const { t } = useLingui();
  const labels = useMemo(() => ({ online: t`在线`, offline: t`离线`, alarm: t`告警` }), [t]);
  const option = useMemo(() => statePieOption(counts, ctx, labels), [counts, ctx, labels]);
  return <Chart option={option} {...host} />;
}

/** Points of two metrics against each other, one colour per series. */
export function ScatterChart({
  series,
  xName,
  yName,
  ...host
}: HostProps & { series: ScatterSeries[]; xName?: string; yName?: string }) {
  const ctx = useChartContext();
  const option = useMemo(() => scatterOption(series, ctx, { xName, yName }), [series, ctx, xName, yName]);
  return <Chart option={option} {...host} />;
}
