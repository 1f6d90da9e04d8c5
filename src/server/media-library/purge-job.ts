import { eq } from 'drizzle-orm';
import { tenants } from '../db/schema';
import type { JobHandler } from '../jobs/runner';
import { purgeExpired } from './retention';

/** /CloudStorage's 立即清理: the retention sweep of the caller's tenant as a job with progress. */
export const purgeJob: JobHandler = async (_job, run) => {
  const tenantId = run.scope.tenantId;
  const [tenant] = await run.app.db
    .select({ days: tenants.mediaRetentionDays })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  run.progress(0, 1);
  const done = await purgeExpired(
    run.app,
    tenantId,
    tenant?.days ?? 0,
    (rows) => run.progress(rows, rows + 1),
    run.signal,
  );
  run.progress(1, 1);
  return { rows: done.recordings + done.photos, result: { ...done } };
};
