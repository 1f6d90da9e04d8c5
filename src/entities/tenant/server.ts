import { count, eq, inArray } from 'drizzle-orm';
import { Code } from '../../shared/api';
import { tenants } from './table';
import { users } from '../user/table';
import { isPlatformScope } from '../../server/db/scope';
import { superOnly } from '../../server/engine/guards';
import { defineEntity } from '../../server/engine/registry';
import { fail } from '../../server/lib/api-error';
import tenantResource from './resource';

/** Tenants are the scope itself: a tenant's own staff see and edit only their own row. */
export default defineEntity({
  def: tenantResource,
  table: tenants,
  readWhere: (scope) => (isPlatformScope(scope) ? undefined : eq(tenants.id, scope.tenantId)),
  hooks: {
    guard(ctx, action) {
      if (action !== 'update') superOnly(ctx);
    },
    async remove(ctx, ids) {
      await ctx.db.transaction(async (tx) => {
        const [held] = await tx.select({ n: count() }).from(users).where(inArray(users.tenantId, ids));
        if ((held?.n ?? 0) > 0) fail(Code.CONFLICT, 'tenantHasUsers');
        await tx.delete(tenants).where(inArray(tenants.id, ids));
      });
    },
  },
});
