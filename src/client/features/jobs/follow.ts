import { notifications } from '@mantine/notifications';
import { t } from '@lingui/core/macro';
import { JOB_STATE, type Job } from '../../../shared/jobs';
import { serverMessage } from '../../i18n/serverMessages';
import { getLiveBridge } from '../../live/liveStore';
import { getToken, subscribe } from '../../lib/session';
import { downloadJob, getJob } from './jobs.queries';

/** Fallback when no push arrives (broker unreachable): ask every 2 s. */
const POLL_MS = 2_000;

export interface FollowOptions {
  /** Called once with the finished job. Without it, a finished job's file is downloaded. */
  onDone?(job: Job): void;
  /** The texts of a job of another kind than export/import/delete/purge (e.g. the room generator). */
  texts?: { running: (job: Job) => string; done: (job: Job) => string };
}

/** The jobs being followed: each entry stops its following (poll, live listener, notification). */
const following = new Map<string, () => void>();
let watchingSession = false;

/**
 * Stops following every job: a signed-out console asks nothing more about the previous user's
 * jobs (done on sign-out; the client tests call it between files).
 */
export function stopFollowingJobs(): void {
  for (const stop of [...following.values()]) stop();
}

/**
 * Shows a job's progress in a notification until it ends, then downloads its file (exports) or
 * hands the finished job to `onDone` (imports show their report). Progress comes from the 9030
 * push; a poll covers a console whose live connection is down. Not tied to a screen: leaving the
 * list does not lose the job.
 */
export function followJob(first: Job, title: string, opts: FollowOptions = {}): void {
  const id = `job-${first.id}`;
  // The same job followed again (a second click) replaces the first following.
  following.get(id)?.();
  const importing = first.kind === 'import';
  const deleting = first.kind === 'delete';
  const purging = first.kind === 'purge';
  const running = (job: Job) =>
    opts.texts
      ? opts.texts.running(job)
      : importing
        ? t`正在导入… ${job.progress}%`
        : deleting
          ? t`正在删除… ${job.progress}%`
          : purging
            ? t`正在清理… ${job.progress}%`
            : t`正在导出… ${job.progress}%`;
  let settled = false;
  const show = (job: Job): void => {
    if (settled) return;
    if (job.state <= JOB_STATE.running) {
      notifications.update({
        id,
        loading: true,
        title,
        message: running(job),
        autoClose: false,
        withCloseButton: true,
      });
      return;
    }
    end();
    if (job.state === JOB_STATE.done) {
      const rows = job.rows ?? 0;
      notifications.update({
        id,
        loading: false,
        color: 'green',
        title,
        message: opts.texts
          ? opts.texts.done(job)
          : importing
            ? t`导入完成，成功 ${rows} 条`
            : deleting || purging
              ? t`删除完成，共 ${rows} 条`
              : t`导出完成，共 ${rows} 条`,
        autoClose: 4_000,
      });
      if (opts.onDone) opts.onDone(job);
      else void downloadJob(job.id).catch(() => undefined);
    } else {
      const key = job.error ?? 'jobFailed';
      notifications.update({
        id,
        loading: false,
        color: 'red',
        title,
        message: serverMessage(key, serverMessage('jobFailed', key)),
        autoClose: 6_000,
      });
    }
  };
  notifications.show({ id, loading: true, title, message: running(first), autoClose: false });
  const stopLive = getLiveBridge()?.on('job', (job) => job.id === first.id && show(job));
  /** Ends the following: no more polls or live updates for this job. */
  const end = () => {
    settled = true;
    following.delete(id);
    stopLive?.();
    clearInterval(timer);
  };
  // An answer without the job (it is gone) ends the following and its notification; a failed ask is tried again.
  const stop = () => (end(), notifications.hide(id));
  const polled = (job: Job | null) => (job ? show(job) : stop());
  const timer = setInterval(() => void getJob(first.id).then(polled, () => undefined), POLL_MS);
  following.set(id, stop);
  if (!watchingSession) {
    watchingSession = true;
    subscribe(() => {
      if (!getToken()) stopFollowingJobs();
    });
  }
}
