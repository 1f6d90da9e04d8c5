import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { Code } from '../../shared/api';
import type { Db } from '../db/driver';
import type { RoleRow } from '../db/schema';
import { roleResources, roles, userRoles, users } from '../db/schema';
import { isPlatformScope, scopedWhere, type Scope } from '../db/scope';
import { qualified } from '../engine/query';
import type { Tx } from '../engine/types';
import { fail } from '../lib/api-error';

export async function listRoles(db: Db, scope: Scope): Promise<RoleRow[]> {
  return db.select().from(roles).where(scopedWhere(scope, roles)).orderBy(asc(roles.id));
}

/**
 * Deletes a role of the caller's tenant. Refused (roleHasUsers) while users still hold it;
 * its resource grants go with it. A role outside the scope is reported as not found.
 */
export async function deleteRole(db: Db, scope: Scope, roleId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [role] = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(scopedWhere(scope, roles, eq(roles.id, roleId)))
      .for('update');
    if (!role) fail(Code.NOT_FOUND, 'notFound');
    const [held] = await tx.select({ n: count() }).from(userRoles).where(eq(userRoles.roleId, roleId));
    if ((held?.n ?? 0) > 0) fail(Code.CONFLICT, 'roleHasUsers');
    await tx.delete(roleResources).where(eq(roleResources.roleId, roleId));
    await tx.delete(roles).where(eq(roles.id, roleId));
  });
}

/**
 * Roles outside the integration keys' own (src/entities/integration-key): the role of a key is
 * held by its account only, so it is not listed, edited, granted or given to a user by hand.
 */
export const notIntegrationRole = (): SQL =>
  sql`not exists (select 1 from ${userRoles} join ${users} on ${qualified(users.id)} = ${qualified(userRoles.userId)} where ${qualified(userRoles.roleId)} = ${qualified(roles.id)} and ${qualified(users.kind)} = 'integration')`;

/**
 * Refuses (resourceNotHeld) resources the caller does not hold through their own roles: nobody
 * grants more than they have (super administrators hold everything). Used by a role's grant and
 * an integration key's scopes.
 */
export async function assertHeldResources(db: Db | Tx, scope: Scope, resourceIds: readonly number[]): Promise<void> {
  const wanted = [...new Set(resourceIds)];
  if (isPlatformScope(scope) || !wanted.length) return;
  const held = await db
    .selectDistinct({ id: roleResources.resourceId })
    .from(userRoles)
    .innerJoin(roleResources, eq(roleResources.roleId, userRoles.roleId))
    .where(
      and(
        eq(userRoles.userId, scope.userId),
        eq(userRoles.tenantId, scope.tenantId),
        inArray(roleResources.resourceId, wanted),
      ),
    );
  if (held.length !== wanted.length) fail(Code.FORBIDDEN, 'resourceNotHeld');
}
