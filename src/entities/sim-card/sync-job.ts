import type { JobHandler } from '../../server/jobs/runner';
import { isPlatformScope } from '../../server/db/scope';
import { ApiError } from '../../server/lib/api-error';
import { settleCard, syncableCards, syncUsage } from './actions';

/** The job kind of "sync every card's usage" (registered in src/server/plugins/jobs.ts). */
export const SIM_SYNC_JOB = 'simUsageSync';

/**
 * Asks the carrier for this month's usage of each card of the caller's company (or the cards
 * named in params.ids), settling cards left in between (shutdown in progress, resuming) on the
 * way; reports progress per card. A card the carrier keeps failing on is counted, not fatal.
 */
export const simSyncJob: JobHandler = async (job, run) => {
  const { ids } = (job.params ?? {}) as { ids?: number[] };
  const tenantId = isPlatformScope(run.scope) ? undefined : run.scope.tenantId;
  const cards = await syncableCards(run.app, tenantId, ids);
  let synced = 0;
  let failed = 0;
  let settled = 0;
  run.progress(0, cards.length);
  for (const [i, card] of cards.entries()) {
    if (run.signal.aborted) break;
    try {
      if (await settleCard(run.app, card)) settled++;
      await syncUsage(run.app, card);
      synced++;
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      failed++;
    }
    run.progress(i + 1, cards.length);
  }
  return { rows: synced, result: { synced, failed, settled, total: cards.length } };
};
