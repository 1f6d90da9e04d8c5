import type { ReactNode } from 'react';
import { Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { UWB_STATUS, UWB_STATUS_TABLE } from '../../../entities/uwb-base-station/resource';
import { useCodeLabel } from '../resources/display';
import { allStationsQuery, uwbTagsQuery } from './indoor.queries';
import { formatDateCell } from '../../components/DataTable/cells';

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
      <Table striped withTableBorder data-testid="uwb-fixes">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>IMEI</Table.Th>
            <Table.Th>
              <Trans>名称</Trans>
            </Table.Th>
            <Table.Th>X</Table.Th>
            <Table.Th>Y</Table.Th>
            <Table.Th>
              <Trans>楼层</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>最后定位时间</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>状态</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(all.data ?? []).map((tag) => (
            <Table.Tr key={tag.imei}>
              <Table.Td>{tag.imei}</Table.Td>
              <Table.Td>{tag.name ?? '-'}</Table.Td>
              <Table.Td>{tag.x.toFixed(2)}</Table.Td>
              <Table.Td>{tag.y.toFixed(2)}</Table.Td>
              <Table.Td>{tag.floor ?? '-'}</Table.Td>
              <Table.Td>{formatDateCell(tag.ts)}</Table.Td>
              <Table.Td>
                {fresh.has(tag.imei) ? (
                  <Badge color="green" variant="light">
                    <Trans>活跃</Trans>
                  </Badge>
                ) : (
                  <Badge color="gray" variant="light">
                    <Trans>静默</Trans>
                  </Badge>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {all.isSuccess && all.data.length === 0 && (
        <Text c="dimmed">
          <Trans>最近24小时没有UWB定位数据</Trans>
        </Text>
      )}
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
