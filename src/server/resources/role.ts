import { sql } from 'drizzle-orm';
import { roleResource } from '../../shared/resources/org';
import { roles, userRoles, users } from '../db/schema';
import { qualified } from '../engine/query';
import { registerBinding } from '../engine/registry';
import { deleteRole } from '../repos/roles';

export const roleBinding = registerBinding({
  def: roleResource,
  table: roles,
  id: roles.id,
  tenantId: roles.tenantId,
  columns: { name: roles.name, description: roles.description, tenantId: roles.tenantId, createdAt: roles.createdAt },
  computed: {
    creatorName: sql<
      string | null
    >`(select ${qualified(users.name)} from ${users} where ${qualified(users.id)} = ${qualified(roles.creatorId)})`,
    userCount: sql<number>`(select count(*)::int from ${userRoles} where ${qualified(userRoles.roleId)} = ${qualified(roles.id)})`,
  },
  hooks: {
    async beforeWrite(ctx, _tx, values, _input, _tenantId, existing) {
      if (!existing && ctx.scope.userId) values.creatorId = ctx.scope.userId;
    },
    async remove(ctx, ids) {
      for (const id of ids) await deleteRole(ctx.db, ctx.scope, id);
    },
  },
});
