import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode, type Ref } from 'react';
import {
  Badge,
  Button,
  Card,
  Center,
  Grid,
  Group,
  Loader,
  Pagination,
  ScrollArea,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MetricDeviceRow, MetricFleet } from '../../../shared/devices/api';
import type { Metric } from '../../../shared/devices/kinds';
import {
  kindsReporting,
  metricAlarmType,
  METRIC_LEVELS,
  type MetricLevel,
  type MetricLimits,
} from '../../../shared/devices/metric-limits';
import { metricsOfRoute } from '../../../shared/devices/metric-routes';
import { grainFor, type RollupGrain } from '../../../shared/rollups';
import { Chart, type ChartOption } from '../../components/Chart';
import { DataTable, formatDateCell, usePhone, type Column } from '../../components/DataTable';
import { alarmTypeText } from '../alarms/alarmLabels';
import { alarmListQuery } from '../alarms/alarms.queries';
import { KindLabel } from './cells';
import { modelUnitsQuery } from '../tools/tools.queries';
import { metricLabel, metricUnit } from './labels';
import {
  firstBucketMs,
  fleetTrendOption,
  fleetValuesOption,
  limitMarks,
  round2,
  type ChartLabels,
} from './metricCharts';
import { metricDevicesQuery, metricFleetQuery, metricKeys, metricRollupsQuery } from './metric.queries';
import { useLiveRefetch } from '../../live/useLiveRefetch';

const PAGE_SIZE = 20;
const ALARM_ROWS = 10;
const HOUR_MS = 3_600_000;
const CHART_HEIGHT = 280;
const MAP_HEIGHT = 320;
/** The fleet chart follows readings at most this often (alarms and state changes at once). */
const FLEET_READINGS_GAP_MS = 30_000;

export const LEVEL_COLOR: Record<MetricLevel, string> = {
  high: 'red',
  low: 'orange',
  normal: 'green',
  offline: 'gray',
};
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

/** The fleet chart's bars and lines: the worst devices by the metric, and the last hours of the worst few. */
const FLEET = { size: 30, lines: 5, hours: 3 } as const;

// The map loads MapLibre: a chunk of its own, fetched when the screen first draws it.
const DeviceMap = lazy(() => import('../dashboards/DashboardMap'));

/**
 * The telemetry screens (/heart_rate, /oxygen ... of src/shared/devices/metric-routes.ts). They open
 * on the fleet: every live device's current value against its limits, worst first, and the last
 * hours of the worst few; a picked device (a row, a bar or a line), or the only device of the
 * scope, shows its own history instead of the lines. Below: the devices with their value, level
 * and limits (cards on a phone), where they are, and the metric's recent alarms.
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
  // undefined: nobody chose yet (the only device of the scope is shown); null: the fleet, chosen.
  const [chosen, setChosen] = useState<string | null | undefined>(undefined);

  const body = {
    metric: metric ?? 'heartRate',
    page,
    size: PAGE_SIZE,
    ...(debounced ? { keyword: debounced } : {}),
    ...(level ? { level } : {}),
  };
  const list = useQuery({ ...metricDevicesQuery(body), enabled: metric !== undefined });
  useLiveRefetch(metricKeys.devices(body));
  const fleetBody = { metric: metric ?? 'heartRate', ...FLEET };
  const fleet = useQuery({ ...metricFleetQuery(fleetBody), enabled: metric !== undefined });
  useLiveRefetch(metricKeys.fleet(fleetBody), { readingsGapMs: FLEET_READINGS_GAP_MS });
  const rows = useMemo(() => list.data?.rows ?? [], [list.data]);
  const scopeSize = list.data && !debounced && !level ? list.data.total : undefined;
  const only = scopeSize === 1 ? rows[0]?.imei : undefined;
  const selected = chosen === undefined ? (only ?? null) : chosen;
  const current = rows.find((r) => r.imei === selected) ?? fleet.data?.devices.find((r) => r.imei === selected);
  const kinds = useMemo(() => (metric ? kindsReporting(metric) : []), [metric]);

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
          w={{ base: '100%', xs: 220 }}
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
            <Badge
              variant={level === l ? 'filled' : 'outline'}
              color={LEVEL_COLOR[l]}
              data-testid={`metric-count-${l}`}
            >
              {i18n._(LEVEL_LABELS[l])} {list.data?.counts[l] ?? '-'}
            </Badge>
          </UnstyledButton>
        ))}
      </Group>

      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <FleetValues metric={metric} fleet={fleet.data} pending={fleet.isPending} onSelect={setChosen} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          {selected ? (
            <MetricHistory
              key={`${selected}-${metric}`}
              imei={selected}
              metric={metric}
              limits={current?.limits}
              title={current?.name || selected}
              onClose={() => setChosen(null)}
              reveal={chosen !== undefined}
            />
          ) : (
            <FleetTrend metric={metric} fleet={fleet.data} pending={fleet.isPending} onSelect={setChosen} />
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Card withBorder p="xs">
            <DeviceValues
              rows={rows}
              metric={metric}
              selected={selected}
              onSelect={setChosen}
              pending={list.isPending}
            />
            {(list.data?.total ?? 0) > PAGE_SIZE && (
              <Group justify="flex-end" mt="xs">
                <Pagination
                  size="sm"
                  total={Math.ceil((list.data?.total ?? 0) / PAGE_SIZE)}
                  value={page}
                  onChange={setPage}
                />
              </Group>
            )}
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="md">
            <Card withBorder p={0} h={MAP_HEIGHT} data-testid="metric-map">
              <Suspense fallback={<Skeleton h={MAP_HEIGHT} />}>
                <DeviceMap kinds={kinds} />
              </Suspense>
            </Card>
            <MetricAlarms metric={metric} i18n={i18n} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** Labels of the charts in the reader's language, with the metric's unit. */
