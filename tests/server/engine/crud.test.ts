import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../../src/server/db/schema';
import { RESOURCES } from '../../../src/entities/registry';
import { isEditable } from '../../../src/shared/resources/schema';
import { addUser } from '../fixtures';
import { login, post, type TestApp } from '../helper';
import { demoApp, list, type Row } from '../org-helper';

let t: TestApp;
let su: string;
let demo: string;
let demoTenant: number;

beforeAll(async () => {
  ({ t, su, demo, demoTenant } = await demoApp());
});
afterAll(() => t?.close());

const call = <T = Row>(name: string, action: string, body: unknown, token = demo) =>
  post<T>(t.app, `/api/user/${name}/${action}`, body, { token });

describe('CRUD round trips', () => {
  it('tenant: super adds, gets, updates, lists and deletes; others only see and edit their own', async () => {
    const added = await call('tenant', 'add', { name: 'Acme', address: 'Road 2', status: 1 }, su);
    expect(added.code).toBe(0);
    expect(added.data).toMatchObject({ name: 'Acme', address: 'Road 2', status: 1 });
    expect(typeof added.data.createdAt).toBe('string');
    const id = added.data.id;
    expect((await call('tenant', 'update', { id, phone: '010-1' }, su)).data).toMatchObject({
      id,
      phone: '010-1',
      name: 'Acme',
    });
    expect((await call('tenant', 'get', { id }, su)).data.phone).toBe('010-1');
    expect((await call('tenant', 'add', { name: 'Mine', status: 1 })).key).toBe('noPermission');
    expect((await list(t.app, 'tenant', {}, demo)).rows.map((r) => r.id)).toEqual([demoTenant]);
    expect((await call('tenant', 'update', { id: demoTenant, phone: '010-2' })).data.phone).toBe('010-2');
    expect((await call('tenant', 'delete', { ids: [demoTenant] })).code).toBe(403);
    expect((await call('tenant', 'delete', { ids: [demoTenant] }, su)).key).toBe('tenantHasUsers');
    expect((await call('tenant', 'delete', { ids: [id] }, su)).code).toBe(0);
    expect((await call('tenant', 'get', { id }, su)).code).toBe(404);
  });

  it('department: pid must be a department of the same tenant, userCount, delete refused while not empty', async () => {
    const parent = await call('department', 'add', { name: 'Ops', sort: 1 });
    expect(parent.data).toMatchObject({ name: 'Ops', pid: 0, userCount: 0, tenantId: demoTenant });
    const child = await call('department', 'add', { name: 'Night shift', pid: parent.data.id });
    expect(child.data.pid).toBe(parent.data.id);
    const foreign = await call('department', 'add', { name: 'Platform dept' }, su);
    expect((await call('department', 'add', { name: 'Bad', pid: foreign.data.id })).key).toBe('refInvalid');
    expect((await call('department', 'update', { id: parent.data.id, pid: child.data.id })).key).toBe('refInvalid');
    expect((await call('department', 'delete', { ids: [parent.data.id] })).key).toBe('departmentNotEmpty');
    const u = await addUser(t.app, { tenant: demoTenant, username: 'dept-member' });
    expect(
      (await post(t.app, '/api/user/department/assignUsers', { id: child.data.id, userIds: [u] }, { token: demo }))
        .code,
    ).toBe(0);
    expect((await call('department', 'get', { id: child.data.id })).data.userCount).toBe(1);
    expect((await call('department', 'delete', { ids: [child.data.id] })).key).toBe('departmentNotEmpty');
    await t.app.db.update(users).set({ departmentId: null }).where(eq(users.id, u));
    expect((await call('department', 'delete', { ids: [child.data.id, parent.data.id] })).code).toBe(0);
    expect((await call('department', 'get', { id: parent.data.id })).code).toBe(404);
  });

  it('user: hashes the password, stores roles of the same tenant, never sets kind, refuses duplicates', async () => {
    const [role] = (await list(t.app, 'role', { filters: { name: 'Administrator' } }, demo)).rows;
    const added = await call('user', 'add', {
      username: 'carol',
      password: 'secret9',
      name: 'Carol',
      status: 1,
      roleIds: [role!.id],
      kind: 'super',
    });
    expect(added.code).toBe(0);
    expect(added.data).toMatchObject({ username: 'carol', kind: 'user', roleIds: [role!.id], tenantId: demoTenant });
    expect(added.data).not.toHaveProperty('password');
    expect(added.data).not.toHaveProperty('passwordHash');
    const me = await login(t.app, 'carol', 'secret9');
    expect(me.user.marks.length).toBeGreaterThan(0);
    expect(
      (await call('user', 'add', { username: 'carol', password: 'secret9', name: 'Carol 2', status: 1 })).code,
    ).toBe(409);
    const platformRole = await call('role', 'add', { name: 'Platform role' }, su);
    expect((await call('user', 'update', { id: added.data.id, roleIds: [platformRole.data.id] })).key).toBe(
      'refInvalid',
    );
    const updated = await call('user', 'update', { id: added.data.id, name: 'Caroline', roleIds: [] });
    expect(updated.data).toMatchObject({ name: 'Caroline', roleIds: [], username: 'carol' });
    expect((await call('user', 'update', { id: added.data.id, name: '' })).code).toBe(400);
    expect((await call('user', 'delete', { ids: [added.data.id] })).code).toBe(0);
    expect(await t.app.db.select().from(sessions).where(eq(sessions.userId, added.data.id))).toEqual([]);
    expect((await call('user', 'get', { id: added.data.id })).code).toBe(404);
  });

  it('user: nobody deletes or disables themself', async () => {
    const me = (await list(t.app, 'user', { filters: { username: 'demo' } }, demo)).rows[0]!;
    expect((await call('user', 'delete', { ids: [me.id] })).key).toBe('notOnSelf');
    expect((await call('user', 'update', { id: me.id, status: 0 })).key).toBe('notOnSelf');
    expect((await call('user', 'get', { id: me.id })).data.status).toBe(1);
  });

  it('role: creatorName and userCount; delete refused while users hold it', async () => {
    const role = await call('role', 'add', { name: 'Dispatch', description: 'desk' });
    expect(role.data).toMatchObject({ name: 'Dispatch', creatorName: 'Demo administrator', userCount: 0 });
    const u = await addUser(t.app, { tenant: demoTenant, username: 'dispatcher', roleIds: [role.data.id] });
    expect((await call('role', 'get', { id: role.data.id })).data.userCount).toBe(1);
    expect((await call('role', 'delete', { ids: [role.data.id] })).key).toBe('roleHasUsers');
    await call('user', 'delete', { ids: [u] });
    expect((await call('role', 'delete', { ids: [role.data.id] })).code).toBe(0);
  });

  it('resource: everyone reads, only super administrators change, delete refused while granted', async () => {
    const body = { name: 'Extra', type: 1, status: 1, value: 'extraMenu', sort: 99 };
    expect((await call('resource', 'add', body)).key).toBe('noPermission');
    const added = await call('resource', 'add', body, su);
    expect(added.data).toMatchObject({ name: 'Extra', type: 1, pid: 0 });
    expect((await call('resource', 'get', { id: added.data.id })).data.value).toBe('extraMenu');
    expect((await call('resource', 'update', { id: added.data.id, name: 'X' })).code).toBe(403);
    expect((await call('resource', 'update', { id: added.data.id, name: 'Extra 2' }, su)).data.name).toBe('Extra 2');
    const [granted] = (await list(t.app, 'resource', { filters: { value: 'userList' } }, demo)).rows;
    expect((await call('resource', 'delete', { ids: [granted!.id] }, su)).key).toBe('resourceHasRoles');
    expect((await call('resource', 'delete', { ids: [added.data.id] }, su)).code).toBe(0);
  });
});

