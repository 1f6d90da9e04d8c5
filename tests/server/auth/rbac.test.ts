import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles, users } from '../../../src/server/db/schema';
import { scopedWhere, tenantForWrite, tenantWhere, type Scope } from '../../../src/server/db/scope';
import { ApiError } from '../../../src/server/lib/api-error';
import { deleteResource } from '../../../src/server/repos/resources';
import { deleteRole, listRoles } from '../../../src/server/repos/roles';
import { listUsers } from '../../../src/server/repos/users';
import { addRole, addTenant, addUser, resourceIds, tenantId } from '../fixtures';
import { buildTestApp, type TestApp } from '../helper';

let t: TestApp;
let tenantA: number;
let tenantB: number;
let superScope: Scope;
let scopeA: Scope;
let scopeB: Scope;

beforeAll(async () => {
  t = await buildTestApp();
  tenantA = await tenantId(t.app, 'Demo Site');
  tenantB = await addTenant(t.app, 'Tenant B');
  const bUser = await addUser(t.app, { tenant: tenantB, username: 'bob', kind: 'admin' });
  await addRole(t.app, tenantB, 'B role');
  const [admin] = await t.app.db.select().from(users).where(eq(users.username, 'admin'));
  const [demo] = await t.app.db.select().from(users).where(eq(users.username, 'demo'));
  superScope = { userId: admin!.id, tenantId: admin!.tenantId, kind: 'super' };
  scopeA = { userId: demo!.id, tenantId: tenantA, kind: 'admin' };
  scopeB = { userId: bUser, tenantId: tenantB, kind: 'admin' };
});
afterAll(() => t?.close());

async function refusal(p: Promise<unknown>): Promise<ApiError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

describe('tenant scope', () => {
  it("never shows a tenant-B user tenant A's rows", async () => {
    const bUsers = await listUsers(t.app.db, scopeB);
    expect(bUsers.map((u) => u.username)).toEqual(['bob']);
    expect(bUsers.every((u) => u.tenantId === tenantB)).toBe(true);
    const bRoles = await listRoles(t.app.db, scopeB);
    expect(bRoles.map((r) => r.name)).toEqual(['B role']);
    // the raw helper on a hand-written query filters the same way
    const raw = await t.app.db
      .select()
      .from(roles)
      .where(scopedWhere(scopeB, roles, eq(roles.name, 'Administrator')));
    expect(raw).toEqual([]);
  });

  it('shows super administrators every tenant', async () => {
    const all = await listUsers(t.app.db, superScope);
    expect(new Set(all.map((u) => u.tenantId))).toEqual(new Set([superScope.tenantId, tenantA, tenantB]));
    expect(tenantWhere(superScope, users)).toBeUndefined();
    expect(tenantWhere(scopeA, users)).toBeDefined();
  });

  it('writes into the caller tenant whatever the input says, unless super', () => {
    expect(tenantForWrite(scopeB, tenantA)).toBe(tenantB);
    expect(tenantForWrite(superScope, tenantA)).toBe(tenantA);
  });
});

describe('deleting roles and resources', () => {
  it('refuses to delete a role that users hold, and deletes it once they are gone', async () => {
    const role = await addRole(t.app, tenantA, 'Held', ['DeviceList']);
    const holder = await addUser(t.app, { tenant: tenantA, username: 'holder', roleIds: [role] });
    const err = await refusal(deleteRole(t.app.db, scopeA, role));
    expect(err).toMatchObject({ code: 409, key: 'roleHasUsers' });

    await t.app.db.delete(users).where(eq(users.id, holder));
    await deleteRole(t.app.db, scopeA, role);
    expect(await t.app.db.select().from(roles).where(eq(roles.id, role))).toEqual([]);
  });

  it("reports another tenant's role as not found", async () => {
    const role = await addRole(t.app, tenantA, 'Not yours');
    expect(await refusal(deleteRole(t.app.db, scopeB, role))).toMatchObject({ key: 'notFound' });
  });

  it('refuses to delete a resource still granted to a role', async () => {
    const [deviceList] = await resourceIds(t.app, ['DeviceList']);
    expect(await refusal(deleteResource(t.app.db, superScope, deviceList!))).toMatchObject({
      code: 409,
      key: 'resourceHasRoles',
    });
  });

  it('deletes an unused resource, and only for super administrators', async () => {
    const [unused] = await resourceIds(t.app, ['fence:import']);
    // the Administrator role of the demo holds every resource: take this one away first
    const { roleResources } = await import('../../../src/server/db/schema');
    await t.app.db.delete(roleResources).where(eq(roleResources.resourceId, unused!));
    expect(await refusal(deleteResource(t.app.db, scopeA, unused!))).toMatchObject({ key: 'noPermission' });
    await deleteResource(t.app.db, superScope, unused!);
    await expect(resourceIds(t.app, ['fence:import'])).rejects.toThrow();
  });
});
