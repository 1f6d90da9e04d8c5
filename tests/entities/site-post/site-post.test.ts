/**
 * Site posts (/managePost): the generic list, add, update and delete, the department check of
 * ./server.ts (a department of the caller's company only), `staffed` and tenant isolation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { departments } from '../../../src/server/db/schema';
import { post, type TestApp } from '../../server/helper';
import { demoApp, list, tenantWithAdmin, type Row } from '../../server/org-helper';

let t: TestApp;
let demo: string;
let other: { tenant: number; token: string };
let dept: number;
let foreignDept: number;

beforeAll(async () => {
  const d = await demoApp();
  ({ t, demo } = d);
  other = await tenantWithAdmin(t.app, 'Other Co', 'postother');
  [{ id: dept }, { id: foreignDept }] = (await t.app.db
    .insert(departments)
    .values([
      { tenantId: d.demoTenant, name: 'Site office' },
      { tenantId: other.tenant, name: 'Their office' },
    ])
    .returning({ id: departments.id })) as [{ id: number }, { id: number }];
  // Building the seeded app takes most of a minute on a busy machine.
}, 180_000);
afterAll(() => t?.close());

const add = (body: object, token = demo) => post<Row>(t.app, '/api/user/sitePost/add', body, { token });

describe('site posts', () => {
  it('adds posts and lists them by name, department and headcount order', async () => {
    const a = await add({ name: 'Crane signaller', departmentId: dept, duties: 'Guides the crane', headcount: 3 });
    expect(a.code, a.msg).toBe(0);
    const b = await add({ name: 'Crane operator', departmentId: dept, headcount: 1 });
    expect(b.code, b.msg).toBe(0);
    const byName = await list(
      t.app,
      'sitePost',
      { filters: { name: 'crane' }, sort: [{ field: 'headcount', order: 'asc' }] },
      demo,
    );
    expect(byName.rows.map((r) => r.name)).toEqual(['Crane operator', 'Crane signaller']);
    expect(byName.rows[1]).toMatchObject({ departmentId: dept, duties: 'Guides the crane', headcount: 3, staffed: 0 });
    const byDept = await list(t.app, 'sitePost', { filters: { departmentId: dept } }, demo);
    expect(byDept.rows.map((r) => r.id).sort()).toEqual([a.data.id, b.data.id].sort());
    // The keyword searches the duties too.
    expect((await list(t.app, 'sitePost', { keyword: 'guides the' }, demo)).rows.map((r) => r.id)).toEqual([a.data.id]);
  });

  it.each([
    ['no name', { headcount: 1 }, 'required'],
    ['a name over 50 characters', { name: 'x'.repeat(51), headcount: 1 }, 'tooLong'],
    ['a negative headcount', { name: 'Negative', headcount: -1 }, 'tooSmall'],
    ['a fractional headcount', { name: 'Half', headcount: 1.5 }, 'integerInvalid'],
  ])('refuses %s with its key', async (_what, body, key) => {
    const res = await add(body);
    expect(res).toMatchObject({ code: 400, key });
    expect(res.msg).toBeTruthy();
  });

  it("refuses another company's department, on add and on update", async () => {
    expect(await add({ name: 'Borrowed', headcount: 1, departmentId: foreignDept })).toMatchObject({
      code: 400,
      key: 'refInvalid',
    });
    const { data } = await add({ name: 'Own', headcount: 1, departmentId: dept });
    expect(
      (await post(t.app, '/api/user/sitePost/update', { id: data.id, departmentId: foreignDept }, { token: demo })).key,
    ).toBe('refInvalid');
  });

  it('updates and deletes; another company neither sees nor changes the post', async () => {
    const { data } = await add({ name: 'Gatekeeper', headcount: 2 });
    const upd = await post(t.app, '/api/user/sitePost/update', { id: data.id, headcount: 4 }, { token: demo });
    expect(upd.code, upd.msg).toBe(0);
    expect((await list(t.app, 'sitePost', { keyword: 'Gatekeeper' }, demo)).rows[0]).toMatchObject({
      id: data.id,
      headcount: 4,
    });
    expect((await list(t.app, 'sitePost', { keyword: 'Gatekeeper' }, other.token)).total).toBe(0);
    expect(
      (await post(t.app, '/api/user/sitePost/update', { id: data.id, headcount: 9 }, { token: other.token })).code,
    ).toBe(404);
    expect((await post(t.app, '/api/user/sitePost/get', { id: data.id }, { token: other.token })).code).toBe(404);
    expect((await post(t.app, '/api/user/sitePost/delete', { ids: [data.id] }, { token: other.token })).code).toBe(404);
    expect((await post(t.app, '/api/user/sitePost/delete', { ids: [data.id] }, { token: demo })).code).toBe(0);
    expect((await list(t.app, 'sitePost', { keyword: 'Gatekeeper' }, demo)).total).toBe(0);
  });

  it('staffed counts the site managers holding the post who have not left', async () => {
    const { data } = await add({ name: 'Surveyor', headcount: 2 });
    for (const [name, status] of [
      ['Wang Surveyor', 1],
      ['Zhao Surveyor', 3],
    ] as const) {
      const m = await post(
        t.app,
        '/api/user/siteManager/add',
        { name, phone: '13912345670', postId: data.id, status },
        { token: demo },
      );
      expect(m.code, m.msg).toBe(0);
    }
    expect((await list(t.app, 'sitePost', { keyword: 'Surveyor' }, demo)).rows[0]).toMatchObject({
      id: data.id,
      staffed: 1,
    });
  });
});
