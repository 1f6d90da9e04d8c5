/**
 * Mall merchants (/merchant): the generic list, add, update and delete, the remove hook of
 * ./server.ts (a merchant whose products hold it answers merchantInUse) and tenant isolation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, type TestApp } from '../../server/helper';
import { demoApp, list, tenantWithAdmin, type Row } from '../../server/org-helper';

let t: TestApp;
let demo: string;
let other: string;

beforeAll(async () => {
  ({ t, demo } = await demoApp());
  other = (await tenantWithAdmin(t.app, 'Other Co', 'merchantother')).token;
  // Building the seeded app takes most of a minute on a busy machine.
}, 180_000);
afterAll(() => t?.close());

const add = (body: object, token = demo) => post<Row>(t.app, '/api/mall/merchant/add', body, { token });
const shop = { name: 'Harbour Tools', contact: 'Mr Lin', phone: '13800138555', address: 'Pier 3', sort: 5, status: 1 };

describe('merchants', () => {
  it('the demo mall starts with its shops in sort order; another company has none', async () => {
    const seeded = await list(t.app, 'merchant', {}, demo, 'mall');
    expect(seeded.rows.slice(0, 3).map((r) => r.name)).toEqual(['平安消防器材店', '智联穿戴旗舰店', '通达物联卡专营']);
    expect((await list(t.app, 'merchant', {}, other, 'mall')).total).toBe(0);
  });

  it('adds, lists by name and status with a sort, updates and deletes a shop', async () => {
    const a = await add(shop);
    expect(a.code, a.msg).toBe(0);
    const b = await add({ ...shop, name: 'Harbour Safety', status: 0 });
    expect(b.code, b.msg).toBe(0);
    const byName = await list(
      t.app,
      'merchant',
      { filters: { name: 'harbour' }, sort: [{ field: 'name', order: 'desc' }] },
      demo,
      'mall',
    );
    expect(byName.rows.map((r) => r.name)).toEqual(['Harbour Tools', 'Harbour Safety']);
    expect(byName.rows[0]).toMatchObject({ contact: 'Mr Lin', phone: '13800138555', status: 1 });
    const closed = await list(t.app, 'merchant', { filters: { name: 'harbour', status: 0 } }, demo, 'mall');
    expect(closed.rows.map((r) => r.id)).toEqual([b.data.id]);
    // The keyword finds a shop by its contact's phone.
    expect((await list(t.app, 'merchant', { keyword: '13800138555' }, demo, 'mall')).total).toBe(2);

    const upd = await post(t.app, '/api/mall/merchant/update', { id: b.data.id, status: 1 }, { token: demo });
    expect(upd.code, upd.msg).toBe(0);
    expect((await list(t.app, 'merchant', { filters: { name: 'harbour', status: 0 } }, demo, 'mall')).total).toBe(0);
    expect((await post(t.app, '/api/mall/merchant/delete', { ids: [b.data.id] }, { token: demo })).code).toBe(0);
    expect((await list(t.app, 'merchant', { filters: { name: 'harbour' } }, demo, 'mall')).total).toBe(1);
  });

  it.each([
    ['no name', { ...shop, name: '' }, 'required'],
    ['no contact', { ...shop, contact: undefined }, 'required'],
    ['a bad phone', { ...shop, phone: '12345' }, 'phoneInvalid'],
    ['an address over 200 characters', { ...shop, address: 'x'.repeat(201) }, 'tooLong'],
    ['an unknown status', { ...shop, status: 7 }, 'mustChooseOne'],
  ])('refuses %s with its key', async (_what, body, key) => {
    expect(await add(body)).toMatchObject({ code: 400, key });
  });

  it('a shop with products is not deleted: merchantInUse', async () => {
    const [fire] = (await list(t.app, 'merchant', { filters: { name: '平安消防器材店' } }, demo, 'mall')).rows;
    expect(fire).toBeDefined();
    expect(
      (await list(t.app, 'mallProduct', { filters: { merchantId: fire!.id } }, demo, 'mall')).total,
    ).toBeGreaterThan(0);
    expect(await post(t.app, '/api/mall/merchant/delete', { ids: [fire!.id] }, { token: demo })).toMatchObject({
      code: 400,
      key: 'merchantInUse',
    });
    expect((await list(t.app, 'merchant', { filters: { name: '平安消防器材店' } }, demo, 'mall')).total).toBe(1);
  });

  it('another company neither sees, changes nor deletes the shop', async () => {
    const { data } = await add({ ...shop, name: 'Private Shop' });
    expect((await list(t.app, 'merchant', { keyword: 'Private Shop' }, other, 'mall')).total).toBe(0);
    expect((await post(t.app, '/api/mall/merchant/get', { id: data.id }, { token: other })).code).toBe(404);
    expect(
      (await post(t.app, '/api/mall/merchant/update', { id: data.id, name: 'Taken' }, { token: other })).code,
    ).toBe(404);
    expect((await post(t.app, '/api/mall/merchant/delete', { ids: [data.id] }, { token: other })).code).toBe(404);
    expect((await list(t.app, 'merchant', { keyword: 'Private Shop' }, demo, 'mall')).rows[0]?.name).toBe(
      'Private Shop',
    );
  });
});
