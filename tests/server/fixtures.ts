import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { UserKind } from '../../src/shared/session';
import { resources, roleResources, roles, tenants, userRoles, users } from '../../src/server/db/schema';

/** Direct inserts for scenarios the seed does not cover (the CRUD routes come later). */

export async function tenantId(app: FastifyInstance, name: string): Promise<number> {
  const [row] = await app.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, name));
  if (!row) throw new Error(`no tenant ${name}`);
  return row.id;
}

export async function addTenant(app: FastifyInstance, name: string): Promise<number> {
  const [row] = await app.db.insert(tenants).values({ name }).returning({ id: tenants.id });
  return row!.id;
}

/** Ids of catalogue resources by value (route name, scenario key or mark). */
export async function resourceIds(app: FastifyInstance, values: string[]): Promise<number[]> {
  const rows = await app.db
    .select({ id: resources.id, value: resources.value })
    .from(resources)
    .where(inArray(resources.value, values));
  if (rows.length !== values.length) throw new Error(`missing resources among ${values.join(', ')}`);
  return rows.map((r) => r.id);
}

export async function addRole(
  app: FastifyInstance,
  tenant: number,
  name: string,
  resourceValues: string[] = [],
): Promise<number> {
  const [role] = await app.db.insert(roles).values({ tenantId: tenant, name }).returning({ id: roles.id });
  const ids = resourceValues.length ? await resourceIds(app, resourceValues) : [];
  if (ids.length)
    await app.db
      .insert(roleResources)
      .values(ids.map((resourceId) => ({ tenantId: tenant, roleId: role!.id, resourceId })));
  return role!.id;
}

export async function addUser(
  app: FastifyInstance,
  u: { tenant: number; username: string; password?: string; kind?: UserKind; roleIds?: number[] },
): Promise<number> {
  const [row] = await app.db
    .insert(users)
    .values({
      tenantId: u.tenant,
      username: u.username,
      name: u.username,
      kind: u.kind ?? 'user',
      passwordHash: await app.hasher.hash(u.password ?? 'secret1'),
    })
    .returning({ id: users.id });
  if (u.roleIds?.length)
    await app.db.insert(userRoles).values(u.roleIds.map((roleId) => ({ tenantId: u.tenant, userId: row!.id, roleId })));
  return row!.id;
}
