import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/server/db/schema';
import { RESOURCES } from '../../../src/entities/registry';
import { addRole, addUser, resourceIds } from '../fixtures';
import { login, post, type TestApp } from '../helper';
import { demoApp, list, upload, type Row } from '../org-helper';

let t: TestApp;
let su: string;
let demo: string;
let demoTenant: number;

beforeAll(async () => {
  ({ t, su, demo, demoTenant } = await demoApp());
});
afterAll(() => t?.close());

const WRITES = ['add', 'update', 'delete', 'export', 'import'] as const;

async function attempt(path: string, action: string, token: string) {
  if (action === 'import') return upload(t.app, path, Buffer.from('PK\u0003\u0004nope'), token);
  const body =
    action === 'delete' ? { ids: [1] } : action === 'update' ? { id: 1 } : action === 'export' ? { format: 'csv' } : {};
  const res = await t.app.inject({ method: 'POST', url: path, payload: body, headers: { authorization: token } });
  return res.json() as { code: number; key: string };
}

describe('button marks', () => {
  it('a user with every menu but no button mark gets 403 from every write action of every resource', async () => {
    const menus = ['tenantList', 'departmentManagement', 'userList', 'roleList', 'permissionManager'];
    const role = await addRole(t.app, demoTenant, 'Menus only', menus);
    await addUser(t.app, { tenant: demoTenant, username: 'looker', roleIds: [role] });
    const { token, user } = await login(t.app, 'looker', 'secret1');
    expect(user.marks).toEqual([]);
    for (const def of RESOURCES) {
      // Rows are readable by anyone signed in, except private ones (the audit log) outside their screen.
      expect((await post(t.app, `/api/${def.kind}/${def.name}/list`, {}, { token })).code, def.name).toBe(
        def.privateRows ? 403 : 0,
      );
      for (const action of def.actions ?? WRITES) {
        const res = await attempt(`/api/${def.kind}/${def.name}/${action}`, action, token);
        expect(res.code, `${def.name}/${action}`).toBe(403);
        expect(res.key).toBe('noPermission');
      }
    }
  });

  it('the one mark opens exactly its action', async () => {
    const role = await addRole(t.app, demoTenant, 'User adder', ['userList', 'user:add']);
    await addUser(t.app, { tenant: demoTenant, username: 'adder', roleIds: [role] });
    const { token } = await login(t.app, 'adder', 'secret1');
    expect(
      (
        await post(
          t.app,
          '/api/user/user/add',
          { username: 'added1', password: 'secret1', name: 'A', status: 1 },
          { token },
        )
      ).code,
    ).toBe(0);
    expect((await attempt('/api/user/user/update', 'update', token)).code).toBe(403);
    expect((await post(t.app, '/api/user/user/resetPassword', { id: 1, password: 'secret2' }, { token })).code).toBe(
      403,
    );
    expect((await post(t.app, '/api/user/user/assignRoles', { id: 1, roleIds: [] }, { token })).code).toBe(403);
    expect((await post(t.app, '/api/user/role/grant', { id: 1, resourceIds: [] }, { token })).code).toBe(403);
    expect((await post(t.app, '/api/user/department/assignUsers', { id: 1, userIds: [1] }, { token })).code).toBe(403);
  });

  it('visitors are refused every write even with every mark', async () => {
    const all = await list(t.app, 'resource', { size: 500 }, su);
    const role = await addRole(
      t.app,
      demoTenant,
      'Everything',
      all.rows.map((r) => String(r.value)).filter((v) => v && v !== 'null'),
    );
    await addUser(t.app, { tenant: demoTenant, username: 'guest2', kind: 'visitor', roleIds: [role] });
    const { token } = await login(t.app, 'guest2', 'secret1');
    for (const def of RESOURCES) {
      for (const action of def.actions ?? WRITES) {
        const res = await attempt(`/api/${def.kind}/${def.name}/${action}`, action, token);
        expect(res.code, `${def.name}/${action}`).toBe(403);
        expect(res.key).toBe('readOnlyVisitor');
      }
    }
    for (const path of [
      '/api/user/user/grantSuper',
      '/api/user/tenant/applyEnterprise',
      '/api/user/tenantApplication/review',
    ]) {
      expect((await post(t.app, path, { id: 1, contact: 'x', phone: '13900000000', status: 2 }, { token })).key).toBe(
        'readOnlyVisitor',
      );
    }
    expect((await post(t.app, '/api/user/user/list', {}, { token })).code).toBe(0);
  });

  it('no session: 208 on reads and writes', async () => {
    expect((await post(t.app, '/api/user/user/list', {})).code).toBe(208);
    expect((await post(t.app, '/api/user/role/add', { name: 'x' })).code).toBe(208);
  });
});

