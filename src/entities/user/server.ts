import { inArray, sql } from 'drizzle-orm';
import { Code } from '../../shared/api';
import { STATUS } from '../../shared/codes';
import { userRoles } from '../role/table';
import { users } from './table';
import { idList, qualified } from '../../server/engine/query';
import { defineEntity } from '../../server/engine/registry';
import { fail } from '../../server/lib/api-error';
import { revokeUserSessions } from '../../server/repos/sessions';
import userResource from './resource';
import { hideSupers, setUserRoles } from './users';

export default defineEntity({
  def: userResource,
  table: users,
  readWhere: hideSupers,
  filters: {
    roleIds: (v) => {
      const ids = idList(v);
      if (!ids.length) return undefined;
      return sql`exists (select 1 from ${userRoles} where ${qualified(userRoles.userId)} = ${qualified(users.id)} and ${inArray(userRoles.roleId, ids)})`;
    },
  },
  hooks: {
    async beforeWrite(ctx, tx, values, input, _tenantId, existing) {
      if (typeof input.password === 'string') values.passwordHash = await ctx.app.hasher.hash(input.password);
      if (existing) {
        if (existing.id === ctx.scope.userId && values.status === STATUS.disabled) fail(Code.CONFLICT, 'notOnSelf');
        values.updatedAt = new Date(ctx.app.clock.now());
        if (values.status === STATUS.disabled) await revokeUserSessions(tx, existing.id, ctx.app.clock.now());
      }
    },
    async afterWrite(_ctx, tx, id, input, tenantId) {
      if (input.roleIds !== undefined) await setUserRoles(tx, id, tenantId, (input.roleIds as number[] | null) ?? []);
    },
    async decorate(db, rows) {
      if (!rows.length) return;
      const links = await db
        .select({ userId: userRoles.userId, roleId: userRoles.roleId })
        .from(userRoles)
        .where(
          inArray(
            userRoles.userId,
            rows.map((r) => r.id as number),
          ),
        )
        .orderBy(userRoles.roleId);
      for (const r of rows) r.roleIds = links.filter((l) => l.userId === r.id).map((l) => l.roleId);
    },
    async remove(ctx, ids) {
      if (ids.includes(ctx.scope.userId)) fail(Code.CONFLICT, 'notOnSelf');
      // Their sessions go with them (sessions.user_id cascades).
      await ctx.db.delete(users).where(inArray(users.id, ids));
    },
  },
});
