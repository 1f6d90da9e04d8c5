import { count, eq } from 'drizzle-orm';
import { Code } from '../../shared/api';
import type { Db } from '../db/driver';
import { resources, roleResources } from '../db/schema';
import { isPlatformScope, type Scope } from '../db/scope';
import { fail } from '../lib/api-error';

/**
 * Deletes a catalogue resource. The catalogue is platform-wide, so only super administrators
 * change it; a resource still granted to any role is refused (resourceHasRoles).
 */
export async function deleteResource(db: Db, scope: Scope, resourceId: number): Promise<void> {
  if (!isPlatformScope(scope)) fail(Code.FORBIDDEN, 'noPermission');
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: resources.id })
      .from(resources)
      .where(eq(resources.id, resourceId))
      .for('update');
    if (!row) fail(Code.NOT_FOUND, 'notFound');
    const [linked] = await tx
      .select({ n: count() })
      .from(roleResources)
      .where(eq(roleResources.resourceId, resourceId));
    if ((linked?.n ?? 0) > 0) fail(Code.CONFLICT, 'resourceHasRoles');
    await tx.delete(resources).where(eq(resources.id, resourceId));
  });
}