describe('highest authorization', () => {
  it('only super administrators grant and cancel, and never on themselves', async () => {
    const [me] = await t.app.db.select().from(users).where(eq(users.username, 'admin'));
    const target = await addUser(t.app, { tenant: demoTenant, username: 'promoted' });
    expect((await post(t.app, '/api/user/user/grantSuper', { id: target }, { token: demo })).code).toBe(403);
    expect((await post(t.app, '/api/user/user/cancelSuper', { id: me!.id }, { token: demo })).code).toBe(403);
    expect((await post(t.app, '/api/user/user/grantSuper', { id: 999999 }, { token: su })).code).toBe(404);
    expect((await post(t.app, '/api/user/user/grantSuper', { id: target }, { token: su })).code).toBe(0);
    const promoted = await login(t.app, 'promoted', 'secret1');
    expect(promoted.user.kind).toBe('super');
    expect(promoted.user.marks).toEqual(['*']);
    // the new super administrator sees every tenant
    expect((await list(t.app, 'tenant', {}, promoted.token)).total).toBeGreaterThan(1);
    expect((await post(t.app, '/api/user/user/cancelSuper', { id: target }, { token: promoted.token })).key).toBe(
      'notOnSelf',
    );
    expect((await post(t.app, '/api/user/user/cancelSuper', { id: target }, { token: su })).code).toBe(0);
    const [demoted] = await t.app.db.select({ kind: users.kind }).from(users).where(eq(users.id, target));
    expect(demoted!.kind).toBe('admin');
    expect((await post(t.app, '/api/user/user/list', {}, { token: promoted.token })).code).toBe(0);
    expect((await list(t.app, 'tenant', {}, promoted.token)).total).toBe(1);
  });

  it("a super administrator inside a tenant is out of that tenant's administrators' reach", async () => {
    const inside = await addUser(t.app, { tenant: demoTenant, username: 'insider', kind: 'super' });
    expect((await list(t.app, 'user', { keyword: 'insider' }, demo)).total).toBe(0);
    expect((await post(t.app, '/api/user/user/get', { id: inside }, { token: demo })).code).toBe(404);
    expect((await post(t.app, '/api/user/user/update', { id: inside, status: 0 }, { token: demo })).code).toBe(404);
    expect(
      (await post(t.app, '/api/user/user/resetPassword', { id: inside, password: 'takeover1' }, { token: demo })).code,
    ).toBe(404);
    expect((await post(t.app, '/api/user/user/assignRoles', { id: inside, roleIds: [] }, { token: demo })).code).toBe(
      404,
    );
    expect((await post(t.app, '/api/user/user/delete', { ids: [inside] }, { token: demo })).code).toBe(404);
    expect((await login(t.app, 'insider', 'secret1')).user.kind).toBe('super');
    expect((await post(t.app, '/api/user/user/get', { id: inside }, { token: su })).code).toBe(0);
    await t.app.db.delete(users).where(eq(users.id, inside));
  });

  it('a super administrator naming a tenant that does not exist gets refInvalid, not a 500', async () => {
    const res = await post(t.app, '/api/user/role/add', { name: 'Nowhere', tenantId: 999999 }, { token: su });
    expect(res.code).toBe(400);
    expect(res.key).toBe('refInvalid');
  });

  it('the last super administrator stays: cancelling yourself is refused, so one always remains', async () => {
    const supers = await t.app.db.select({ id: users.id }).from(users).where(eq(users.kind, 'super'));
    expect(supers).toHaveLength(1);
    expect((await post(t.app, '/api/user/user/cancelSuper', { id: supers[0]!.id }, { token: su })).key).toBe(
      'notOnSelf',
    );
    const [still] = await t.app.db.select({ kind: users.kind }).from(users).where(eq(users.id, supers[0]!.id));
    expect(still!.kind).toBe('super');
  });
});

