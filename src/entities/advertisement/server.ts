import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { Code } from '../../shared/api';
import { qualified } from '../../server/engine/query';
import { defineEntity } from '../../server/engine/registry';
import type { Row, Tx } from '../../server/engine/types';
import { fail } from '../../server/lib/api-error';
import { canMove } from '../../shared/state-machine';
import { communities } from '../community/table';
import { units } from '../unit/table';
import advertisement, { AD_REVIEW, AD_REVIEW_MACHINE } from './resource';
import { advertisements, adVideos, adPlays } from './table';

const plays = sql<number>`(select count(*)::int from ${adPlays} where ${qualified(adPlays.adId)} = ${qualified(advertisements.id)})`;

/** The video an add or update names must be one the tenant uploaded for ads: its duration, poster and size come with it. */
async function takeVideo(tx: Tx, values: Row, tenantId: number): Promise<void> {
  const name = String(values.video);
  const [found] = await tx
    .select()
    .from(adVideos)
    .where(and(eq(adVideos.tenantId, tenantId), eq(adVideos.name, name)));
  if (!found) fail(Code.BAD_REQUEST, 'adVideoUnknown');
  values.durationS = found.durationS;
  values.poster = found.poster;
  values.size = found.size;
}

/** Both daily times or neither; the end date not before the start. */
function checkSchedule(v: Row): void {
  const both = (v.dailyStart == null) === (v.dailyEnd == null);
  const dates = v.startDate == null || v.endDate == null || String(v.startDate) <= String(v.endDate);
  if (!both || !dates) fail(Code.BAD_REQUEST, 'adScheduleInvalid');
}

/** Targeting ids must be the tenant's communities and units; another's is 'notFound'. */
async function takeTargets(tx: Tx, values: Row, input: Row, tenantId: number): Promise<void> {
  for (const [field, table] of [
    ['communityIds', communities],
    ['unitIds', units],
  ] as const) {
    const ids = input[field];
    if (ids === undefined) continue;
    const list = Array.isArray(ids) ? (ids as number[]) : [];
    if (list.length) {
      const [found] = await tx
        .select({ n: count() })
        .from(table)
        .where(and(eq(table.tenantId, tenantId), inArray(table.id, list)));
      if (Number(found?.n) !== list.length) fail(Code.BAD_REQUEST, 'refInvalid');
    }
    values[field] = list;
  }
}

export default defineEntity({
  def: advertisement,
  table: advertisements,
  columns: { communityIds: advertisements.communityIds, unitIds: advertisements.unitIds },
  computed: {
    plays,
    billed: sql<number>`round((${qualified(advertisements.fee)} * ${plays})::numeric, 2)::float8`,
  },
  hooks: {
    // A delivered ad is on door units: withdraw it first, so no unit keeps playing what is gone.
    async remove(ctx, ids) {
      const onUnits = await ctx.db
        .select({ id: advertisements.id })
        .from(advertisements)
        .where(and(inArray(advertisements.id, ids), eq(advertisements.reviewState, AD_REVIEW.delivered)));
      if (onUnits.length) fail(Code.BAD_REQUEST, 'adDelivered');
      await ctx.db.delete(advertisements).where(inArray(advertisements.id, ids));
    },
    async beforeWrite(_ctx, tx, values, input, tenantId, existing) {
      if (!existing) {
        await takeVideo(tx, values, tenantId);
        await takeTargets(tx, values, input, tenantId);
        checkSchedule(values);
        values.reviewState = AD_REVIEW.pending;
        return;
      }
      const [row] = await tx.select().from(advertisements).where(eq(advertisements.id, existing.id));
      if (!row) return;
      // On door units it plays as it was approved: withdraw it first.
      if (row.reviewState === AD_REVIEW.delivered) fail(Code.BAD_REQUEST, 'adDelivered');
      if (values.video !== undefined && values.video !== row.video) await takeVideo(tx, values, tenantId);
      await takeTargets(tx, values, input, tenantId);
      checkSchedule({ ...row, ...values });
      // An edit of a passed or failed ad is reviewed again (resubmitted).
      if (row.reviewState !== AD_REVIEW.pending && canMove(AD_REVIEW_MACHINE, row.reviewState, AD_REVIEW.pending)) {
        values.reviewState = AD_REVIEW.pending;
        values.reviewReason = null;
      }
    },
  },
});
