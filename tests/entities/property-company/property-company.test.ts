import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, type TestApp } from '../../server/helper';
import { demoApp, list, tenantWithAdmin, type Row } from '../../server/org-helper';

let t: TestApp;
let demo: string;
let other: string;

beforeAll(async () => {
  ({ t, demo } = await demoApp());
  other = (await tenantWithAdmin(t.app, 'Other Co', 'otheradmin')).token;
});
afterAll(() => t?.close());

const add = async (name: string, body: object, token = demo) => {
  const res = await post<Row>(t.app, `/api/user/${name}/add`, body, { token });
  expect(res.code, `${name}: ${res.msg}`).toBe(0);
  return res.data;
};

describe('property companies (/Manag)', () => {
  it('manage communities: the link is the community’s company, set from either side', async () => {
    const c1 = await add('community', { name: 'Managed One' });
    const c2 = await add('community', { name: 'Managed Two' });
    const p = await add('propertyCompany', {
      name: 'Good Property Co',
      contact: 'Li',
      phone: '13912345678',
      address: 'Road 2',
      communityIds: [c1.id, c2.id],
    });
    expect((await list(t.app, 'propertyCompany', { keyword: 'Good' }, demo)).rows[0]).toMatchObject({
      id: p.id,
      communityIds: [c1.id, c2.id],
    });
    expect((await list(t.app, 'community', { filters: { propertyCompanyId: p.id } }, demo)).total).toBe(2);
    expect(
      (await post(t.app, '/api/user/propertyCompany/update', { id: p.id, communityIds: [c2.id] }, { token: demo }))
        .code,
    ).toBe(0);
    expect(
      (await list(t.app, 'community', { filters: { propertyCompanyId: p.id } }, demo)).rows.map((r) => r.id),
    ).toEqual([c2.id]);
    expect((await list(t.app, 'propertyCompany', { filters: { communityIds: [c2.id] } }, demo)).total).toBe(1);
    // The phone rule of docs/requirements/validation.md#form-helpers; another company sees nothing
    // and cannot claim these communities.
    expect(
      (await post(t.app, '/api/user/propertyCompany/add', { name: 'x', phone: '23912345678' }, { token: demo })).key,
    ).toBe('phoneInvalid');
    expect((await list(t.app, 'propertyCompany', {}, other)).total).toBe(0);
    expect(
      (await post(t.app, '/api/user/propertyCompany/add', { name: 'Thief', communityIds: [c1.id] }, { token: other }))
        .key,
    ).toBe('refInvalid');
    expect(
      (await post(t.app, '/api/user/community/update', { id: c1.id, propertyCompanyId: p.id }, { token: other })).code,
    ).toBe(404);
    // Deleting the company leaves its communities without one.
    expect((await post(t.app, '/api/user/propertyCompany/delete', { ids: [p.id] }, { token: demo })).code).toBe(0);
    expect((await list(t.app, 'community', { keyword: 'Managed Two' }, demo)).rows[0]?.propertyCompanyId).toBeNull();
  });
});