describe('role grant and user actions', () => {
  it('a tenant administrator grants only resources they hold; super any', async () => {
    const [userList, dashboard, tenantAdd] = [
      (await resourceIds(t.app, ['userList']))[0]!,
      (await resourceIds(t.app, ['dashboard']))[0]!,
      (await resourceIds(t.app, ['tenant:add']))[0]!,
    ];
    const limited = await addRole(t.app, demoTenant, 'Limited admin', ['roleList', 'role:grant', 'userList']);
    await addUser(t.app, { tenant: demoTenant, username: 'granter', roleIds: [limited] });
    const { token } = await login(t.app, 'granter', 'secret1');
    const target = await addRole(t.app, demoTenant, 'Target');
    const ok = await post(t.app, '/api/user/role/grant', { id: target, resourceIds: [userList] }, { token });
    expect(ok.key).toBe('ok');
    expect((await post(t.app, '/api/user/role/resourceIds', { id: target }, { token })).data).toEqual([userList]);
    const refused = await post(
      t.app,
      '/api/user/role/grant',
      { id: target, resourceIds: [userList, dashboard] },
      { token },
    );
    expect(refused.code).toBe(403);
    expect(refused.key).toBe('resourceNotHeld');
    expect((await post(t.app, '/api/user/role/resourceIds', { id: target }, { token })).data).toEqual([userList]);
    expect(
      (await post(t.app, '/api/user/role/grant', { id: target, resourceIds: [dashboard, tenantAdd] }, { token: su }))
        .code,
    ).toBe(0);
    expect((await post<number[]>(t.app, '/api/user/role/resourceIds', { id: target }, { token: su })).data).toEqual(
      [dashboard, tenantAdd].sort((x, y) => x - y),
    );
    expect((await post(t.app, '/api/user/role/grant', { id: target, resourceIds: [999999] }, { token: su })).code).toBe(
      400,
    );
  });

  it('assignRoles, resetPassword (ends sessions) and the resource tree', async () => {
    const u = await addUser(t.app, { tenant: demoTenant, username: 'resettee' });
    const session = await login(t.app, 'resettee', 'secret1');
    const [adminRole] = (await list(t.app, 'role', { filters: { name: 'Administrator' } }, demo)).rows;
    expect(
      (await post(t.app, '/api/user/user/assignRoles', { id: u, roleIds: [adminRole!.id] }, { token: demo })).code,
    ).toBe(0);
    expect((await post<Row>(t.app, '/api/user/user/get', { id: u }, { token: demo })).data.roleIds).toEqual([
      adminRole!.id,
    ]);
    expect(
      (await post(t.app, '/api/user/user/resetPassword', { id: u, password: 'fresh123' }, { token: demo })).code,
    ).toBe(0);
    expect((await post(t.app, '/api/user/user/list', {}, { token: session.token })).code).toBe(208);
    await expect(login(t.app, 'resettee', 'secret1')).rejects.toThrow();
    expect((await login(t.app, 'resettee', 'fresh123')).user.roles.map((r) => r.id)).toEqual([adminRole!.id]);
    const tree = await post<
      { type: number; list: { type: number; list: { type: number; mark: string | null }[] }[] }[]
    >(t.app, '/api/user/resource/tree', {}, { token: demo });
    expect(tree.code).toBe(0);
    const flat = (
      nodes: { type: number; mark?: string | null; list: unknown[] }[],
    ): { type: number; mark?: string | null }[] => nodes.flatMap((n) => [n, ...flat(n.list as typeof nodes)]);
    const all = flat(tree.data);
    expect(all.length).toBe((await list(t.app, 'resource', { size: 500 }, demo)).total);
    expect(all.some((n) => n.type === 2 && n.mark === 'user:add')).toBe(true);
  });
});
