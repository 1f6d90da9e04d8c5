import { and, eq, inArray, ne, notInArray } from 'drizzle-orm';
import { Code } from '../../shared/api';
import { roles, userRoles } from '../../server/db/schema';
import { users } from './table';
import { isPlatformScope, type Scope } from '../../server/db/scope';
import type { Tx } from '../../server/engine/types';
import { fail } from '../../server/lib/api-error';
import { notIntegrationRole } from '../../server/repos/roles';

/** Replaces a user's roles; every role must belong to the user's tenant. */
export async function setUserRoles(tx: Tx, userId: number, tenantId: number, roleIds: number[]): Promise<void> {
  const ids = [...new Set(roleIds)];
  if (ids.length) {
    const found = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(and(inArray(roles.id, ids), eq(roles.tenantId, tenantId), notIntegrationRole()));
    if (found.length !== ids.length) fail(Code.BAD_REQUEST, 'refInvalid');
  }
  await tx.delete(userRoles).where(eq(userRoles.userId, userId));
  if (ids.length) await tx.insert(userRoles).values(ids.map((roleId) => ({ tenantId, userId, roleId })));
}

/**
 * Super administrators are invisible to everyone else, so no tenant administrator can reset,
 * re-role, disable or delete an account that holds the whole platform. The accounts of
 * integration keys are invisible to everyone: their key's screen manages them
 * (src/entities/integration-key), and nobody gives them a password or another role.
 */
export const hideSupers = (scope: Scope) =>
  isPlatformScope(scope) ? ne(users.kind, 'integration') : notInArray(users.kind, ['super', 'integration']);
