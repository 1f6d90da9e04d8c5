import { count, inArray, sql } from 'drizzle-orm';
import { Code } from '../../shared/api';
import { productResource } from '../../shared/resources/device';
import { devices, products } from '../db/schema';
import { qualified } from '../engine/query';
import { registerBinding } from '../engine/registry';
import { fail } from '../lib/api-error';
import { superOnly } from '../engine/guards';

/** The manufacturer's catalogue: every session reads it, super administrators change it. */
export const productBinding = registerBinding({
  def: productResource,
  table: products,
  id: products.id,
  columns: {
    name: products.name,
    code: products.code,
    header: products.header,
    image: products.image,
    note: products.note,
    status: products.status,
    sort: products.sort,
    createdAt: products.createdAt,
  },
  computed: {
    deviceCount: sql<number>`(select count(*)::int from ${devices} where ${qualified(devices.productId)} = ${qualified(products.id)})`,
  },
  hooks: {
    guard: (ctx) => superOnly(ctx),
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