function useChartLabels(metric: Metric): ChartLabels {
  const { t } = useLingui();
  const unit = useModelUnit(metric);
  return useMemo(() => ({ value: t`当前值`, max: t`上限`, min: t`下限`, unit }), [t, unit]);
}

function ChartCard({
  title,
  extra,
  children,
  ref,
  ...rest
}: {
  title: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
  ref?: Ref<HTMLDivElement>;
  'data-testid': string;
}) {
  return (
    <Card withBorder h="100%" ref={ref} data-testid={rest['data-testid']}>
      <Group justify="space-between" mb="xs" wrap="wrap" gap="xs">
        <Text fw={600}>{title}</Text>
        {extra}
      </Group>
      {children}
    </Card>
  );
}

function ChartEmpty({ children }: { children: ReactNode }) {
  return (
    <Center h={CHART_HEIGHT}>
      <Text c="dimmed" size="sm" ta="center">
        {children}
      </Text>
    </Center>
  );
}

/** Every live device's current value against its limits, worst first; a bar picks its device. */
function FleetValues({
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
function FleetTrend({
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

function DeviceValues({
  rows,
  metric,
  selected,
  onSelect,
  pending,
}: {
  rows: MetricDeviceRow[];
  metric: Metric;
  selected: string | null;
  onSelect: (imei: string) => void;
  pending: boolean;
}) {
  const { t } = useLingui();
  const unit = useModelUnit(metric);
  const columns = useMemo<Column<MetricDeviceRow>[]>(
    () => [
      {
        id: 'device',
        name: 'name',
        title: t`设备`,
        width: 170,
        render: (r) => (
          <>
            <Text size="sm" fw={500} truncate>
              {r.name || r.imei}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {r.imei}
            </Text>
          </>
        ),
      },
      {
        id: 'value',
        name: 'value',
        title: t`当前值`,
        width: 100,
        render: (r) => (
          <Text
            size="sm"
            fw={700}
            c={`var(--mantine-color-${LEVEL_COLOR[r.level]}-7)`}
            data-testid="metric-value"
            component="span"
          >
            {fmt(r.value)}
            {r.value !== null && unit ? ` ${unit}` : ''}
          </Text>
        ),
      },
      { id: 'level', name: 'level', title: t`状态`, width: 80, render: (r) => <LevelBadge level={r.level} /> },
      { id: 'limits', name: 'limits', title: t`报警阈值`, width: 110, render: (r) => limitsText(r.limits) },
      { id: 'at', name: 'at', title: t`通讯时间`, width: 150, render: (r) => (r.at ? formatDateCell(r.at) : '-') },
      { id: 'kind', name: 'kind', title: t`设备类型`, width: 110, render: (r) => <KindLabel kind={r.kind} /> },
    ],
    [t, unit],
  );
  if (!pending && rows.length === 0)
    return (
      <Text c="dimmed" size="sm" ta="center" py="md">
        <Trans>没有上报此指标的设备</Trans>
      </Text>
    );
  return (
    <div data-testid="metric-devices">
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(r) => r.imei}
        loading={pending}
        rowOptions={(r) => ({
          onClick: () => onSelect(r.imei),
          active: selected === r.imei,
          attrs: { 'data-testid': 'metric-device', 'data-imei': r.imei, 'data-level': r.level },
        })}
      />
    </div>
  );
}

/**
 * The picked device's metric in rollup buckets, with its alarm limits as mark lines; zooming in
 * fetches finer buckets. The time axis runs from the first bucket with data to the window's end.
 */
function MetricHistory({
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

/**
 * The newest alarms of the metric's alarm type raised by the kinds of device that report it, so a
 * screen lists only its own devices' alarms (low-balance alarms of utility meters share the
 * low-battery type, and a gateway raises them).
 */
function MetricAlarms({ metric, i18n }: { metric: Metric; i18n: I18n }) {
  const type = metricAlarmType(metric);
  const kinds = kindsReporting(metric);
  const alarms = useQuery({
    ...alarmListQuery({
      page: 1,
      size: ALARM_ROWS,
      sort: [{ field: 'ts', order: 'desc' }],
      filters: { type: type ?? 0, ...(kinds.length ? { deviceKind: kinds } : {}) },
    }),
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
          <Stack gap={6}>
            {rows.map((a) => (
              <div key={String(a.id)} data-testid="metric-alarm">
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="sm" fw={500} truncate>
                    {String(a.deviceName ?? a.imei ?? '')}
                  </Text>
                  <Text size="sm" style={{ flex: 'none' }}>
                    {fmt(a.value as number | null)}
                    {a.threshold !== null && a.threshold !== undefined ? ` / ${fmt(a.threshold as number)}` : ''}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed">
                  {formatDateCell(a.ts as string)} · {alarmTypeText(i18n, Number(a.type))}
                </Text>
              </div>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Card>
  );
}
