import type { ReactNode } from 'react';
import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { UWB_STATUS, UWB_STATUS_TABLE } from '../../../entities/uwb-base-station/resource';
import { useCodeLabel } from '../resources/display';
import { allStationsQuery, uwbTagsQuery } from './indoor.queries';
import { DataTable, type Column } from '../../components/DataTable';
import type { UwbTag } from '../../../shared/indoor';

const REFRESH_MS = 5_000;
const DAY_S = 86_400;

/** /uwbServer: read-only health of UWB positioning: who reported lately, and the anchors by status. */
export function UwbServerScreen() {
  const label = useCodeLabel();
  const recent = useQuery(uwbTagsQuery(60, REFRESH_MS));
  const all = useQuery(uwbTagsQuery(DAY_S, REFRESH_MS));
  const stations = useQuery(allStationsQuery(REFRESH_MS));
  const byStatus = (status: number) =>
    (stations.data ?? []).filter((s) => (status === UWB_STATUS.normal ? s.status > 1 : s.status === status)).length;
  const fresh = new Set((recent.data ?? []).map((t) => t.imei));
  const columns: Column<UwbTag>[] = [
    { id: 'imei', name: 'imei', title: 'IMEI', width: 160, sortable: true },
    {
      id: 'name',
      name: 'name',
      title: <Trans>名称</Trans>,
      width: 140,
      sortable: true,
      render: (tag) => tag.name ?? '-',
    },
    { id: 'x', name: 'x', title: 'X', sortable: true, align: 'end', render: (tag) => tag.x.toFixed(2) },
    { id: 'y', name: 'y', title: 'Y', sortable: true, align: 'end', render: (tag) => tag.y.toFixed(2) },
    { id: 'floor', name: 'floor', title: <Trans>楼层</Trans>, sortable: true, render: (tag) => tag.floor ?? '-' },
    { id: 'ts', name: 'ts', title: <Trans>最后定位时间</Trans>, width: 170, sortable: true, type: 'date' },
    {
      id: 'status',
      name: 'status',
      title: <Trans>状态</Trans>,
      sortable: true,
      sortValue: (tag) => (fresh.has(tag.imei) ? 0 : 1),
      render: (tag) =>
        fresh.has(tag.imei) ? (
          <Badge color="green" variant="light">
            <Trans>活跃</Trans>
          </Badge>
        ) : (
          <Badge color="gray" variant="light">
            <Trans>静默</Trans>
          </Badge>
        ),
    },
  ];

  return (
    <Stack gap="md" data-testid="uwb-server">
      <Title order={4}>
        <Trans>UWB服务</Trans>
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Stat title={<Trans>最近1分钟上报的标签</Trans>} value={recent.data?.length} testId="stat-recent" />
        {UWB_STATUS_TABLE.map((c) => (
          <Stat
            key={c.value}
            title={<Trans>基站（{label(UWB_STATUS_TABLE, c.value)}）</Trans>}
            value={stations.data ? byStatus(c.value) : undefined}
            testId={`stat-status-${c.value}`}
          />
        ))}
      </SimpleGrid>
      <DataTable<UwbTag>
        columns={columns}
        rows={all.data ?? []}
        rowKey={(tag) => tag.imei}
        loading={all.isPending}
        client={{ pageSize: 20 }}
        testId="uwb-fixes"
        empty={all.isSuccess ? <Trans>最近24小时没有UWB定位数据</Trans> : undefined}
      />
    </Stack>
  );
}

function Stat({ title, value, testId }: { title: ReactNode; value: number | undefined; testId: string }) {
  return (
    <Card withBorder padding="sm">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {title}
        </Text>
        <Text fw={700} size="xl" data-testid={testId}>
          {value ?? '-'}
        </Text>
      </Group>
    </Card>
  );
}
