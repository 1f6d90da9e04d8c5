import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { Code } from '../../shared/api';
import { STATUS } from '../../shared/codes';
import { userResource } from '../../shared/resources/org';
import { departments, roles, userRoles, users } from '../db/schema';
import { isPlatformScope, type Scope } from '../db/scope';
import { idList, qualified } from '../engine/query';
import { requireOwnRow } from '../engine/refs';
import { registerBinding } from '../engine/registry';
import type { Tx } from '../engine/types';
import { fail } from '../lib/api-error';
import { revokeUserSessions } from '../repos/sessions';

/** Replaces a user's roles; every role must belong to the user's tenant. */
export async function setUserRoles(tx: Tx, userId: number, tenantId: number, roleIds: number[]): Promise<void> {
  const ids = [...new Set(roleIds)];
  if (ids.length) {
    const found = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(and(inArray(roles.id, ids), eq(roles.tenantId, tenantId)));
    if (found.length !== ids.length) fail(Code.BAD_REQUEST, 'refInvalid');
  }
  await tx.delete(userRoles).where(eq(userRoles.userId, userId));
  if (ids.length) await tx.insert(userRoles).values(ids.map((roleId) => ({ tenantId, userId, roleId })));
}

/**
 * Super administrators are invisible to everyone else, so no tenant administrator can reset,
 * re-role, disable or delete an account that holds the whole platform.
 */
export const hideSupers = (scope: Scope) => (isPlatformScope(scope) ? undefined : ne(users.kind, 'super'));

export const userBinding = registerBinding({
  def: userResource,
  table: users,
  id: users.id,
  tenantId: users.tenantId,
  columns: {
    username: users.username,
    name: users.name,
    nickname: users.nickname,
    phone: users.phone,
    email: users.email,
    gender: users.gender,
    departmentId: users.departmentId,
    kind: users.kind,
    parentPhone: users.parentPhone,
    tenantId: users.tenantId,
    status: users.status,
    createdAt: users.createdAt,
  },
  readWhere: hideSupers,
  filters: {
    roleIds: (v) => {
      const ids = idList(v);
      if (!ids.length) return undefined;
      return sql`exists (select 1 from ${userRoles} where ${qualified(userRoles.userId)} = ${qualified(users.id)} and ${inArray(userRoles.roleId, ids)})`;
    },
  },
  hooks: {
    async beforeWrite(ctx, tx, values, input, tenantId, existing) {
      if (typeof input.password === 'string') values.passwordHash = await ctx.app.hasher.hash(input.password);
      if (typeof values.departmentId === 'number') await requireOwnRow(tx, departments, values.departmentId, tenantId);
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
