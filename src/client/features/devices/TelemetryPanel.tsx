import { useMemo, useState } from 'react';
import { Card, Group, ScrollArea, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { Chart, type ChartOption } from '../../components/Chart';
import { cartesianFrame, zoomSlider } from '../../components/Chart/layout';
import { deviceEventsQuery, deviceTelemetryQuery } from './devices.queries';
import { metricLabel, metricUnit } from './labels';
import { formatDateCell } from '../../lib/dates';

/** The last 24 hours of one metric, picked among the metrics present. */
export function TelemetryChart({ imei }: { imei: string }) {
  const { i18n } = useLingui();
  const telemetry = useQuery(deviceTelemetryQuery(imei));
  const points = useMemo(() => telemetry.data ?? [], [telemetry.data]);
  const metrics = useMemo(() => [...new Set(points.flatMap((p) => Object.keys(p.values)))], [points]);
  const [picked, setPicked] = useState<string | null>(null);
  const metric = picked && metrics.includes(picked) ? picked : metrics[0];
  const option = useMemo<ChartOption>(
    () => ({
      ...cartesianFrame({ legend: 'none', zoom: true }),
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'time' },
      yAxis: { type: 'value', name: metric ? metricUnit(metric) : '', scale: true },
      dataZoom: zoomSlider(),
      series: [
        {
          type: 'line',
          name: metric ? metricLabel(i18n, metric) : '',
          showSymbol: false,
          smooth: true,
          data: metric ? points.filter((p) => metric in p.values).map((p) => [p.ts, p.values[metric]]) : [],
        },
      ],
    }),
    [points, metric, i18n],
  );
  return (
    <Card withBorder data-testid="telemetry-chart">
      <Group justify="space-between" mb="xs">
        <Text fw={600}>
          <Trans>近24小时数据</Trans>
        </Text>
        {metrics.length > 0 && (
          <SegmentedControl
            size="xs"
            value={metric ?? ''}
            onChange={setPicked}
            data={metrics.map((m) => ({ value: m, label: metricLabel(i18n, m) }))}
            data-testid="metric-picker"
          />
        )}
      </Group>
      {metrics.length === 0 ? (
        <Text c="dimmed" size="sm">
          <Trans>暂无上报数据</Trans>
        </Text>
      ) : (
        <Chart option={option} height={260} />
      )}
    </Card>
  );
}

/** The device's recent events, newest first. */
export function EventsList({ imei }: { imei: string }) {
  const events = useQuery(deviceEventsQuery(imei));
  const rows = events.data ?? [];
  return (
    <Card withBorder data-testid="device-events">
      <Text fw={600} mb="xs">
        <Trans>最近事件</Trans>
      </Text>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          <Trans>暂无事件</Trans>
        </Text>
      ) : (
        <ScrollArea.Autosize mah={260}>
          <Stack gap={0}>
            <Table striped>
              <Table.Tbody>
                {rows.map((e, i) => (
                  <Table.Tr key={`${e.ts}-${i}`}>
                    <Table.Td w={170}>{formatDateCell(e.ts)}</Table.Td>
                    <Table.Td>{e.name ?? e.type}</Table.Td>
                    <Table.Td>{e.value ?? ''}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Card>
  );
}
