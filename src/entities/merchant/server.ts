import { inArray } from 'drizzle-orm';
import { Code } from '../../shared/api';
import { defineEntity } from '../../server/engine/registry';
import { fail } from '../../server/lib/api-error';
import { mallProducts } from '../product/table';
import merchant from './resource';
import { merchants } from './table';

export default defineEntity({
  def: merchant,
  table: merchants,
  hooks: {
    // A merchant's products hold it (restrict): say so instead of failing on the constraint.
    async remove(ctx, ids) {
      const [used] = await ctx.db
        .select({ id: mallProducts.id })
        .from(mallProducts)
        .where(inArray(mallProducts.merchantId, ids))
        .limit(1);
      if (used) fail(Code.BAD_REQUEST, 'merchantInUse');
      await ctx.db.delete(merchants).where(inArray(merchants.id, ids));
    },
  },
});
