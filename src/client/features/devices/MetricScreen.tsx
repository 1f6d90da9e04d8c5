import { useCallback, useMemo, useState } from 'react';
import { Badge, Card, Center, Grid, Group, Loader, Pagination, ScrollArea, SegmentedControl, Stack, Table, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MetricDeviceRow } from '../../../shared/devices/api';
import type { Metric } from '../../../shared/devices/kinds';
import { metricAlarmType, METRIC_LEVELS, type MetricLevel, type MetricLimits } from '../../../shared/devices/metric-limits';
import { metricsOfRoute } from '../../../shared/devices/metric-routes';
import { grainFor, type RollupGrain } from '../../../shared/rollups';
import { Chart, type ChartOption } from '../../components/Chart';
import { cartesianFrame, zoomSlider } from '../../components/Chart/layout';
import { formatDateCell } from '../../components/DataTable';
import { alarmTypeText } from '../alarms/alarmLabels';
import { alarmListQuery } from '../alarms/alarms.queries';
import { KindLabel } from './cells';
import { modelUnitsQuery } from '../tools/tools.queries';
import { metricLabel, metricUnit } from './labels';
import { metricDevicesQuery, metricKeys, metricRollupsQuery } from './metric.queries';
import { useLiveRefetch } from '../../live/useLiveRefetch';

const PAGE_SIZE = 20;
const ALARM_ROWS = 10;
const HOUR_MS = 3_600_000;

export const LEVEL_COLOR: Record<MetricLevel, string> = { high: 'red', low: 'orange', normal: 'green', offline: 'gray' };
const LEVEL_LABELS: Record<MetricLevel, MessageDescriptor> = {
  high: msg`偏高`,
  low: msg`偏低`,
  normal: msg`正常`,
  offline: msg`离线`,
};
const GRAIN_LABELS: Record<RollupGrain, MessageDescriptor> = { minute: msg`按分钟`, hour: msg`按小时`, day: msg`按天` };

/** Windows the chart starts from; zooming in fetches finer buckets. */
const RANGES = [
  { value: '1h', ms: HOUR_MS, label: msg`1小时` },
  { value: '24h', ms: 24 * HOUR_MS, label: msg`24小时` },
  { value: '7d', ms: 7 * 24 * HOUR_MS, label: msg`7天` },
  { value: '30d', ms: 30 * 24 * HOUR_MS, label: msg`30天` },
] as const;
type RangeKey = (typeof RANGES)[number]['value'];

/** The metric's unit from the thing models of the scope's products (/dataModel), else the protocol's. */
function useModelUnit(metric: Metric): string {
  const units = useQuery(modelUnitsQuery());
  return units.data?.[metric]?.unit ?? metricUnit(metric);
}

const fmt = (v: number | null | undefined) => (v === null || v === undefined ? '-' : String(Math.round(v * 100) / 100));

function limitsText(limits: MetricLimits): string {
  if (limits.min !== undefined && limits.max !== undefined) return `${fmt(limits.min)} ~ ${fmt(limits.max)}`;
  if (limits.min !== undefined) return `≥ ${fmt(limits.min)}`;
  if (limits.max !== undefined) return `≤ ${fmt(limits.max)}`;
  return '-';
}

export function LevelBadge({ level }: { level: MetricLevel }) {
  const { i18n } = useLingui();
  return (
    <Badge color={LEVEL_COLOR[level]} variant="light" data-testid="metric-level" data-level={level}>
      {i18n._(LEVEL_LABELS[level])}
    </Badge>
  );
}

/**
 * The telemetry screens (/heart_rate, /oxygen ... of src/shared/devices/metric-routes.ts): the
 * devices that report the route's metric with their value against their alarm limits, the history
 * of the selected device, and the metric's recent alarms.
 */
