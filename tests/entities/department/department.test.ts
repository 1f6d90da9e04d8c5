import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/server/db/schema';
import { addUser } from '../../server/fixtures';
import { post, type TestApp } from '../../server/helper';
import { demoApp, type Row } from '../../server/org-helper';

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
});
