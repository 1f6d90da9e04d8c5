import { isPlatformScope } from '../db/scope';
import { JobError } from '../jobs/runner';
import { recomputeRange } from './recompute';
import type { JobHandler } from '../jobs/runner';

/** The job kind of "recompute attendance over a span" (registered in src/server/plugins/jobs.ts). */
export const ATTENDANCE_RECOMPUTE_JOB = 'attendanceRecompute';

/** Recomputes the caller's company's attendance records of [from, to] (after a rule changed), day by day with progress. */
export const attendanceRecomputeJob: JobHandler = async (job, run) => {
  const { from, to, tenantId } = job.params as { from: string; to: string; tenantId?: number };
  const tenant = isPlatformScope(run.scope) && tenantId ? tenantId : run.scope.tenantId;
  if (!tenant) throw new JobError('invalidInput');
  const r = await recomputeRange(run.app, tenant, from, to, {
    onProgress: (done, total) => run.progress(done, total),
    signal: run.signal,
  });
  return { rows: r.written, result: r };
};
