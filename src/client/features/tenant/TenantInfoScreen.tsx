import { Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { STATUS_TABLE } from '../../../shared/codes';
import type { TenantInfo } from '../../../shared/tenant-info';
import { request } from '../../lib/request';
import { useCodeLabel } from '../resources/display';
import { formatDateCell } from '../../lib/dates';

export const tenantInfoQuery = queryOptions({
  queryKey: ['tenant', 'info'] as const,
  queryFn: () => request<TenantInfo>('user', 'tenantInfo', {}),
  staleTime: 30_000,
});

const MB = 1024 * 1024;

/** tenantInfo: the caller's company at a glance: details, what it holds, upload storage used. */
export function TenantInfoScreen() {
  const { t } = useLingui();
  const codeLabel = useCodeLabel();
  const { data } = useQuery(tenantInfoQuery);
  if (!data) return null;
  const { tenant, counts, storage } = data;
  const tiles = [
    { label: t`用户`, value: counts.users },
    { label: t`部门`, value: counts.departments },
    { label: t`设备`, value: counts.devices },
    { label: t`在线设备`, value: counts.onlineDevices },
    { label: t`未读告警`, value: counts.unreadAlarms },
    { label: t`围栏`, value: counts.fences },
  ];
  const percent = storage.quotaBytes ? Math.min(100, (storage.usedBytes * 100) / storage.quotaBytes) : 0;
  return (
    <Stack gap="md" data-testid="tenant-info">
      <Title order={4}>{tenant.name}</Title>
      <Card withBorder>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Text size="sm">
            <Trans>地址</Trans>：{tenant.address || '-'}
          </Text>
          <Text size="sm">
            <Trans>电话</Trans>：{tenant.phone || '-'}
          </Text>
          <Text size="sm">
            <Trans>状态</Trans>：{codeLabel(STATUS_TABLE, tenant.status)}
          </Text>
          <Text size="sm">
            <Trans>创建时间</Trans>：{formatDateCell(tenant.createdAt).slice(0, 10)}
          </Text>
        </SimpleGrid>
      </Card>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
        {tiles.map((tile) => (
          <Card key={tile.label} withBorder data-testid="tenant-count">
            <Text size="xs" c="dimmed">
              {tile.label}
            </Text>
            <Text fw={700} size="xl">
              {tile.value}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Card withBorder>
        <Group justify="space-between">
          <Text size="sm">
            <Trans>上传空间</Trans>
          </Text>
          <Text size="sm" data-testid="tenant-storage">
            {(storage.usedBytes / MB).toFixed(1)} / {(storage.quotaBytes / MB).toFixed(0)} MB
          </Text>
        </Group>
        <Progress value={percent} mt="xs" color={percent > 90 ? 'red' : 'blue'} />
      </Card>
    </Stack>
  );
}
