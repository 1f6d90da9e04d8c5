import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Badge, Button, Center, Group, Loader, SegmentedControl } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Metric } from '../../../shared/devices/kinds';
import type { MetricLimits } from '../../../shared/devices/metric-limits';
import { grainFor, type RollupGrain } from '../../../shared/rollups';
import { Chart, type ChartOption } from '../../components/Chart';
import { usePhone } from '../../components/DataTable';
import { CHART_HEIGHT, ChartCard, ChartEmpty, useChartLabels } from './MetricChartCard';
import { firstBucketMs, limitMarks, round2 } from './metricCharts';
import { metricRollupsQuery } from './metric.queries';

const HOUR_MS = 3_600_000;

const GRAIN_LABELS: Record<RollupGrain, MessageDescriptor> = { minute: msg`按分钟`, hour: msg`按小时`, day: msg`按天` };

/** Windows the chart starts from; zooming in fetches finer buckets. */
const RANGES = [
  { value: '1h', ms: HOUR_MS, label: msg`1小时` },
  { value: '24h', ms: 24 * HOUR_MS, label: msg`24小时` },
  { value: '7d', ms: 7 * 24 * HOUR_MS, label: msg`7天` },
  { value: '30d', ms: 30 * 24 * HOUR_MS, label: msg`30天` },
] as const;
type RangeKey = (typeof RANGES)[number]['value'];

/**
 * The picked device's metric in rollup buckets, with its alarm limits as mark lines; zooming in
 * fetches finer buckets. The time axis runs from the first bucket with data to the window's end.
 */
export function MetricHistory({
  imei,
  metric,
  limits,
  title,
  onClose,
  reveal,
}: {
  imei: string;
  metric: Metric;
  limits: MetricLimits | undefined;
  title: string;
  onClose: () => void;
  reveal: boolean;
}) {
  const { i18n } = useLingui();
  const phone = usePhone();
  const card = useRef<HTMLDivElement>(null);
  // On a phone the list is below the charts: a device picked there brings its chart into view.
  useEffect(() => {
    if (phone && reveal) card.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [phone, reveal]);
  const labels = useChartLabels(metric);
  const [range, setRange] = useState<RangeKey>('24h');
  // The window, fixed when the range is picked so the query key stays put between renders.
  const [window, setWindow] = useState(() => windowOf('24h'));
  const series = useQuery(metricRollupsQuery(imei, metric, window.from, window.to));
  const points = useMemo(() => series.data?.points ?? [], [series.data]);

  const onZoom = useCallback(
    (from: number, to: number) => {
      const span = Date.parse(window.to) - Date.parse(window.from);
      // Only a zoom that a finer grain can show better is fetched again.
      if (to - from < span * 0.9 && grainFor(from, to) !== series.data?.grain)
        setWindow({ from: new Date(from).toISOString(), to: new Date(to).toISOString() });
    },
    [window, series.data?.grain],
  );

  const option = useMemo<ChartOption>(
    () => ({
      // The plot's own box (not cartesianFrame's outer bounds): with those, a wheel over the plot
      // did not zoom the time axis (the telemetry e2e walk's zoom into minutes).
      grid: { left: 48, right: 56, top: 56, bottom: 56 },
      legend: { top: 0 },
      tooltip: { trigger: 'axis' },
      xAxis: {
        type: 'time',
        min: firstBucketMs([{ points }], Date.parse(window.from)),
        max: Date.parse(window.to),
        axisLabel: { hideOverlap: true },
      },
      yAxis: { type: 'value', name: labels.unit, scale: true },
      dataZoom: [{ type: 'inside' }, { type: 'slider', height: 16, bottom: 8 }],
      series: [
        {
          type: 'line',
          name: i18n._(msg`平均值`),
          showSymbol: points.length < 60,
          data: points.map((p) => [p.t, round2(p.avg)]),
          markLine: limitMarks(limits, labels),
        },
        {
          type: 'line',
          name: i18n._(msg`最大值`),
          showSymbol: false,
          lineStyle: { opacity: 0.4 },
          data: points.map((p) => [p.t, p.max]),
        },
        {
          type: 'line',
          name: i18n._(msg`最小值`),
          showSymbol: false,
          lineStyle: { opacity: 0.4 },
          data: points.map((p) => [p.t, p.min]),
        },
      ],
    }),
    [points, limits, labels, i18n, window],
  );

  return (
    <ChartCard
      title={title}
      extra={
        <Group gap="xs" wrap="wrap">
          {series.data && (
            <Badge variant="light" data-testid="metric-grain" data-grain={series.data.grain}>
              {i18n._(GRAIN_LABELS[series.data.grain])}
            </Badge>
          )}
          <SegmentedControl
            size="xs"
            value={range}
            onChange={(v) => {
              setRange(v as RangeKey);
              setWindow(windowOf(v as RangeKey));
            }}
            data={RANGES.map((r) => ({ value: r.value, label: i18n._(r.label) }))}
            data-testid="metric-range"
          />
          <Button size="compact-xs" variant="subtle" onClick={onClose} data-testid="metric-fleet-back">
            <Trans>全部设备</Trans>
          </Button>
        </Group>
      }
      data-testid="metric-history"
      ref={card}
    >
      {series.isPending ? (
        <Center h={CHART_HEIGHT}>
          <Loader size="sm" />
        </Center>
      ) : points.length === 0 ? (
        <ChartEmpty>
          <Trans>此时段暂无数据</Trans>
        </ChartEmpty>
      ) : (
        <Chart option={option} height={CHART_HEIGHT} onZoom={onZoom} data-testid="metric-chart" />
      )}
    </ChartCard>
  );
}

function windowOf(range: RangeKey): { from: string; to: string } {
  const ms = RANGES.find((r) => r.value === range)!.ms;
  const to = Date.now();
  return { from: new Date(to - ms).toISOString(), to: new Date(to).toISOString() };
}
