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

describe('the community tree (tables and CRUD)', () => {
  it('a community, a building, a unit and a room are stored for the tenant; the unit and room copy their parents', async () => {
    const c = await add('community', {
      name: 'Smoke Garden',
      province: '广东省',
      city: '深圳市',
      district: '南山区',
      address: 'Road 1',
      area: 12000.5,
      electricityRate: 0.62,
      waterRate: 3.5,
    });
    const b = await add('building', { communityId: c.id, number: 1, name: '1栋' });
    const u = await add('unit', { buildingId: b.id, number: 1, name: '1单元', floorCount: 6 });
    const r = await add('room', { unitId: u.id, floor: 1, number: 1, name: '1栋1单元101' });
    expect((await list(t.app, 'unit', { filters: { buildingId: b.id } }, demo)).rows[0]).toMatchObject({
      id: u.id,
      communityId: c.id,
    });
    expect((await list(t.app, 'room', { filters: { communityId: c.id } }, demo)).rows[0]).toMatchObject({
      id: r.id,
      buildingId: b.id,
      unitId: u.id,
      name: '1栋1单元101',
    });
    expect((await list(t.app, 'community', { keyword: 'Smoke' }, demo)).rows[0]).toMatchObject({
      area: 12000.5,
      electricityRate: 0.62,
      waterRate: 3.5,
      city: '深圳市',
    });
    // Another company sees none of it and cannot hang rows under it.
    for (const name of ['community', 'building', 'unit', 'room'])
      expect((await list(t.app, name, {}, other)).total).toBe(0);
    expect(
      (await post(t.app, '/api/user/building/add', { communityId: c.id, number: 2, name: '2栋' }, { token: other }))
        .key,
    ).toBe('refInvalid');
    expect(
      (await post(t.app, '/api/user/room/add', { unitId: u.id, floor: 2, number: 1, name: 'x' }, { token: other })).key,
    ).toBe('refInvalid');
    // Rates keep two decimals (docs/requirements/validation.md#form-helpers).
    expect(
      (await post(t.app, '/api/user/community/update', { id: c.id, electricityRate: 0.625 }, { token: demo })).key,
    ).toBe('decimalInvalid');
    // Deleting the community takes its tree with it.
    expect((await post(t.app, '/api/user/community/delete', { ids: [c.id] }, { token: demo })).code).toBe(0);
    expect((await list(t.app, 'room', { filters: { communityId: c.id } }, demo)).total).toBe(0);
  });
});

describe('the demo community (seed)', () => {
  it('阳光花园 with 48 generated rooms, the demo door units installed, its property company and two staff', async () => {
    const [c] = (await list(t.app, 'community', { keyword: '阳光花园' }, demo)).rows;
    expect(c).toMatchObject({ buildingCount: 2, unitCount: 2, floorCount: 6, roomCount: 2, city: '深圳市' });
    expect((await list(t.app, 'room', { filters: { communityId: c!.id } }, demo)).total).toBe(48);
    const tree = (
      await post<{ buildings: { units: { doorUnits: number[] }[] }[] }>(
        t.app,
        '/api/user/community/tree',
        { id: c!.id },
        { token: demo },
      )
    ).data;
    expect(tree.buildings.flatMap((b) => b.units.flatMap((u) => u.doorUnits))).toHaveLength(2);
    expect((await list(t.app, 'propertyCompany', { filters: { communityIds: [c!.id] } }, demo)).total).toBe(1);
    expect((await list(t.app, 'propertyStaff', { filters: { communityIds: [c!.id] } }, demo)).total).toBe(2);
  });
});
