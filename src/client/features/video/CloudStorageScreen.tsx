import { useEffect, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { bytesText } from '../../../shared/bytes';
import type { Job } from '../../../shared/jobs';
import { MAX_RETENTION_DAYS, type StorageUsage } from '../../../shared/storage';
import { request } from '../../lib/request';
import { getUser, useSession } from '../../lib/session';
import { followJob } from '../jobs/follow';
import { ConfirmHost, confirmDanger } from '../../components/ConfirmDanger';

export const storageUsageQuery = queryOptions({
  queryKey: ['storage', 'usage'] as const,
  queryFn: () => request<StorageUsage>('device', 'storage/usage', {}),
  staleTime: 10_000,
});

/** The form's check of the retention field: a message key, or null when the value may be saved. */
export function retentionProblem(value: number | string): 'required' | 'range' | null {
  if (value === '' || value === null) return 'required';
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > MAX_RETENTION_DAYS) return 'range';
  return null;
}

/**
 * /CloudStorage: what the company keeps (uploads, recordings, photos) against its quota and where
 * (local disk or S3), how long recordings and photos are kept (pinned ones always; the service
 * deletes the rest daily once they are older), and a clean-up now, run as a job with progress.
 */
export function CloudStorageScreen() {
  const { t } = useLingui();
  useSession();
  const queryClient = useQueryClient();
  const usage = useQuery(storageUsageQuery);
  const [days, setDays] = useState<number | string>('');
  useEffect(() => {
    if (usage.data) setDays(usage.data.retentionDays);
  }, [usage.data]);
  const visitor = getUser()?.kind === 'visitor';
  const problem = retentionProblem(days);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: storageUsageQuery.queryKey });

  const save = useMutation({
    mutationFn: (value: number) =>
      request<{ days: number }>('device', 'storage/retention', { days: value }, { showMessage: true }),
    onSuccess: refresh,
  });
  const purge = useMutation({
    mutationFn: () => request<Job>('device', 'storage/purge', {}),
    onSuccess: (job) => followJob(job, t`清理过期媒体`, { onDone: refresh }),
  });

  const data = usage.data;
  if (!data) return null;
  const percent = data.quotaBytes ? Math.min(100, (data.usedBytes * 100) / data.quotaBytes) : 0;
  const saved = data.retentionDays;
  const onPurge = async () => {
    const ok = await confirmDanger({
      message: t`将删除 ${saved} 天前的录像和照片（置顶的除外），删除后无法恢复。确定清理吗？`,
      confirmLabel: t`清理`,
    });
    if (ok) purge.mutate();
  };

  return (
    <Stack gap="md" data-testid="cloud-storage">
      <ConfirmHost />
      <Title order={4}>
        <Trans>云存储</Trans>
      </Title>
      <Card withBorder>
        <Group justify="space-between" mb="xs">
          <Text fw={600}>
            <Trans>已用空间</Trans>
          </Text>
          <Badge variant="light" data-testid="storage-backend">
            {data.backend === 's3' ? t`S3 兼容存储` : t`本地磁盘`}
          </Badge>
        </Group>
        <Progress
          value={percent}
          color={percent > 90 ? 'red' : percent > 70 ? 'orange' : 'blue'}
          size="lg"
          data-testid="storage-used"
          data-bytes={data.usedBytes}
        />
        <Text size="sm" mt="xs">
          {bytesText(data.usedBytes)} / {bytesText(data.quotaBytes)} ({percent.toFixed(1)}%)
        </Text>
      </Card>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Card withBorder data-testid="storage-uploads">
          <Text size="xs" c="dimmed">
            <Trans>上传文件</Trans>
          </Text>
          <Text fw={700} size="xl">
            {data.uploads}
          </Text>
        </Card>
        <Card withBorder data-testid="storage-recordings">
          <Text size="xs" c="dimmed">
            <Trans>视频录像</Trans>
          </Text>
          <Text fw={700} size="xl">
            {data.recordings.count}
          </Text>
          <Text size="xs">{bytesText(data.recordings.bytes)}</Text>
        </Card>
        <Card withBorder data-testid="storage-photos">
          <Text size="xs" c="dimmed">
            <Trans>照片</Trans>
          </Text>
          <Text fw={700} size="xl">
            {data.photos.count}
          </Text>
        </Card>
      </SimpleGrid>
      <Card withBorder>
        <Text fw={600} mb="xs">
          <Trans>保留期限</Trans>
        </Text>
        <Group align="flex-end">
          <NumberInput
            label={t`保留天数`}
            description={t`0 表示永久保留；置顶的录像和照片始终保留`}
            min={0}
            max={MAX_RETENTION_DAYS}
            allowDecimal={false}
            allowNegative={false}
            value={days}
            onChange={setDays}
            disabled={visitor}
            error={
              problem === 'required'
                ? t`请输入保留天数`
                : problem === 'range'
                  ? t`保留天数须为 0 到 ${MAX_RETENTION_DAYS} 的整数`
                  : undefined
            }
            w={260}
            data-testid="storage-retention"
          />
          <Button
            disabled={visitor || problem !== null || Number(days) === saved}
            loading={save.isPending}
            onClick={() => save.mutate(Number(days))}
            data-testid="storage-retention-save"
          >
            <Trans>保存</Trans>
          </Button>
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} />}
            disabled={visitor || saved === 0}
            loading={purge.isPending}
            onClick={() => void onPurge()}
            data-testid="storage-purge"
          >
            <Trans>立即清理</Trans>
          </Button>
        </Group>
        {saved === 0 ? (
          <Alert mt="sm" color="gray" variant="light">
            <Trans>当前永久保留：设置保留天数后，服务每天删除更早的录像和照片。</Trans>
          </Alert>
        ) : (
          <Text size="sm" c="dimmed" mt="sm" data-testid="storage-retention-saved">
            <Trans>当前保留 {saved} 天：服务每天删除更早的录像和照片（置顶的除外）。</Trans>
          </Text>
        )}
      </Card>
    </Stack>
  );
}
