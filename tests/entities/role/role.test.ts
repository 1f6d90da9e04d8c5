import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../../server/fixtures';
import { post, type TestApp } from '../../server/helper';
import { demoApp, type Row } from '../../server/org-helper';

let t: TestApp;
let demo: string;
let demoTenant: number;

beforeAll(async () => {
  ({ t, demo, demoTenant } = await demoApp());
});
afterAll(() => t?.close());

const call = <T = Row>(name: string, action: string, body: unknown, token = demo) =>
  post<T>(t.app, `/api/user/${name}/${action}`, body, { token });

describe('CRUD round trips', () => {
  it('role: creatorName and userCount; delete refused while users hold it', async () => {
    const role = await call('role', 'add', { name: 'Dispatch', description: 'desk' });
    expect(role.data).toMatchObject({ name: 'Dispatch', creatorName: 'Demo administrator', userCount: 0 });
    const u = await addUser(t.app, { tenant: demoTenant, username: 'dispatcher', roleIds: [role.data.id] });
    expect((await call('role', 'get', { id: role.data.id })).data.userCount).toBe(1);
    expect((await call('role', 'delete', { ids: [role.data.id] })).key).toBe('roleHasUsers');
    await call('user', 'delete', { ids: [u] });
    expect((await call('role', 'delete', { ids: [role.data.id] })).code).toBe(0);
  });
});
