import { and, count, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { Code } from '../../shared/api';
import { devices } from '../device/table';
import { qualified } from '../../server/engine/query';
import { defineEntity } from '../../server/engine/registry';
import { fail } from '../../server/lib/api-error';
import deviceCategory from './resource';
import { deviceCategories } from './table';

/** Platform-wide device categories (a tree on pid); super administrators change them. */
export default defineEntity({
  def: deviceCategory,
  table: deviceCategories,
  computed: {
    deviceCount: sql<number>`(select count(*)::int from ${devices} where ${qualified(devices.categoryId)} = ${qualified(deviceCategories.id)})`,
  },
  hooks: {
    async beforeWrite(_ctx, tx, values, _input, _tenantId, existing) {
      const pid = values.pid as number | null | undefined;
      if (pid === null) values.pid = 0;
      if (!pid) return;
      // A category cannot move under itself or one of its descendants.
      for (let at: number | undefined = pid, hops = 0; at && hops < 100; hops++) {
        if (at === existing?.id) fail(Code.BAD_REQUEST, 'refInvalid');
        const [up]: { pid: number }[] = await tx
          .select({ pid: deviceCategories.pid })
          .from(deviceCategories)
          .where(eq(deviceCategories.id, at));
        if (!up) fail(Code.BAD_REQUEST, 'refInvalid');
        at = up!.pid;
      }
    },
    async remove(ctx, ids) {
      await ctx.db.transaction(async (tx) => {
        const [used] = await tx.select({ n: count() }).from(devices).where(inArray(devices.categoryId, ids));
        const [children] = await tx
          .select({ n: count() })
          .from(deviceCategories)
          .where(and(inArray(deviceCategories.pid, ids), notInArray(deviceCategories.id, ids)));
        if ((used?.n ?? 0) > 0 || (children?.n ?? 0) > 0) fail(Code.CONFLICT, 'productInUse');
        await tx.delete(deviceCategories).where(inArray(deviceCategories.id, ids));
      });
    },
  },
});
