import { and, count, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import { Code } from '../../shared/api';
import { departments } from './table';
import { users } from '../user/table';
import { qualified } from '../../server/engine/query';
import { defineEntity } from '../../server/engine/registry';
import { fail } from '../../server/lib/api-error';
import departmentResource from './resource';

export default defineEntity({
  def: departmentResource,
  table: departments,
  computed: {
    userCount: sql<number>`(select count(*)::int from ${users} where ${qualified(users.departmentId)} = ${qualified(departments.id)})`,
  },
  hooks: {
    async beforeWrite(_ctx, tx, values, _input, _tenantId, existing) {
      const pid = values.pid as number | undefined;
      if (!pid) return;
      // A department cannot move under itself or one of its descendants.
      for (let at: number | undefined = pid, hops = 0; at && existing && hops < 1000; hops++) {
        if (at === existing.id) fail(Code.BAD_REQUEST, 'refInvalid');
        const [up] = await tx.select({ pid: departments.pid }).from(departments).where(eq(departments.id, at));
        at = up?.pid;
      }
    },
    async remove(ctx, ids) {
      await ctx.db.transaction(async (tx) => {
        const [held] = await tx.select({ n: count() }).from(users).where(inArray(users.departmentId, ids));
        const [children] = await tx
          .select({ n: count() })
          .from(departments)
          .where(and(inArray(departments.pid, ids), notInArray(departments.id, ids)));
        if ((held?.n ?? 0) > 0 || (children?.n ?? 0) > 0) fail(Code.CONFLICT, 'departmentNotEmpty');
        await tx.delete(departments).where(or(inArray(departments.id, ids)));
      });
    },
  },
});
