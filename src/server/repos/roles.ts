import { asc, count, eq } from 'drizzle-orm';
import { Code } from '../../shared/api';
import type { Db } from '../db/driver';
import type { RoleRow } from '../db/schema';
import { roleResources, roles, userRoles } from '../db/schema-tenancy';
import { scopedWhere, type Scope } from '../db/scope';
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
