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

const call = <T = Row>(action: string, body: unknown, token = su) =>
  post<T>(t.app, `/api/device/deviceCategory/${action}`, body, { token });

describe('device categories (/DeviceCategoryList)', () => {
  it('a tree on pid: children filter by their parent, a category never moves under itself', async () => {
    const root = await call('add', { name: 'Wearables', status: 1, sort: 1 });
    expect(root.code, root.msg).toBe(0);
    expect(root.data).toMatchObject({ pid: 0, deviceCount: 0 });
    const child = await call('add', { name: 'Smart helmets', pid: root.data.id, kind: 'helmet', status: 1 });
    const grandchild = await call('add', { name: 'Helmets with radar', pid: child.data.id, status: 1 });
    expect(grandchild.code, grandchild.msg).toBe(0);
    const under = await list(t.app, 'deviceCategory', { filters: { pid: root.data.id } }, demo, 'device');
    expect(under.rows).toMatchObject([{ id: child.data.id, kind: 'helmet' }]);
    expect(await call('update', { id: root.data.id, pid: grandchild.data.id })).toMatchObject({
      code: 400,
      key: 'refInvalid',
    });
    expect(await call('update', { id: root.data.id, pid: root.data.id })).toMatchObject({
      code: 400,
      key: 'refInvalid',
    });
    // Moving a branch elsewhere is fine; a null parent is the top level.
    expect((await call('update', { id: grandchild.data.id, pid: root.data.id })).data.pid).toBe(root.data.id);
    expect((await call('update', { id: grandchild.data.id, pid: null })).data.pid).toBe(0);
  });

  it('validates the kind and the name; only super administrators write', async () => {
    expect(await call('add', { name: 'Odd', kind: 'toaster', status: 1 })).toMatchObject({
      code: 400,
      key: 'mustChooseOne',
    });
    expect(await call('add', { name: 'x'.repeat(65), status: 1 })).toMatchObject({ code: 400, key: 'tooLong' });
    const [first] = (await list(t.app, 'deviceCategory', { keyword: 'Wearables' }, su, 'device')).rows;
    expect((await call('update', { id: first!.id, name: 'Mine' }, demo)).code).toBe(403);
    expect((await call('update', { id: first!.id, description: 'Worn on the body' })).data).toMatchObject({
      name: 'Wearables',
      description: 'Worn on the body',
    });
  });

  it('a category with children is not deleted; the whole branch at once is', async () => {
    const root = await call('add', { name: 'Branch', status: 1 });
    const leaf = await call('add', { name: 'Leaf', pid: root.data.id, status: 1 });
    expect(await call('delete', { ids: [root.data.id] })).toMatchObject({ code: 409, key: 'productInUse' });
    expect((await call('delete', { ids: [root.data.id, leaf.data.id] })).code).toBe(0);
    expect((await call('get', { id: leaf.data.id })).code).toBe(404);
  });
});
