import { useState } from 'react';
import { Badge, Button, Group, Paper, Progress, Select, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconDownload, IconListDetails, IconTrash } from '@tabler/icons-react';
import { useLingui } from '@lingui/react';
import { Trans, useLingui as useMacro } from '@lingui/react/macro';
import { JOB_STATE, JOB_STATE_TABLE, type Job } from '../../../shared/jobs';
import { findResource } from '../../../entities/registry';
import { DataTable, type Column } from '../../components/DataTable';
import { Pagination } from '../../components/Pagination';
import { serverMessage } from '../../i18n/serverMessages';
import { useCodeLabel } from '../resources/display';
import { ImportReportModal } from '../resources/ImportReportModal';
import { importReportOf } from '../resources/transfer';
import { bytesText } from '../../../shared/bytes';
import { deleteJobs, downloadJob, jobKeys, jobListQuery } from './jobs.queries';
import { confirmDanger } from '../../components/ConfirmDanger';
import { formatDateCell } from '../../lib/dates';

const COLORS: Record<number, string> = { 0: 'gray', 1: 'blue', 2: 'green', 3: 'red', 4: 'orange' };

const sizeText = (bytes: number | null): string => (bytes === null ? '' : bytesText(bytes));

/**
 * DownloadTask: the user's background jobs with state, progress and, once done, a download
 * (a fresh link each time; links expire after 10 minutes, files after a day). The 9030 push
 * refreshes the list; while something runs it also polls every 2 s.
 */
export function DownloadTaskScreen() {
  const { i18n } = useLingui();
  const { t } = useMacro();
  const codeLabel = useCodeLabel();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(20);
  const [state, setState] = useState<number | undefined>(undefined);
  const body = { page, size, ...(state === undefined ? {} : { state }) };
  const list = useQuery({
    ...jobListQuery(body),
    refetchInterval: (query) => (query.state.data?.rows.some((j) => j.state <= JOB_STATE.running) ? 2_000 : false),
  });
  const remove = useMutation({
    mutationFn: deleteJobs,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobKeys.all }),
  });
  const download = useMutation({ mutationFn: downloadJob });
  const [reportOf, setReportOf] = useState<Job | null>(null);
  const report = reportOf && importReportOf(reportOf);

  const titleOf = (job: Job) => {
    const [kind, name] = job.resource?.split('/') ?? [];
    const def = kind && name ? findResource(kind, name) : undefined;
    const what = def ? i18n._(def.label) : job.title;
    return job.kind === 'export'
      ? t`${what} 导出`
      : job.kind === 'import'
        ? t`${what} 导入`
        : job.kind === 'delete'
          ? t`${what} 批量删除`
          : what;
  };

  const columns: Column<Job & { id: number }>[] = [
    { id: 'title', name: 'title', title: t`任务`, width: 200, render: (j) => titleOf(j) },
    { id: 'format', name: 'format', title: t`格式`, width: 70, render: (j) => j.format?.toUpperCase() ?? '' },
    {
      id: 'state',
      name: 'state',
      title: t`状态`,
      width: 100,
      render: (j) => (
        <Badge color={COLORS[j.state]} variant="light" data-testid="job-state" data-state={j.state}>
          {codeLabel(JOB_STATE_TABLE, j.state)}
        </Badge>
      ),
    },
    {
      id: 'progress',
      name: 'progress',
      title: t`进度`,
      width: 160,
      render: (j) =>
        j.state === JOB_STATE.failed || j.state === JOB_STATE.timedOut ? (
          <Text size="sm" c="red">
            {serverMessage(j.error ?? 'jobFailed', j.error ?? '')}
          </Text>
        ) : (
          <Group gap={6} wrap="nowrap">
            <Progress value={j.progress} w={90} animated={j.state === JOB_STATE.running} />
            <Text size="xs">{j.progress}%</Text>
          </Group>
        ),
    },
    { id: 'rows', name: 'rows', title: t`行数`, width: 90, render: (j) => (j.rows === null ? '' : String(j.rows)) },
    { id: 'bytes', name: 'bytes', title: t`大小`, width: 90, render: (j) => sizeText(j.bytes) },
    { id: 'createdAt', name: 'createdAt', title: t`创建时间`, width: 170, render: (j) => formatDateCell(j.createdAt) },
    {
      id: '__actions',
      name: '__actions',
      title: t`操作`,
      width: 230,
      fixed: 'right',
      render: (j) => (
        <Group gap={4} wrap="nowrap">
          {importReportOf(j) && (
            <Button
              size="compact-xs"
              variant="light"
              color="gray"
              leftSection={<IconListDetails size={14} />}
              onClick={() => setReportOf(j)}
              data-testid="job-report"
            >
              <Trans>结果</Trans>
            </Button>
          )}
          {j.downloadable && (
            <Button
              size="compact-xs"
              variant="light"
              leftSection={<IconDownload size={14} />}
              onClick={() => download.mutate(j.id)}
              data-testid="job-download"
            >
              <Trans>下载</Trans>
            </Button>
          )}
          {j.state >= JOB_STATE.done && (
            <Button
              size="compact-xs"
              variant="light"
              color="red"
              leftSection={<IconTrash size={14} />}
              data-testid="job-delete"
              onClick={() =>
                void confirmDanger({ message: t`确定要删除这条数据吗？`, confirmLabel: t`删除` }).then(
                  (ok) => ok && remove.mutate([j.id]),
                )
              }
            >
              <Trans>删除</Trans>
            </Button>
          )}
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="sm" data-testid="download-tasks">
      <Group justify="space-between">
        <Title order={4}>
          <Trans>下载任务</Trans>
        </Title>
        <Select
          w={160}
          clearable
          placeholder={t`全部状态`}
          data={JOB_STATE_TABLE.map((c) => ({ value: String(c.value), label: codeLabel(JOB_STATE_TABLE, c.value) }))}
          value={state === undefined ? null : String(state)}
          onChange={(v) => {
            setState(v === null ? undefined : Number(v));
            setPage(1);
          }}
          data-testid="job-state-filter"
        />
      </Group>
      <Text size="sm" c="dimmed">
        <Trans>导出和导入在后台运行，完成后可在此下载文件或查看导入结果；下载链接 10 分钟内有效，文件保留 1 天。</Trans>
      </Text>
      <Paper>
        <DataTable<Job & { id: number }> columns={columns} rows={list.data?.rows ?? []} loading={list.isFetching} />
        <Pagination
          page={page}
          size={size}
          total={list.data?.total ?? 0}
          onPageChange={setPage}
          onSizeChange={(s) => (setSize(s), setPage(1))}
        />
      </Paper>
      <ImportReportModal
        report={report ?? null}
        errorFileJob={reportOf?.downloadable ? reportOf.id : undefined}
        onClose={() => setReportOf(null)}
      />
    </Stack>
  );
}
