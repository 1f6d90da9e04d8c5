import { useState } from 'react';
import { Anchor, Badge, Button, Drawer, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import reportScheduleDef, { REPORT_MARK_RUN } from '../../../entities/report-schedule/resource';
import { downloadFile } from '../../lib/download';
import { request, toast } from '../../lib/request';
import { hasMark, useSession } from '../../lib/session';
import { ResourceScreen } from '../resources/ResourceScreen';
import type { Row } from '../resources/resources.queries';
import type { RouteScreenProps } from '../screens/types';

/** A run as POST /api/user/reportSchedule/runs answers it (src/entities/report-schedule/routes.ts runOf). */
interface ReportRun {
  id: number;
  periodFrom: string;
  periodTo: string;
  manual: boolean;
  state: 'queued' | 'running' | 'sent' | 'failed';
  attempts: number;
  nextAttemptAt: string | null;
  error: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  fileName: string | null;
  bytes: number | null;
}

const PAGE = 20;
const STATE_COLOR = { queued: 'gray', running: 'blue', sent: 'green', failed: 'red' } as const;
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '-');

function useStateText() {
  const { t } = useLingui();
  return { queued: t`排队中`, running: t`发送中`, sent: t`已发送`, failed: t`失败` } as const;
}

/** The run history of one schedule: period, state, attempts, last error (with retry), the file to download. */
function RunsDrawer({ row, onClose }: { row: Row; onClose: () => void }) {
  const { t } = useLingui();
  const stateText = useStateText();
  const [page, setPage] = useState(1);
  const queryClient = useQueryClient();
  const key = ['reportSchedule', 'runs', row.id, page];
  const runs = useQuery({
    queryKey: key,
    queryFn: () =>
      request<{ rows: ReportRun[]; total: number }>('user', 'reportSchedule/runs', {
        scheduleId: row.id,
        page,
        size: PAGE,
      }),
    // Queued and running runs change on the service: look again while any is pending.
    refetchInterval: (q) =>
      q.state.data?.rows.some((r) => r.state === 'queued' || r.state === 'running') ? 5000 : false,
  });
  // "Send now" and "retry" both queue a run: the same word, and the history reads it again.
  const queued = () => {
    toast('success', t`已加入发送队列`);
    void queryClient.invalidateQueries({ queryKey: ['reportSchedule', 'runs', row.id] });
  };
  const runNow = useMutation({
    mutationFn: () => request('user', 'reportSchedule/runNow', { id: row.id }),
    onSuccess: queued,
  });
  const retry = useMutation({
    mutationFn: (run: ReportRun) => request('user', 'reportSchedule/retryRun', { id: run.id }),
    onSuccess: queued,
  });
  const download = (run: ReportRun) =>
    downloadFile('user', 'reportSchedule/download', { id: run.id }, run.fileName ?? 'report.xlsx').catch(
      (err: unknown) => toast('error', err instanceof Error ? err.message : String(err)),
    );
  return (
    <Drawer opened onClose={onClose} position="right" size="xl" title={String(row.name ?? '')}>
      <Stack>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            <Trans>下次发送</Trans>: {when(row.nextRunAt as string | null)}
          </Text>
          {hasMark(REPORT_MARK_RUN) && (
            <Button size="xs" loading={runNow.isPending} onClick={() => runNow.mutate()} data-testid="report-run-now">
              <Trans>立即发送</Trans>
            </Button>
          )}
        </Group>
        <Table striped data-testid="report-runs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>统计区间</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>状态</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>尝试次数</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>完成时间</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>文件</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(runs.data?.rows ?? []).map((run) => (
              <Table.Tr key={run.id}>
                <Table.Td>
                  {when(run.periodFrom)} – {when(run.periodTo)}
                  {run.manual && (
                    <Badge ml="xs" size="xs" variant="light">
                      <Trans>手动</Trans>
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  <Badge color={STATE_COLOR[run.state]}>{stateText[run.state]}</Badge>
                  {run.error && (
                    <Text size="xs" c="red" title={run.error} lineClamp={2}>
                      {run.error}
                    </Text>
                  )}
                  {run.state === 'failed' && hasMark(REPORT_MARK_RUN) && (
                    <Button
                      size="compact-xs"
                      variant="light"
                      mt={4}
                      loading={retry.isPending && retry.variables?.id === run.id}
                      onClick={() => retry.mutate(run)}
                      data-testid="report-run-retry"
                    >
                      <Trans>重试</Trans>
                    </Button>
                  )}
                  {run.state === 'queued' && run.attempts > 0 && (
                    <Text size="xs" c="dimmed">
                      <Trans>重试时间</Trans>: {when(run.nextAttemptAt)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{run.attempts}</Table.Td>
                <Table.Td>{when(run.finishedAt)}</Table.Td>
                <Table.Td>
                  {run.fileName ? (
                    <Anchor component="button" size="sm" onClick={() => void download(run)}>
                      {run.fileName}
                    </Anchor>
                  ) : (
                    '-'
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {runs.data && runs.data.total === 0 && (
          <Text c="dimmed" size="sm">
            <Trans>尚未发送过</Trans>
          </Text>
        )}
        {runs.data && runs.data.total > PAGE && (
          <Pagination total={Math.ceil(runs.data.total / PAGE)} value={page} onChange={setPage} />
        )}
      </Stack>
    </Drawer>
  );
}

/**
 * /reportSchedule: the scheduled reports (docs/integrations.md "Scheduled reports") as the
 * generic list; a schedule opens its run history, with "send now" and each run's file.
 */
export function ScheduleScreen(props: RouteScreenProps) {
  const { t } = useLingui();
  useSession();
  const [open, setOpen] = useState<Row | null>(null);
  return (
    <>
      <ResourceScreen
        def={reportScheduleDef}
        {...props}
        rowActions={[{ id: 'runs', title: t`发送记录`, color: 'blue', run: setOpen }]}
        cells={{
          name: (row) => (
            <Anchor component="button" size="sm" onClick={() => setOpen(row)} data-testid="report-schedule-open">
              {String(row.name ?? '')}
            </Anchor>
          ),
        }}
      />
      {open && <RunsDrawer row={open} onClose={() => setOpen(null)} />}
    </>
  );
}
