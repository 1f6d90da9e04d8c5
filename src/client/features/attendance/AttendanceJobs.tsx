import { useState } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Job } from '../../../shared/jobs';
import { toast } from '../../lib/request';
import { followJob, type FollowOptions } from '../jobs/follow';
import { DAY_RE, monthToDate, MONTH_RE, recomputeJob, reportJob } from './attendance.api';

/** Queues a job and follows it; closes the modal on success, a toast on failure. */
function useQueue(close: () => void) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const queue = async (start: () => Promise<Job>, title: string, opts: FollowOptions) => {
    setBusy(true);
    try {
      followJob(await start(), title, opts);
      close();
    } catch {
      toast('error', t`操作失败`);
    } finally {
      setBusy(false);
    }
  };
  return { busy, queue };
}

/** The monthly report button: asks for the month, queues the job; the workbook lands in DownloadTask. */
export function MonthlyReportButton({ departmentId }: { departmentId?: number }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [month, setMonth] = useState(monthToDate().from.slice(0, 7));
  const { busy, queue } = useQueue(() => setOpen(false));
  const valid = MONTH_RE.test(month);
  const run = () =>
    queue(() => reportJob({ month, departmentId }), t`考勤月报`, {
      texts: { running: (j) => t`正在生成月报… ${j.progress}%`, done: () => t`月报已生成，可在下载任务中下载` },
    });
  return (
    <>
      <Button variant="light" onClick={() => setOpen(true)} data-testid="attendance-report">
        <Trans>考勤月报</Trans>
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t`考勤月报`}>
        <Stack gap="sm">
          <TextInput
            label={t`月份`}
            placeholder="2026-11"
            value={month}
            onChange={(e) => setMonth(e.currentTarget.value.trim())}
            error={!valid}
            data-testid="attendance-report-month"
          />
          <Group justify="flex-end">
            <Button loading={busy} disabled={!valid} onClick={() => void run()} data-testid="attendance-report-ok">
              <Trans>生成</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** Recompute a span after a rule changed (a job with progress). */
export function RecomputeButton() {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [span, setSpan] = useState(monthToDate());
  const { busy, queue } = useQueue(() => setOpen(false));
  const valid = DAY_RE.test(span.from) && DAY_RE.test(span.to) && span.from <= span.to;
  const run = () =>
    queue(() => recomputeJob(span), t`考勤重算`, {
      texts: { running: (j) => t`正在重算考勤… ${j.progress}%`, done: () => t`考勤已重算` },
      onDone: () => undefined,
    });
  return (
    <>
      <Button variant="light" onClick={() => setOpen(true)} data-testid="attendance-recompute">
        <Trans>重算考勤</Trans>
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t`重算考勤`}>
        <Stack gap="sm">
          <TextInput
            type="date"
            label={t`开始日期`}
            value={span.from}
            onChange={(e) => setSpan({ ...span, from: e.currentTarget.value })}
            error={!valid}
            data-testid="attendance-recompute-from"
          />
          <TextInput
            type="date"
            label={t`结束日期`}
            value={span.to}
            onChange={(e) => setSpan({ ...span, to: e.currentTarget.value })}
            data-testid="attendance-recompute-to"
          />
          <Group justify="flex-end">
            <Button loading={busy} disabled={!valid} onClick={() => void run()} data-testid="attendance-recompute-ok">
              <Trans>重算</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
