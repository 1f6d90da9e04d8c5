import { useMemo } from 'react';
import { Center, Loader, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import type { MetricFleet } from '../../../shared/devices/api';
import type { Metric } from '../../../shared/devices/kinds';
import { Chart } from '../../components/Chart';
import { CHART_HEIGHT, ChartCard, ChartEmpty, useChartLabels } from './MetricChartCard';
import { fleetTrendOption, fleetValuesOption } from './metricCharts';

/** The fleet chart's bars and lines: the worst devices by the metric, and the last hours of the worst few. */
export const FLEET = { size: 30, lines: 5, hours: 3 } as const;

/** Every live device's current value against its limits, worst first; a bar picks its device. */
export function FleetValues({
  metric,
  fleet,
  pending,
  onSelect,
}: {
  metric: Metric;
  fleet: MetricFleet | undefined;
  pending: boolean;
  onSelect: (imei: string) => void;
}) {
  const labels = useChartLabels(metric);
  const devices = useMemo(() => fleet?.devices ?? [], [fleet]);
  const option = useMemo(() => fleetValuesOption(devices, labels), [devices, labels]);
  const live = devices.filter((d) => d.level !== 'offline' && d.value !== null);
  const shown = live.length;
  return (
    <ChartCard
      title={<Trans>各设备当前值</Trans>}
      extra={
        <Text size="xs" c="dimmed">
          {fleet && shown < fleet.live ? (
            <Trans>
              最差的 {shown} 台，共 {fleet.live} 台
            </Trans>
          ) : (
            <Trans>越接近或超出报警阈值越靠前</Trans>
          )}
        </Text>
      }
      data-testid="metric-fleet"
    >
      {pending ? (
        <Center h={CHART_HEIGHT}>
          <Loader size="sm" />
        </Center>
      ) : shown === 0 ? (
        <ChartEmpty>
          <Trans>没有在线设备上报此指标</Trans>
        </ChartEmpty>
      ) : (
        <Chart
          option={option}
          height={CHART_HEIGHT}
          data-testid="metric-fleet-chart"
          onItemClick={(item) => {
            const device = live.find((d) => (d.name || d.imei) === item.name);
            if (device) onSelect(device.imei);
          }}
        />
      )}
    </ChartCard>
  );
}

/** The last hours of the worst few devices, one line each; a line picks its device. */
export function FleetTrend({
  metric,
  fleet,
  pending,
  onSelect,
}: {
  metric: Metric;
  fleet: MetricFleet | undefined;
  pending: boolean;
  onSelect: (imei: string) => void;
}) {
  const labels = useChartLabels(metric);
  const series = useMemo(
    () =>
      (fleet?.series ?? [])
        .filter((s) => s.points.length > 0)
        .map((s) => ({
          imei: s.imei,
          name: s.name || s.imei,
          points: s.points,
          limits: fleet?.devices.find((d) => d.imei === s.imei)?.limits,
        })),
    [fleet],
  );
  const option = useMemo(
    () => fleetTrendOption(series, fleet ? Date.parse(fleet.to) : Date.now(), labels),
    [series, fleet, labels],
  );
  const hours = FLEET.hours;
  return (
    <ChartCard
      title={<Trans>最差设备近 {hours} 小时</Trans>}
      extra={
        <Text size="xs" c="dimmed">
          <Trans>选择一台设备查看历史数据</Trans>
        </Text>
      }
      data-testid="metric-trend"
    >
      {pending ? (
        <Center h={CHART_HEIGHT}>
          <Loader size="sm" />
        </Center>
      ) : series.length === 0 ? (
        <ChartEmpty>
          <Trans>此时段暂无数据</Trans>
        </ChartEmpty>
      ) : (
        <Chart
          option={option}
          height={CHART_HEIGHT}
          data-testid="metric-trend-chart"
          onItemClick={(item) => {
            const line = series.find((s) => s.name === item.seriesName);
            if (line) onSelect(line.imei);
          }}
        />
      )}
    </ChartCard>
  );
}
