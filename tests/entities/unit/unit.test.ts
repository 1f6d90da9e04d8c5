import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, type TestApp } from '../../server/helper';
import { addDevices } from '../../server/ingest-helper';
import { demoApp, list, tenantWithAdmin, type Row } from '../../server/org-helper';

let t: TestApp;
let demo: string;
let other: string;
let otherTenant: number;

beforeAll(async () => {
  ({ t, demo } = await demoApp());
  ({ token: other, tenant: otherTenant } = await tenantWithAdmin(t.app, 'Other Co', 'otheradmin'));
});
afterAll(() => t?.close());

const add = async (name: string, body: object, token = demo) => {
  const res = await post<Row>(t.app, `/api/user/${name}/add`, body, { token });
  expect(res.code, `${name}: ${res.msg}`).toBe(0);
  return res.data;
};

describe('units and their door units', () => {
  it('attaches door units of the company to one unit, finds the unit by IMEI, detaches them', async () => {
    const c = await add('community', { name: 'Door Garden' });
    const b = await add('building', { communityId: c.id, number: 1, name: '1栋' });
    const u1 = await add('unit', { buildingId: b.id, number: 1, name: '1单元', electricityRate: 0.7 });
    const u2 = await add('unit', { buildingId: b.id, number: 2, name: '2单元' });
    const [d1, d2] = await addDevices(t.app, 2, { kind: 'doorUnit' });
    const [helmet] = await addDevices(t.app, 1, { kind: 'helmet' });
    const [foreign] = await addDevices(t.app, 1, { kind: 'doorUnit', tenantId: otherTenant });
    const attach = (id: number, devices: { imei: string }[], token = demo) =>
      post(t.app, '/api/user/unit/doorUnit/attach', { id, imeis: devices.map((d) => d.imei) }, { token });
    expect((await attach(u1.id, [d1!, d2!])).code).toBe(0);
    expect((await attach(u1.id, [d1!])).code).toBe(0); // again: nothing changes
    const doors = await post<{ imei: string }[]>(t.app, '/api/user/unit/doorUnit/list', { id: u1.id }, { token: demo });
    expect(doors.data.map((d) => d.imei).sort()).toEqual([d1!.imei, d2!.imei].sort());
    expect((await attach(u2.id, [d1!])).key).toBe('doorUnitTaken');
    expect((await attach(u2.id, [helmet!])).key).toBe('notDoorUnit');
    expect((await attach(u2.id, [foreign!])).key).toBe('notDoorUnit');
    expect((await attach(u1.id, [d1!], other)).code).toBe(404);
    const at = await post<Row>(t.app, '/api/user/unit/doorUnit/get', { imei: d1!.imei }, { token: demo });
    expect(at.data).toMatchObject({
      unitId: u1.id,
      buildingId: b.id,
      communityId: c.id,
      communityName: 'Door Garden',
      unitName: '1单元',
    });
    expect((await post(t.app, '/api/user/unit/doorUnit/get', { imei: d1!.imei }, { token: other })).data).toBeNull();
    expect(
      (await post(t.app, '/api/user/unit/doorUnit/detach', { id: u1.id, imeis: [d1!.imei] }, { token: demo })).code,
    ).toBe(0);
    expect(
      (await post<unknown[]>(t.app, '/api/user/unit/doorUnit/list', { id: u1.id }, { token: demo })).data,
    ).toHaveLength(1);
    expect((await attach(u2.id, [d1!])).code).toBe(0);
    // The unit's own rate overrides the community's; the list filters by community.
    expect(
      (await list(t.app, 'unit', { filters: { communityId: c.id } }, demo)).rows.map((r) => [
        r.name,
        r.electricityRate,
      ]),
    ).toEqual([
      ['1单元', 0.7],
      ['2单元', null],
    ]);
    expect((await list(t.app, 'unit', {}, other)).total).toBe(0);
  });
});

describe('a door unit’s place', () => {
  it('resolves a door unit to its unit, community and rooms', async () => {
    const { placeOfDevice, roomsOfDevice } = await import('../../../src/entities/unit/place');
    const [c] = (await list(t.app, 'community', { keyword: '阳光花园' }, demo)).rows;
    const tree = (
      await post<{ buildings: { units: { id: number; doorUnits: number[] }[] }[] }>(
        t.app,
        '/api/user/community/tree',
        { id: c!.id },
        { token: demo },
      )
    ).data;
    const unit = tree.buildings.flatMap((b) => b.units).find((u) => u.doorUnits.length > 0)!;
    const devices = await post<{ imei: string }[]>(
      t.app,
      '/api/user/unit/doorUnit/list',
      { id: unit.id },
      { token: demo },
    );
    const imei = devices.data[0]!.imei;
    const tenantId = Number(c!.tenantId);
    expect(await placeOfDevice(t.app.db, tenantId, imei)).toMatchObject({ unitId: unit.id, communityId: c!.id });
    const rooms = await roomsOfDevice(t.app.db, tenantId, imei);
    expect(rooms).toHaveLength(12);
    expect(rooms[0]).toMatchObject({ floor: 1, number: 1 });
    expect(await placeOfDevice(t.app.db, tenantId + 1000, imei)).toBeUndefined();
    expect(await roomsOfDevice(t.app.db, tenantId, '860000000000000')).toEqual([]);
  });
});