describe('list', () => {
  beforeAll(async () => {
    for (let i = 1; i <= 25; i++) {
      await call('user', 'add', {
        username: `pager${String(i).padStart(2, '0')}`,
        password: 'secret1',
        name: `Pager ${String(26 - i).padStart(2, '0')}`,
        status: i % 5 === 0 ? 0 : 1,
        gender: i % 2,
      });
    }
  });

  it('pages with a stable total', async () => {
    const body = { filters: { username: 'pager' }, sort: [{ field: 'username', order: 'asc' }], size: 10 };
    const p1 = await list(t.app, 'user', { ...body, page: 1 }, demo);
    const p3 = await list(t.app, 'user', { ...body, page: 3 }, demo);
    expect(p1.total).toBe(25);
    expect(p1.rows.map((r) => r.username)).toEqual(
      Array.from({ length: 10 }, (_, i) => `pager${String(i + 1).padStart(2, '0')}`),
    );
    expect(p3.rows.map((r) => r.username)).toEqual(['pager21', 'pager22', 'pager23', 'pager24', 'pager25']);
  });

  it('sorts by sortable fields both ways, refuses others with code 400', async () => {
    const asc = await list(
      t.app,
      'user',
      { filters: { username: 'pager' }, sort: [{ field: 'name', order: 'asc' }], size: 3 },
      demo,
    );
    expect(asc.rows.map((r) => r.name)).toEqual(['Pager 01', 'Pager 02', 'Pager 03']);
    const desc = await list(
      t.app,
      'user',
      { filters: { username: 'pager' }, sort: [{ field: 'name', order: 'desc' }], size: 1 },
      demo,
    );
    expect(desc.rows[0]!.name).toBe('Pager 25');
    for (const field of ['email', 'nope', 'password']) {
      const res = await post(t.app, '/api/user/user/list', { sort: [{ field, order: 'asc' }] }, { token: demo });
      expect(res.code).toBe(400);
      expect(res.key).toBe('sortInvalid');
    }
  });

  it('filters by eq, like (with % and _ literal), range and in; keyword ORs keyword fields', async () => {
    expect((await list(t.app, 'user', { filters: { username: 'pager', status: 0 } }, demo)).total).toBe(5);
    expect((await list(t.app, 'user', { filters: { username: 'PAGER1' } }, demo)).total).toBe(10);
    expect((await list(t.app, 'user', { filters: { username: 'pager%' } }, demo)).total).toBe(0);
    expect((await list(t.app, 'user', { filters: { username: 'pager_1' } }, demo)).total).toBe(0);
    expect((await list(t.app, 'user', { keyword: 'pager 0' }, demo)).total).toBe(9);
    expect((await list(t.app, 'user', { keyword: 'pager07' }, demo)).rows.map((r) => r.username)).toEqual(['pager07']);
    const future = new Date(t.clock.now() + 86_400_000).toISOString();
    expect((await list(t.app, 'user', { filters: { username: 'pager', createdAt: [future, null] } }, demo)).total).toBe(
      0,
    );
    expect((await list(t.app, 'user', { filters: { username: 'pager', createdAt: [null, future] } }, demo)).total).toBe(
      25,
    );
    const [admin] = (await list(t.app, 'role', { filters: { name: 'Administrator' } }, demo)).rows;
    // The demo's administrators: demo, and the site lead who works the approval screens (leave-request seed); no worker.
    expect(
      (await list(t.app, 'user', { filters: { roleIds: [admin!.id] } }, demo)).rows.map((r) => r.username).sort(),
    ).toEqual(['demo', 'sitelead']);
    const bad = await post(t.app, '/api/user/user/list', { filters: { email: 'x' } }, { token: demo });
    expect(bad.code).toBe(400);
    expect((await post(t.app, '/api/user/user/list', { filters: { status: { x: 1 } } }, { token: demo })).code).toBe(
      400,
    );
  });
});

describe('validation of add bodies', () => {
  it('every resource with add answers 400 naming a required field when the body lacks it, never 500', async () => {
    let checked = 0;
    for (const def of RESOURCES) {
      if (def.actions && !def.actions.includes('add')) continue;
      const required = def.fields.filter((f) => f.required && isEditable(f, 'add'));
      if (required.length === 0) continue;
      const res = await post(t.app, `/api/${def.kind}/${def.name}/add`, {}, { token: su });
      expect(res.code, `${def.kind}/${def.name}`).toBe(400);
      expect(res.key, `${def.kind}/${def.name}`).toBe('required');
      checked++;
    }
    expect(checked).toBeGreaterThan(5);
  });
});