export function MetricScreen({ route }: { route: string }) {
  const { i18n } = useLingui();
  const metrics = metricsOfRoute(route);
  const [picked, setPicked] = useState<Metric | undefined>(undefined);
  const metric = picked && metrics.includes(picked) ? picked : metrics[0];
  const [level, setLevel] = useState<MetricLevel | undefined>(undefined);
  const [keyword, setKeyword] = useState('');
  const [debounced] = useDebouncedValue(keyword.trim(), 300);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string | null>(null);

  const body = { metric: metric ?? 'heartRate', page, size: PAGE_SIZE, ...(debounced ? { keyword: debounced } : {}), ...(level ? { level } : {}) };
  const list = useQuery({ ...metricDevicesQuery(body), enabled: metric !== undefined });
  useLiveRefetch(metricKeys.devices(body));
  const rows = useMemo(() => list.data?.rows ?? [], [list.data]);
  const current = rows.find((r) => r.imei === selected);

  if (!metric) {
    return (
      <Text c="dimmed">
        <Trans>此页面没有对应的监测指标</Trans>
      </Text>
    );
  }

  const choose = (next: Partial<{ metric: Metric; level: MetricLevel | undefined }>) => {
    if ('metric' in next) setPicked(next.metric);
    if ('level' in next) setLevel(next.level);
    setPage(1);
  };

  return (
    <Stack gap="md" data-testid="metric-screen" data-metric={metric}>
      <Group justify="space-between" wrap="wrap">
        <Group gap="sm">
          <Title order={4}>{metricLabel(i18n, metric)}</Title>
          {metrics.length > 1 && (
            <SegmentedControl
              size="xs"
              value={metric}
              onChange={(m) => choose({ metric: m as Metric })}
              data={metrics.map((m) => ({ value: m, label: metricLabel(i18n, m) }))}
              data-testid="metric-picker"
            />
          )}
        </Group>
        <TextInput
          size="xs"
          w={220}
          placeholder={i18n._(msg`IMEI、设备名称或责任人`)}
          value={keyword}
          onChange={(e) => {
            setKeyword(e.currentTarget.value);
            setPage(1);
          }}
          data-testid="metric-keyword"
        />
      </Group>

      <Group gap="xs" data-testid="metric-counts">
        <UnstyledButton onClick={() => choose({ level: undefined })}>
          <Badge variant={level ? 'outline' : 'filled'} color="blue" data-testid="metric-count-all">
            <Trans>全部</Trans> {list.data ? METRIC_LEVELS.reduce((n, l) => n + list.data.counts[l], 0) : '-'}
          </Badge>
        </UnstyledButton>
        {METRIC_LEVELS.map((l) => (
          <UnstyledButton key={l} onClick={() => choose({ level: level === l ? undefined : l })}>
            <Badge variant={level === l ? 'filled' : 'outline'} color={LEVEL_COLOR[l]} data-testid={`metric-count-${l}`}>
              {i18n._(LEVEL_LABELS[l])} {list.data?.counts[l] ?? '-'}
            </Badge>
          </UnstyledButton>
        ))}
      </Group>

      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Card withBorder p="xs">
            <DeviceValues rows={rows} metric={metric} selected={selected} onSelect={setSelected} pending={list.isPending} />
            {(list.data?.total ?? 0) > PAGE_SIZE && (
              <Group justify="flex-end" mt="xs">
                <Pagination size="sm" total={Math.ceil((list.data?.total ?? 0) / PAGE_SIZE)} value={page} onChange={setPage} />
              </Group>
            )}
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Stack gap="md">
            {selected ? (
              <MetricHistory key={`${selected}-${metric}`} imei={selected} metric={metric} limits={current?.limits} title={current?.name ?? selected} />
            ) : (
              <Card withBorder>
                <Text c="dimmed" size="sm">
                  <Trans>选择一台设备查看历史数据</Trans>
                </Text>
              </Card>
            )}
            <MetricAlarms metric={metric} i18n={i18n} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function DeviceValues({ rows, metric, selected, onSelect, pending }: { rows: MetricDeviceRow[]; metric: Metric; selected: string | null; onSelect: (imei: string) => void; pending: boolean }) {
  const unit = useModelUnit(metric);
  if (pending)
    return (
      <Center py="md">
        <Loader size="sm" />
      </Center>
    );
  if (rows.length === 0)
    return (
      <Text c="dimmed" size="sm" ta="center" py="md">
        <Trans>没有上报此指标的设备</Trans>
      </Text>
    );
  return (
    <ScrollArea>
      <Table highlightOnHover data-testid="metric-devices">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>设备</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>设备类型</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>当前值</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>报警阈值</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>状态</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>通讯时间</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr
              key={r.imei}
              onClick={() => onSelect(r.imei)}
              style={{ cursor: 'pointer' }}
              bg={selected === r.imei ? 'var(--mantine-color-blue-light)' : undefined}
              data-testid="metric-device"
              data-imei={r.imei}
              data-level={r.level}
            >
              <Table.Td>
                <Text size="sm" fw={500}>
                  {r.name || r.imei}
                </Text>
                <Text size="xs" c="dimmed">
                  {r.imei}
                </Text>
              </Table.Td>
              <Table.Td>
                <KindLabel kind={r.kind} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={700} c={`var(--mantine-color-${LEVEL_COLOR[r.level]}-7)`} data-testid="metric-value">
                  {fmt(r.value)}
                  {r.value !== null && unit ? ` ${unit}` : ''}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{limitsText(r.limits)}</Text>
              </Table.Td>
              <Table.Td>
                <LevelBadge level={r.level} />
              </Table.Td>
              <Table.Td>
                <Text size="xs">{r.at ? formatDateCell(r.at) : '-'}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

/** The selected device's metric in rollup buckets, with its alarm limits as mark lines; zooming in fetches finer buckets. */
function MetricHistory({ imei, metric, limits, title }: { imei: string; metric: Metric; limits: MetricLimits | undefined; title: string }) {
  const { i18n } = useLingui();
  const [range, setRange] = useState<RangeKey>('24h');
  // The window, fixed when the range is picked so the query key stays put between renders.
  const [window, setWindow] = useState(() => windowOf('24h'));
  const series = useQuery(metricRollupsQuery(imei, metric, window.from, window.to));
  const points = useMemo(() => series.data?.points ?? [], [series.data]);
  const unit = useModelUnit(metric);

  const onZoom = useCallback(
    (from: number, to: number) => {
      const span = Date.parse(window.to) - Date.parse(window.from);
      // Only a zoom that a finer grain can show better is fetched again.
      if (to - from < span * 0.9 && grainFor(from, to) !== series.data?.grain) setWindow({ from: new Date(from).toISOString(), to: new Date(to).toISOString() });
    },
    [window, series.data?.grain],
  );

  const option = useMemo<ChartOption>(() => {
    const marks = [
      ...(limits?.max !== undefined ? [{ yAxis: limits.max, name: i18n._(msg`上限`), lineStyle: { color: '#e03131' } }] : []),
      ...(limits?.min !== undefined ? [{ yAxis: limits.min, name: i18n._(msg`下限`), lineStyle: { color: '#f08c00' } }] : []),
    ];
    return {
      ...cartesianFrame({ zoom: true, markLabels: true }),
      tooltip: { trigger: 'axis' },
      // The whole window, not just the buckets that hold data: a zoom then reads as a time span.
      xAxis: { type: 'time', min: Date.parse(window.from), max: Date.parse(window.to) },
      yAxis: { type: 'value', name: unit, scale: true },
      dataZoom: zoomSlider(),
      series: [
        {
          type: 'line',
          name: i18n._(msg`平均值`),
          showSymbol: points.length < 60,
          data: points.map((p) => [p.t, Math.round(p.avg * 100) / 100]),
          markLine: { symbol: 'none', silent: true, label: { formatter: '{b}: {c}' }, data: marks },
        },
        { type: 'line', name: i18n._(msg`最大值`), showSymbol: false, lineStyle: { opacity: 0.4 }, data: points.map((p) => [p.t, p.max]) },
        { type: 'line', name: i18n._(msg`最小值`), showSymbol: false, lineStyle: { opacity: 0.4 }, data: points.map((p) => [p.t, p.min]) },
      ],
    };
  }, [points, limits, unit, i18n, window]);

  return (
    <Card withBorder data-testid="metric-history">
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Text fw={600}>{title}</Text>
        <Group gap="xs">
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
        </Group>
      </Group>
      {series.isPending ? (
        <Center h={280}>
          <Loader size="sm" />
        </Center>
      ) : points.length === 0 ? (
        <Text c="dimmed" size="sm" h={280}>
          <Trans>此时段暂无数据</Trans>
        </Text>
      ) : (
        <Chart option={option} height={280} onZoom={onZoom} data-testid="metric-chart" />
      )}
    </Card>
  );
}

function windowOf(range: RangeKey): { from: string; to: string } {
  const ms = RANGES.find((r) => r.value === range)!.ms;
  const to = Date.now();
  return { from: new Date(to - ms).toISOString(), to: new Date(to).toISOString() };
}

/** The newest alarms of the metric's alarm type in the scope. */
function MetricAlarms({ metric, i18n }: { metric: Metric; i18n: I18n }) {
  const type = metricAlarmType(metric);
  const alarms = useQuery({
    ...alarmListQuery({ page: 1, size: ALARM_ROWS, sort: [{ field: 'ts', order: 'desc' }], filters: { type: type ?? 0 } }),
    enabled: type !== undefined,
  });
  const rows = alarms.data?.rows ?? [];
  return (
    <Card withBorder data-testid="metric-alarms">
      <Text fw={600} mb="xs">
        <Trans>最近报警</Trans>
      </Text>
      {type === undefined ? (
        <Text c="dimmed" size="sm">
          <Trans>此指标没有报警规则</Trans>
        </Text>
      ) : rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          <Trans>暂无报警</Trans>
        </Text>
      ) : (
        <ScrollArea.Autosize mah={260}>
          <Table striped>
            <Table.Tbody>
              {rows.map((a) => (
                <Table.Tr key={String(a.id)} data-testid="metric-alarm">
                  <Table.Td w={160}>{formatDateCell(a.ts as string)}</Table.Td>
                  <Table.Td>{String(a.deviceName ?? a.imei ?? '')}</Table.Td>
                  <Table.Td>{alarmTypeText(i18n, Number(a.type))}</Table.Td>
                  <Table.Td>
                    {fmt(a.value as number | null)}
                    {a.threshold !== null && a.threshold !== undefined ? ` / ${fmt(a.threshold as number)}` : ''}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
    </Card>
  );
}
