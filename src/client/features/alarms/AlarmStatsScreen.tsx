import '@mantine/dates/styles.css';
import { lazy, Suspense } from 'react';
import { Card, Center, Group, Loader, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { DataTable, type Column } from '../../components/DataTable';
import type { AlarmStats } from '../../../shared/alarms/api';
import { alarmStatsQuery } from './alarms.queries';
import { ResponseTimes } from './ResponseTimes';
import { statsBody, statsRange, type StatsSearch } from './statsSearch';

type TopDevice = AlarmStats['topDevices'][number];

const TOP_COLUMNS: Column<TopDevice>[] = [
  { id: 'name', name: 'name', title: <Trans>设备</Trans>, width: 160, sortable: true, render: (d) => d.name ?? '-' },
  {
    id: 'imei',
    name: 'imei',
    title: 'IMEI',
    width: 160,
    sortable: true,
    render: (d) => (
      <Text span inherit ff="monospace">
        {d.imei}
      </Text>
    ),
  },
  { id: 'count', name: 'count', title: <Trans>报警数</Trans>, width: 90, sortable: true, type: 'number', align: 'end' },
];

const AlarmCharts = lazy(() => import('./AlarmCharts'));

interface AlarmStatsScreenProps {
  search: StatsSearch;
  onSearchChange: (next: StatsSearch) => void;
}

function Figure({ label, value, id, color }: { label: string; value: number; id: string; color?: string }) {
  return (
    <Card withBorder padding="sm" data-testid={`alarm-total-${id}`}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz={26} c={color}>
        {value}
      </Text>
    </Card>
  );
}

/** /alarmTongji: totals, charts and the devices that alarm most, over a day range. */
export function AlarmStatsScreen({ search, onSearchChange }: AlarmStatsScreenProps) {
  const { t } = useLingui();
  const range = statsRange(search);
  const bucket = search.bucket ?? 'day';
  const stats = useQuery(alarmStatsQuery(statsBody(search)));
  const data = stats.data;

  return (
    <Stack gap="sm" data-testid="alarm-stats">
      <Group justify="space-between" wrap="wrap">
        <Title order={4}>
          <Trans>报警统计</Trans>
        </Title>
        <Group gap="xs">
          <DatePickerInput
            type="range"
            aria-label={t`统计时间`}
            valueFormat="YYYY-MM-DD"
            w={240}
            value={[range.from, range.to]}
            onChange={([from, to]) => from && to && onSearchChange({ ...search, from, to })}
            data-testid="stats-range"
          />
          <SegmentedControl
            value={bucket}
            onChange={(v) => onSearchChange({ ...search, bucket: v as 'day' | 'hour' })}
            data={[
              { value: 'day', label: t`按天` },
              { value: 'hour', label: t`按小时` },
            ]}
            data-testid="stats-bucket"
          />
        </Group>
      </Group>
      {!data ? (
        <Center py="xl">{stats.isError ? <Text c="dimmed">{t`统计数据加载失败`}</Text> : <Loader />}</Center>
      ) : (
        <>
          <SimpleGrid cols={{ base: 3 }}>
            <Figure id="total" label={t`报警总数`} value={data.total} />
            <Figure id="unread" label={t`未读`} value={data.unread} color="red" />
            <Figure id="pending" label={t`未处理`} value={data.pending} color="orange" />
          </SimpleGrid>
          <Suspense
            fallback={
              <Center py="xl">
                <Loader />
              </Center>
            }
          >
            <AlarmCharts stats={data} bucket={bucket} />
          </Suspense>
          <ResponseTimes response={data.response} />
          <Card withBorder data-testid="alarm-top-devices">
            <Text fw={600} size="sm" mb="xs">
              <Trans>报警最多的设备</Trans>
            </Text>
            <DataTable<TopDevice>
              columns={TOP_COLUMNS}
              rows={data.topDevices}
              rowKey={(d) => d.imei}
              client={{}}
              compact
              testId="alarm-top-table"
            />
          </Card>
        </>
      )}
    </Stack>
  );
}
