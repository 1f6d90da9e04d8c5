import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRole, addUser } from '../../server/fixtures';
import { login, post, type TestApp } from '../../server/helper';
import { demoApp, list, type Row } from '../../server/org-helper';

let t: TestApp;
let demo: string;
let demoTenant: number;

beforeAll(async () => {
  ({ t, demo, demoTenant } = await demoApp());
});
afterAll(() => t?.close());

describe('rooms (/roomManagement)', () => {
  it('filter by floor and unit, keep their unit on update; the menu reads, the mark writes', async () => {
    const [c] = (await list(t.app, 'community', { keyword: '阳光花园' }, demo)).rows;
    const floor3 = await list(t.app, 'room', { filters: { communityId: c!.id, floor: 3 }, size: 50 }, demo);
    expect(floor3.total).toBe(8);
    expect(floor3.rows.every((r) => /^\d栋\d单元3\d\d$/.test(String(r.name)))).toBe(true);
    const room = floor3.rows[0]!;
    expect(
      (await post(t.app, '/api/user/room/update', { id: room.id, name: '样板间', area: 88.25 }, { token: demo })).code,
    ).toBe(0);
    expect((await list(t.app, 'room', { keyword: '样板间' }, demo)).rows[0]).toMatchObject({
      unitId: room.unitId,
      floor: 3,
      area: 88.25,
    });
    expect((await post(t.app, '/api/user/room/update', { id: room.id, area: 88.255 }, { token: demo })).key).toBe(
      'decimalInvalid',
    );
    // A user holding only the menu reads the rooms but cannot add one.
    const reader = await addRole(t.app, demoTenant, 'Rooms reader', ['roomManagement']);
    await addUser(t.app, { tenant: demoTenant, username: 'roomreader', roleIds: [reader] });
    const token = (await login(t.app, 'roomreader', 'secret1')).token;
    expect((await list(t.app, 'room', { filters: { unitId: room.unitId } }, token)).total).toBe(12);
    expect(
      (await post<Row>(t.app, '/api/user/room/add', { unitId: room.unitId, floor: 7, number: 1, name: 'x' }, { token }))
        .code,
    ).toBe(403);
  });
});
