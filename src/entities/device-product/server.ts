import { count, inArray, sql } from 'drizzle-orm';
import { Code } from '../../shared/api';
import { devices } from '../device/table';
import { qualified } from '../../server/engine/query';
import { defineEntity } from '../../server/engine/registry';
import { fail } from '../../server/lib/api-error';
import product from './resource';
import { products } from './table';

/** The manufacturer's catalogue: every session reads it, super administrators change it. */
export default defineEntity({
  def: product,
  table: products,
  computed: {
    deviceCount: sql<number>`(select count(*)::int from ${devices} where ${qualified(devices.productId)} = ${qualified(products.id)})`,
  },
  hooks: {
    async remove(ctx, ids) {
      await ctx.db.transaction(async (tx) => {
        const [used] = await tx.select({ n: count() }).from(devices).where(inArray(devices.productId, ids));
        // Devices would silently lose their product (set null): refuse instead.
        if ((used?.n ?? 0) > 0) fail(Code.CONFLICT, 'productInUse');
        await tx.delete(products).where(inArray(products.id, ids));
      });
    },
  },
});
