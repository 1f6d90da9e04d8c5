import { eq, inArray, sql } from 'drizzle-orm';
import { Code } from '../../shared/api';
import { resources } from '../resource/table';
import { roleResources, roles, userRoles } from '../role/table';
import { users } from '../user/table';
import { qualified } from '../../server/engine/query';
import { defineEntity } from '../../server/engine/registry';
import type { Ctx, Row, Tx } from '../../server/engine/types';
import { fail } from '../../server/lib/api-error';
import { assertHeldResources } from '../../server/repos/roles';
import type { KeyMaterial } from './keys';
import { normaliseAddresses } from './keys';
import integrationKey, { keyMayHoldMark } from './resource';
import { integrationKeys } from './table';

/** The new key's material, handed by the folder's `add` and `rotate` routes to the write (routes.ts). */
export const KEY_MATERIAL = Symbol('integrationKeyMaterial');

// Never a valid argon2 hash: the key's account has no password (src/server/db/seed.ts does the same for the visitor).
const NO_PASSWORD = '!';

const accountName = (name: string) => `API: ${name}`.slice(0, 64);

/**
 * The scopes a caller may give a key: catalogue entries that exist, that a key may hold at all
 * (keyMayHoldMark) and that the caller holds (no privilege escalation through a key).
 */
async function assertGrantable(ctx: Ctx, tx: Tx, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const rows = await tx
    .select({ id: resources.id, mark: resources.mark })
    .from(resources)
    .where(inArray(resources.id, ids));
  if (rows.length !== ids.length) fail(Code.BAD_REQUEST, 'refInvalid');
  if (rows.some((r) => r.mark && !keyMayHoldMark(r.mark))) fail(Code.FORBIDDEN, 'apiKeyScopeNotGrantable');
  await assertHeldResources(tx, ctx.scope, ids);
}

async function setScopes(tx: Tx, roleId: number, tenantId: number, ids: number[]): Promise<void> {
  await tx.delete(roleResources).where(eq(roleResources.roleId, roleId));
  if (ids.length) await tx.insert(roleResources).values(ids.map((resourceId) => ({ tenantId, roleId, resourceId })));
}

/** A key's account (kind `integration`, no password) and its role, in the key's tenant. */
async function createAccount(ctx: Ctx, tx: Tx, tenantId: number, name: string, prefix: string) {
  const [user] = await tx
    .insert(users)
    .values({
      tenantId,
      username: `integration-key:${prefix}`,
      name: accountName(name),
      passwordHash: NO_PASSWORD,
      kind: 'integration',
    })
    .returning({ id: users.id });
  const [role] = await tx
    .insert(roles)
    .values({
      tenantId,
      name: accountName(name),
      description: 'Integration key scopes',
      creatorId: ctx.scope.userId || null,
    })
    .returning({ id: roles.id });
  await tx.insert(userRoles).values({ tenantId, userId: user!.id, roleId: role!.id });
  return { userId: user!.id, roleId: role!.id };
}

export default defineEntity({
  def: integrationKey,
  table: integrationKeys,
  computed: {
    creatorName: sql<
      string | null
    >`(select ${qualified(users.name)} from ${users} where ${qualified(users.id)} = ${qualified(integrationKeys.creatorId)})`,
  },
  hooks: {
    guard(ctx) {
      if (ctx.scope.kind === 'integration') fail(Code.FORBIDDEN, 'apiKeyNotAllowed');
    },
    async beforeWrite(ctx, tx, values, input, tenantId, existing) {
      if ('allowedAddresses' in values) {
        const normal = normaliseAddresses(values.allowedAddresses as string | null);
        if (normal === undefined) fail(Code.BAD_REQUEST, 'apiKeyAddressInvalid');
        values.allowedAddresses = normal;
      }
      const scopes =
        input.resourceIds === undefined ? undefined : [...new Set((input.resourceIds as number[] | null) ?? [])];
      if (scopes) await assertGrantable(ctx, tx, scopes);
      if (!existing) {
        const material = (input as Row & { [KEY_MATERIAL]?: KeyMaterial })[KEY_MATERIAL];
        if (!material) return fail(Code.INTERNAL, 'internal');
        const account = await createAccount(ctx, tx, tenantId, String(values.name), material.prefix);
        Object.assign(values, { prefix: material.prefix, keyHash: material.keyHash, ...account });
        if (ctx.scope.userId) values.creatorId = ctx.scope.userId;
        await setScopes(tx, account.roleId, tenantId, scopes ?? []);
        return;
      }
      const [key] = await tx
        .select({ userId: integrationKeys.userId, roleId: integrationKeys.roleId })
        .from(integrationKeys)
        .where(eq(integrationKeys.id, existing.id));
      if (typeof values.name === 'string') {
        await tx
          .update(users)
          .set({ name: accountName(values.name) })
          .where(eq(users.id, key!.userId));
        await tx
          .update(roles)
          .set({ name: accountName(values.name) })
          .where(eq(roles.id, key!.roleId));
      }
      if (scopes) await setScopes(tx, key!.roleId, existing.tenantId, scopes);
    },
    async decorate(db, rows) {
      if (!rows.length) return;
      const links = await db
        .select({ keyId: integrationKeys.id, resourceId: roleResources.resourceId })
        .from(integrationKeys)
        .innerJoin(roleResources, eq(roleResources.roleId, integrationKeys.roleId))
        .where(
          inArray(
            integrationKeys.id,
            rows.map((r) => r.id as number),
          ),
        )
        .orderBy(roleResources.resourceId);
      for (const r of rows) r.resourceIds = links.filter((l) => l.keyId === r.id).map((l) => l.resourceId);
    },
    /**
     * The key goes, and its account stays disabled without scopes: the audit log keeps naming
     * who made each call.
     */
    async remove(ctx, ids) {
      await ctx.db.transaction(async (tx) => {
        const keys = await tx
          .delete(integrationKeys)
          .where(inArray(integrationKeys.id, ids))
          .returning({ userId: integrationKeys.userId, roleId: integrationKeys.roleId });
        if (!keys.length) return;
        await tx
          .update(users)
          .set({ status: 0 })
          .where(
            inArray(
              users.id,
              keys.map((k) => k.userId),
            ),
          );
        await tx.delete(roleResources).where(
          inArray(
            roleResources.roleId,
            keys.map((k) => k.roleId),
          ),
        );
      });
    },
  },
});
