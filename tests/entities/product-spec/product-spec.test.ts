/**
 * Specification templates (/ProductSpecifications): the generic list, add, update and delete, the
 * values hook of ./server.ts (stored as "a,b,c", each once, 1 to 50 of them) and tenant isolation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, type TestApp } from '../../server/helper';
import { demoApp, list, tenantWithAdmin, type Row } from '../../server/org-helper';

let t: TestApp;
let demo: string;
let other: string;

beforeAll(async () => {
  ({ t, demo } = await demoApp());
  other = (await tenantWithAdmin(t.app, 'Other Co', 'specother')).token;
  // Building the seeded app takes most of a minute on a busy machine.
}, 180_000);
afterAll(() => t?.close());

const add = (body: object, token = demo) => post<Row>(t.app, '/api/mall/productSpec/add', body, { token });

describe('product specifications', () => {
  it('the demo mall starts with its templates in sort order', async () => {
    const seeded = await list(t.app, 'productSpec', {}, demo, 'mall');
    expect(seeded.rows.slice(0, 2)).toMatchObject([
      { name: '颜色', values: '黄,蓝,白,红', sort: 1 },
      { name: '尺码', values: 'M,L,XL', sort: 2 },
    ]);
    expect((await list(t.app, 'productSpec', {}, other, 'mall')).total).toBe(0);
  });

  it('stores the values normalised: one per line or separated by commas, trimmed, each once', async () => {
    const res = await add({ name: 'Material', values: ' ABS \n碳纤维，ABS、 steel ;;', note: 'shell', sort: 9 });
    expect(res.code, res.msg).toBe(0);
    const got = await post<Row>(t.app, '/api/mall/productSpec/get', { id: res.data.id }, { token: demo });
    expect(got.data).toMatchObject({ name: 'Material', values: 'ABS,碳纤维,steel', note: 'shell', sort: 9 });
    const upd = await post(
      t.app,
      '/api/mall/productSpec/update',
      { id: res.data.id, values: 'wood\nwood\nglass' },
      { token: demo },
    );
    expect(upd.code, upd.msg).toBe(0);
    expect((await list(t.app, 'productSpec', { filters: { name: 'Material' } }, demo, 'mall')).rows).toMatchObject([
      { id: res.data.id, values: 'wood,glass' },
    ]);
  });

  it.each([
    ['no name', { values: 'a' }, 'required'],
    ['a name over 30 characters', { name: 'x'.repeat(31), values: 'a' }, 'tooLong'],
    ['no values', { name: 'Empty' }, 'required'],
    ['only separators', { name: 'Commas', values: ' , ,\n' }, 'productSpecValuesRequired'],
    [
      'more than 50 values',
      { name: 'Many', values: Array.from({ length: 51 }, (_, i) => `v${i}`).join(',') },
      'tooLarge',
    ],
  ])('refuses %s with its key', async (_what, body, key) => {
    const res = await add(body);
    expect(res).toMatchObject({ code: 400, key });
  });

  it('lists by name with a sort; updates and deletes; another company can do neither', async () => {
    for (const [name, sort] of [
      ['Voltage A', 30],
      ['Voltage B', 20],
    ] as const) {
      expect((await add({ name, values: '12V,24V', sort })).code).toBe(0);
    }
    const rows = (
      await list(
        t.app,
        'productSpec',
        { filters: { name: 'voltage' }, sort: [{ field: 'name', order: 'desc' }] },
        demo,
        'mall',
      )
    ).rows;
    expect(rows.map((r) => r.name)).toEqual(['Voltage B', 'Voltage A']);
    // The default order is by sort.
    expect((await list(t.app, 'productSpec', { keyword: 'Voltage' }, demo, 'mall')).rows.map((r) => r.sort)).toEqual([
      20, 30,
    ]);
    const id = rows[0]!.id;
    expect((await post(t.app, '/api/mall/productSpec/update', { id, values: 'x' }, { token: other })).code).toBe(404);
    expect((await post(t.app, '/api/mall/productSpec/delete', { ids: [id] }, { token: other })).code).toBe(404);
    expect((await list(t.app, 'productSpec', { keyword: 'Voltage' }, other, 'mall')).total).toBe(0);
    expect((await post(t.app, '/api/mall/productSpec/delete', { ids: [id] }, { token: demo })).code).toBe(0);
    expect((await list(t.app, 'productSpec', { keyword: 'Voltage' }, demo, 'mall')).total).toBe(1);
  });
});
