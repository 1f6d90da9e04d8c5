import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, type TestApp } from '../../server/helper';
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
});
