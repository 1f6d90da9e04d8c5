import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, type TestApp } from '../../server/helper';
import { demoApp, list, type Row } from '../../server/org-helper';

let t: TestApp;
let su: string;
let demo: string;

beforeAll(async () => {
  ({ t, su, demo } = await demoApp());
});
afterAll(() => t?.close());

const call = <T = Row>(name: string, action: string, body: unknown, token = demo) =>
  post<T>(t.app, `/api/user/${name}/${action}`, body, { token });

describe('CRUD round trips', () => {
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
