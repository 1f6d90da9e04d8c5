import { lazy, Suspense, useMemo, useState } from 'react';
import {
  Badge,
  Card,
  Grid,
  Group,
  Pagination,
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
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Metric } from '../../../shared/devices/kinds';
import { kindsReporting, METRIC_LEVELS, type MetricLevel } from '../../../shared/devices/metric-limits';
import { metricsOfRoute } from '../../../shared/devices/metric-routes';
import { metricLabel } from './labels';
import { metricDevicesQuery, metricFleetQuery, metricKeys } from './metric.queries';
import { useLiveRefetch } from '../../live/useLiveRefetch';
import { MetricAlarms } from './MetricAlarms';
import { DeviceValues, LEVEL_COLOR, LEVEL_LABELS } from './MetricDevices';
import { FLEET, FleetTrend, FleetValues } from './MetricFleet';
import { MetricHistory } from './MetricHistory';

// The screen's parts: MetricFleet.tsx (the fleet's charts), MetricHistory.tsx (one device's
// history), MetricDevices.tsx (the device list and levels), MetricAlarms.tsx, MetricChartCard.tsx.
export { LEVEL_COLOR, LevelBadge } from './MetricDevices';

const PAGE_SIZE = 20;
const MAP_HEIGHT = 320;
/** The fleet chart follows readings at most this often (alarms and state changes at once). */
const FLEET_READINGS_GAP_MS = 30_000;

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
