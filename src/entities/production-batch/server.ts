import { and, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { Code } from '../../shared/api';
import { qualified } from '../../server/engine/query';
import { defineEntity } from '../../server/engine/registry';
import { fail } from '../../server/lib/api-error';
import productionBatch, { BATCH_STATE, QA_RESULT } from './resource';
import { productionBatches, productionBatchRecords } from './table';

const counted = (where: SQL | undefined) =>
  sql<number>`(select count(*)::int from ${productionBatchRecords} where ${qualified(productionBatchRecords.batchId)} = ${qualified(productionBatches.id)}${where ? sql` and ${where}` : sql``})`;

export default defineEntity({
  def: productionBatch,
  table: productionBatches,
  computed: {
    produced: counted(undefined),
    qaPassed: counted(sql`${qualified(productionBatchRecords.qa)} = ${QA_RESULT.passed}`),
    qaFailed: counted(sql`${qualified(productionBatchRecords.qa)} = ${QA_RESULT.failed}`),
  },
  hooks: {
    async remove(ctx, ids) {
      // Only a batch that has not started may be deleted (its links go with it).
      const started = await ctx.db
        .select({ id: productionBatches.id })
        .from(productionBatches)
        .where(and(inArray(productionBatches.id, ids), ne(productionBatches.state, BATCH_STATE.planned)));
      if (started.length) fail(Code.BAD_REQUEST, 'noSuchTransition');
      await ctx.db.delete(productionBatches).where(inArray(productionBatches.id, ids));
    },
  },
});
