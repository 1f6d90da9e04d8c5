import { sql } from 'drizzle-orm';
import { roles, userRoles } from './table';
import { users } from '../user/table';
import { qualified } from '../../server/engine/query';
import { defineEntity } from '../../server/engine/registry';
import { deleteRole, notIntegrationRole } from '../../server/repos/roles';
import roleResource from './resource';

export default defineEntity({
  def: roleResource,
  table: roles,
  readWhere: notIntegrationRole,
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
