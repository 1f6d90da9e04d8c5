/**
 * Mall categories (/mallCategory): the generic list, add, update and delete, the tree rules of
 * ./server.ts (a parent of the caller's company, no cycle, at most MALL_CATEGORY_MAX_DEPTH levels;
 * a category with children or products is not deleted alone), productCount and tenant isolation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, type TestApp } from '../../server/helper';
import { demoApp, list, tenantWithAdmin, type Row } from '../../server/org-helper';

let t: TestApp;
let demo: string;
let other: string;

beforeAll(async () => {
  ({ t, demo } = await demoApp());
  other = (await tenantWithAdmin(t.app, 'Other Co', 'categoryother')).token;
  // Building the seeded app takes most of a minute on a busy machine.
}, 180_000);
afterAll(() => t?.close());

// status (enabled or not) is a required field of the form.
const add = (body: object, token = demo) =>
  post<Row>(t.app, '/api/mall/mallCategory/add', { status: 1, ...body }, { token });
const update = (body: object, token = demo) => post<Row>(t.app, '/api/mall/mallCategory/update', body, { token });
const remove = (ids: number[], token = demo) => post(t.app, '/api/mall/mallCategory/delete', { ids }, { token });
const added = async (body: object) => {
  const res = await add(body);
  expect(res.code, res.msg).toBe(0);
  return res.data.id;
};

describe('mall categories', () => {
  it('the demo tree: four top categories on the storefront nav, sub-categories counting their products', async () => {
    const tops = await list(t.app, 'mallCategory', { filters: { nav: 1 } }, demo, 'mall');
    expect(tops.rows.map((r) => r.name)).toEqual(['安全防护', '消防报警', '智能穿戴', '物联网卡']);
    const [helmets] = (await list(t.app, 'mallCategory', { filters: { name: '安全帽' } }, demo, 'mall')).rows;
    expect(helmets).toMatchObject({ parentId: tops.rows[0]!.id });
    expect(helmets!.productCount).toBeGreaterThan(0);
    expect((await list(t.app, 'mallCategory', {}, other, 'mall')).total).toBe(0);
  });

  it('adds a branch, lists it by parent and name with a sort, updates and deletes it with its children', async () => {
    const root = await added({ name: 'Tools', sort: 50 });
    const b = await added({ name: 'Tools: hand', parentId: root, sort: 2 });
    const a = await added({ name: 'Tools: power', parentId: root, sort: 1 });
    const kids = await list(t.app, 'mallCategory', { filters: { parentId: root } }, demo, 'mall');
    expect(kids.rows.map((r) => r.id)).toEqual([a, b]);
    expect(kids.rows[0]).toMatchObject({ productCount: 0, status: 1 });
    const byName = await list(
      t.app,
      'mallCategory',
      { filters: { name: 'tools:' }, sort: [{ field: 'name', order: 'asc' }] },
      demo,
      'mall',
    );
    expect(byName.rows.map((r) => r.id)).toEqual([b, a]);
    expect((await update({ id: a, name: 'Tools: electric', status: 0 })).code).toBe(0);
    expect((await post<Row>(t.app, '/api/mall/mallCategory/get', { id: a }, { token: demo })).data).toMatchObject({
      name: 'Tools: electric',
      status: 0,
    });
    // The parent alone is refused while it has children; with them it goes.
    expect(await remove([root])).toMatchObject({ code: 400, key: 'mallCategoryHasChildren' });
    expect((await remove([root, a, b])).code).toBe(0);
    expect((await list(t.app, 'mallCategory', { filters: { name: 'tools' } }, demo, 'mall')).total).toBe(0);
  });

  it('keeps the tree a tree: no cycle, at most three levels', async () => {
    const l1 = await added({ name: 'Level one' });
    const l2 = await added({ name: 'Level two', parentId: l1 });
    const l3 = await added({ name: 'Level three', parentId: l2 });
    expect(await add({ name: 'Level four', parentId: l3 })).toMatchObject({ code: 400, key: 'mallCategoryTooDeep' });
    expect(await update({ id: l1, parentId: l3 })).toMatchObject({ code: 400, key: 'mallCategoryCycle' });
    expect(await update({ id: l1, parentId: l1 })).toMatchObject({ code: 400, key: 'mallCategoryCycle' });
  });

  it.each([
    ['no name', { sort: 1 }, 'required'],
    ['a parent that does not exist', { name: 'Orphan', parentId: 999_999 }, 'refInvalid'],
    ['an unknown nav value', { name: 'Odd', nav: 9 }, 'mustChooseOne'],
    ['a fractional sort', { name: 'Half', sort: 1.5 }, 'integerInvalid'],
  ])('refuses %s with its key', async (_what, body, key) => {
    expect(await add(body)).toMatchObject({ code: 400, key });
  });

  it('a category holding products is not deleted: mallCategoryInUse', async () => {
    const [helmets] = (await list(t.app, 'mallCategory', { filters: { name: '安全帽' } }, demo, 'mall')).rows;
    expect(await remove([helmets!.id])).toMatchObject({ code: 400, key: 'mallCategoryInUse' });
  });

  it("another company cannot see, change, delete or hang a category under the demo's", async () => {
    const mine = await added({ name: 'Private category' });
    expect((await list(t.app, 'mallCategory', { keyword: 'Private category' }, other, 'mall')).total).toBe(0);
    expect((await update({ id: mine, name: 'Taken' }, other)).code).toBe(404);
    expect((await remove([mine], other)).code).toBe(404);
    expect(await add({ name: 'Hanger', parentId: mine }, other)).toMatchObject({ code: 400, key: 'refInvalid' });
    expect((await list(t.app, 'mallCategory', { keyword: 'Private category' }, demo, 'mall')).total).toBe(1);
  });
});
