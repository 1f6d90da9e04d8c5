import { count, eq, inArray } from 'drizzle-orm';
import { Code } from '../../shared/api';
import { tenantResource } from '../../shared/resources/org';
import { tenants, users } from '../db/schema';
import { isPlatformScope } from '../db/scope';
import { superOnly } from '../engine/guards';
import { registerBinding } from '../engine/registry';
import { fail } from '../lib/api-error';

/** Tenants are the scope itself: a tenant's own staff see and edit only their own row. */
export const tenantBinding = registerBinding({
  def: tenantResource,
  table: tenants,
  id: tenants.id,
  columns: {
    name: tenants.name,
    address: tenants.address,
    phone: tenants.phone,
    status: tenants.status,
    createdAt: tenants.createdAt,
  },
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
