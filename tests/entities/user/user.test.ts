import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../../src/server/db/schema';
import { login, post, type TestApp } from '../../server/helper';
import { demoApp, list, type Row } from '../../server/org-helper';

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
});
