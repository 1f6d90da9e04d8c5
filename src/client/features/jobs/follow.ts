import { notifications } from '@mantine/notifications';
import { t } from '@lingui/core/macro';
import { JOB_STATE, type Job } from '../../../shared/jobs';
import { serverMessage } from '../../i18n/serverMessages';
import { getLiveBridge } from '../../live/liveStore';
import { downloadJob, getJob } from './jobs.queries';

/** Fallback when no push arrives (broker unreachable): ask every 2 s. */
const POLL_MS = 2_000;

/**
 * Shows a job's progress in a notification until it ends, then downloads its file. Progress
 * comes from the 9030 push; a poll covers a console whose live connection is down. Not tied to
 * a screen: leaving the list does not lose the export.
 */
export function followJob(first: Job, title: string): void {
  const id = `job-${first.id}`;
  let settled = false;
  const show = (job: Job) => {
    if (settled) return;
    if (job.state <= JOB_STATE.running) {
      notifications.update({ id, loading: true, title, message: t`正在导出… ${job.progress}%`, autoClose: false, withCloseButton: true });
      return;
    }
    settled = true;
    stopLive?.();
    clearInterval(timer);
    if (job.state === JOB_STATE.done) {
      notifications.update({ id, loading: false, color: 'green', title, message: t`导出完成，共 ${job.rows ?? 0} 条`, autoClose: 4_000 });
      void downloadJob(job.id).catch(() => undefined);
    } else {
      const key = job.error === 'jobTimedOut' ? 'jobTimedOut' : 'jobFailed';
      notifications.update({ id, loading: false, color: 'red', title, message: serverMessage(key, key), autoClose: 6_000 });
    }
  };
  notifications.show({ id, loading: true, title, message: t`正在导出… ${first.progress}%`, autoClose: false });
  const stopLive = getLiveBridge()?.on('job', (job) => job.id === first.id && show(job));
  const timer = setInterval(() => void getJob(first.id).then(show, () => undefined), POLL_MS);
}
