/**
 * Storefront banners (/productBanner): the generic list, add, update and delete, the product check
 * of ./server.ts (a product of the caller's company only) and tenant isolation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, type TestApp } from '../../server/helper';
import { demoApp, list, tenantWithAdmin, type Row } from '../../server/org-helper';

let t: TestApp;
let demo: string;
let other: string;
let product: number;

beforeAll(async () => {
  ({ t, demo } = await demoApp());
  other = (await tenantWithAdmin(t.app, 'Other Co', 'bannerother')).token;
  const products = await list(t.app, 'mallProduct', { size: 1 }, demo, 'mall');
  product = products.rows[0]!.id;
  // Building the seeded app takes most of a minute on a busy machine.
}, 180_000);
afterAll(() => t?.close());

// status (enabled or not) is a required field of the form.
const add = (body: object, token = demo) =>
  post<Row>(t.app, '/api/mall/productBanner/add', { status: 1, ...body }, { token });

describe('product banners', () => {
  it('the demo mall starts with three banners in sort order, one disabled', async () => {
    const seeded = await list(t.app, 'productBanner', {}, demo, 'mall');
    expect(seeded.rows.map((r) => [r.title, r.sort, r.status])).toEqual([
      ['安全装备焕新季', 1, 1],
      ['烟感限时 8 折', 2, 1],
      ['流量卡买一送一', 3, 0],
    ]);
    expect((await list(t.app, 'productBanner', { filters: { status: 0 } }, demo, 'mall')).total).toBe(1);
    expect((await list(t.app, 'productBanner', {}, other, 'mall')).total).toBe(0);
  });

  it('adds a banner linking a product, lists it by title and product, updates and deletes it', async () => {
    const res = await add({ title: 'Winter sale', image: '/mall/banner1.svg', productId: product, sort: 7, status: 1 });
    expect(res.code, res.msg).toBe(0);
    const found = await list(
      t.app,
      'productBanner',
      { filters: { title: 'winter', productId: product }, sort: [{ field: 'title', order: 'asc' }] },
      demo,
      'mall',
    );
    expect(found.rows).toMatchObject([{ id: res.data.id, image: '/mall/banner1.svg', productId: product, sort: 7 }]);
    const upd = await post(
      t.app,
      '/api/mall/productBanner/update',
      { id: res.data.id, status: 0, productId: null },
      { token: demo },
    );
    expect(upd.code, upd.msg).toBe(0);
    expect(
      (await post<Row>(t.app, '/api/mall/productBanner/get', { id: res.data.id }, { token: demo })).data,
    ).toMatchObject({ status: 0, productId: null });
    expect((await post(t.app, '/api/mall/productBanner/delete', { ids: [res.data.id] }, { token: demo })).code).toBe(0);
    expect((await list(t.app, 'productBanner', { keyword: 'Winter sale' }, demo, 'mall')).total).toBe(0);
  });

  it.each([
    ['no title', { image: '/mall/banner1.svg' }, 'required'],
    ['no image', { title: 'No picture' }, 'required'],
    ['a title over 100 characters', { title: 'x'.repeat(101), image: '/mall/banner1.svg' }, 'tooLong'],
    ['an unknown status', { title: 'Odd', image: '/mall/banner1.svg', status: 5 }, 'mustChooseOne'],
    ['a product that does not exist', { title: 'Ghost', image: '/mall/banner1.svg', productId: 999_999 }, 'refInvalid'],
  ])('refuses %s with its key', async (_what, body, key) => {
    expect(await add(body)).toMatchObject({ code: 400, key });
  });

  it('another company cannot link the product, see, change or delete the banner', async () => {
    expect(await add({ title: 'Theirs', image: '/mall/banner2.svg', productId: product }, other)).toMatchObject({
      code: 400,
      key: 'refInvalid',
    });
    const { data } = await add({ title: 'Ours only', image: '/mall/banner2.svg' });
    expect((await list(t.app, 'productBanner', { keyword: 'Ours only' }, other, 'mall')).total).toBe(0);
    expect(
      (await post(t.app, '/api/mall/productBanner/update', { id: data.id, title: 'Taken' }, { token: other })).code,
    ).toBe(404);
    expect((await post(t.app, '/api/mall/productBanner/delete', { ids: [data.id] }, { token: other })).code).toBe(404);
    expect((await list(t.app, 'productBanner', { keyword: 'Ours only' }, demo, 'mall')).total).toBe(1);
  });
});
