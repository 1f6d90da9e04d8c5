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

describe('buildings and rooms', () => {
  it('a building number is unique in its community; deleting a building takes its units and rooms', async () => {
    const c = (await post<Row>(t.app, '/api/user/community/add', { name: 'Building Garden' }, { token: demo })).data;
    const b = (
      await post<Row>(t.app, '/api/user/building/add', { communityId: c.id, number: 1, name: '1栋' }, { token: demo })
    ).data;
    expect(
      (await post(t.app, '/api/user/building/add', { communityId: c.id, number: 1, name: 'again' }, { token: demo }))
        .code,
    ).not.toBe(0);
    const u = (
      await post<Row>(t.app, '/api/user/unit/add', { buildingId: b.id, number: 1, name: '1单元' }, { token: demo })
    ).data;
    const r = await post<Row>(
      t.app,
      '/api/user/room/add',
      { unitId: u.id, floor: 1, number: 1, name: '101', area: 89.5 },
      { token: demo },
    );
    expect(r.code).toBe(0);
    expect(
      (await post(t.app, '/api/user/room/add', { unitId: u.id, floor: 1, number: 1, name: 'dup' }, { token: demo }))
        .code,
    ).not.toBe(0);
    expect((await post(t.app, '/api/user/room/update', { id: r.data.id, name: '101室' }, { token: other })).code).toBe(
      404,
    );
    expect((await list(t.app, 'building', { filters: { communityId: c.id } }, other)).total).toBe(0);
    expect((await post(t.app, '/api/user/building/delete', { ids: [b.id] }, { token: demo })).code).toBe(0);
    expect((await list(t.app, 'unit', { filters: { communityId: c.id } }, demo)).total).toBe(0);
    expect((await list(t.app, 'room', { filters: { communityId: c.id } }, demo)).total).toBe(0);
  });
});
