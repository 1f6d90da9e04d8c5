/**
 * Residents (/household, /bindingReview): the list (filters, sort), the console's add (assigned,
 * the room's community copied; ./server.ts checks room and user are the company's), update and
 * delete, a resident's own application (`apply`, `applyExit`) and the review machine of
 * ./routes.ts (approve, reject, move, batchApprove), a face photo queued for face review
 * (./faces.ts), and tenant isolation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../../server/fixtures';
import { login, post, type TestApp } from '../../server/helper';
import { demoApp, list, tenantWithAdmin, type Row } from '../../server/org-helper';
import { BINDING, RESIDENT_ROLE } from '../../../src/entities/resident/resource';

let t: TestApp;
let demo: string;
let other: { tenant: number; token: string; userId: number };
let c1: Row;
let c2: Row;
let room1: Row;
let room2: Row;
let foreignRoom: Row;
let dweller: { id: number; token: string };

const api = <T = Row>(path: string, body: object, token = demo) => post<T>(t.app, `/api/user/${path}`, body, { token });
const add = async (name: string, body: object, token = demo) => {
  const res = await api<Row>(`${name}/add`, body, token);
  expect(res.code, `${name}: ${res.msg}`).toBe(0);
  return res.data;
};
/** A community with one room of the token's company. */
async function place(name: string, token = demo) {
  const c = await add('community', { name }, token);
  const b = await add('building', { communityId: c.id, number: 1, name: '1栋' }, token);
  const u = await add('unit', { buildingId: b.id, number: 1, name: '1单元' }, token);
  const room = await add('room', { unitId: u.id, floor: 1, number: 2, name: `${name} 102` }, token);
  return { c, room };
}
const person = (over: object = {}) => ({
  name: 'Resident Chen',
  phone: '13800138001',
  role: RESIDENT_ROLE.owner,
  roomId: room1.id,
  ...over,
});
const residents = async (filters: object, token = demo) =>
  (await list(t.app, 'resident', { filters, sort: [{ field: 'name', order: 'asc' }], size: 100 }, token)).rows;
const stateOf = async (id: number) => (await api<Row>('resident/get', { id })).data?.reviewState;

beforeAll(async () => {
  const d = await demoApp();
  ({ t, demo } = d);
  other = await tenantWithAdmin(t.app, 'Other Co', 'residentother');
  ({ c: c1, room: room1 } = await place('Resident Garden'));
  ({ c: c2, room: room2 } = await place('Resident Court'));
  ({ room: foreignRoom } = await place('Their Garden', other.token));
  const userId = await addUser(t.app, { tenant: d.demoTenant, username: 'resident-self' });
  dweller = { id: userId, token: (await login(t.app, 'resident-self', 'secret1')).token };
  // Building the seeded app takes most of a minute on a busy machine.
}, 180_000);
afterAll(() => t?.close());

describe('residents', () => {
  it('the console binds a person to a room: assigned, with the room’s community; the list filters and sorts', async () => {
    const a = await add('resident', person({ idNumber: '11010519491231002X' }));
    expect(a).toMatchObject({ reviewState: BINDING.assign, communityId: c1.id, roomId: room1.id, userId: null });
    await add('resident', person({ name: 'Resident Abe', phone: '13800138002', role: RESIDENT_ROLE.tenant }));
    await add('resident', person({ name: 'Resident Zed', phone: '13800138003', roomId: room2.id }));
    expect((await residents({ communityId: c1.id })).map((r) => r.name)).toEqual(['Resident Abe', 'Resident Chen']);
    expect((await residents({ roomId: room2.id })).map((r) => r.name)).toEqual(['Resident Zed']);
    expect((await residents({ name: 'resident', role: RESIDENT_ROLE.tenant })).map((r) => r.name)).toEqual([
      'Resident Abe',
    ]);
    expect((await residents({ phone: '138001380', reviewState: BINDING.assign })).length).toBe(3);
    const desc = await list(
      t.app,
      'resident',
      { filters: { name: 'Resident ' }, sort: [{ field: 'name', order: 'desc' }] },
      demo,
    );
    expect(desc.rows.map((r) => r.name)).toEqual(['Resident Zed', 'Resident Chen', 'Resident Abe']);
  });

  it.each([
    ['no name', () => person({ name: '' }), 'required'],
    ['a bad phone', () => person({ phone: '12345' }), 'phoneInvalid'],
    ['a bad ID number', () => person({ idNumber: '123' }), 'idNumberInvalid'],
    ['an unknown role', () => person({ role: 9 }), 'mustChooseOne'],
    ['no room', () => person({ roomId: undefined }), 'required'],
    ["another company's room", () => person({ roomId: foreignRoom.id }), 'refInvalid'],
    ["another company's user", () => person({ userId: other.userId }), 'refInvalid'],
  ])('add refuses %s with its key', async (_what, body, key) => {
    const res = await api('resident/add', body());
    expect(res).toMatchObject({ code: 400, key });
    expect(res.msg).toBeTruthy();
  });

  it('moving a resident to another room takes that room’s community; delete removes them', async () => {
    const r = await add('resident', person({ name: 'Resident Mover', phone: '13800138009' }));
    expect((await api('resident/update', { id: r.id, roomId: room2.id })).code).toBe(0);
    expect((await api<Row>('resident/get', { id: r.id })).data).toMatchObject({ roomId: room2.id, communityId: c2.id });
    expect(await api('resident/update', { id: r.id, roomId: foreignRoom.id })).toMatchObject({
      code: 400,
      key: 'refInvalid',
    });
    expect((await api('resident/delete', { ids: [r.id] })).code).toBe(0);
    expect((await api('resident/get', { id: r.id })).code).toBe(404);
  });

  it("a user's own application is theirs and goes through review: rejected, re-applied, passed, exit", async () => {
    const applied = await api<{ id: number }>(
      'resident/apply',
      { name: 'Resident Self', phone: '13900139000', role: RESIDENT_ROLE.family, roomId: room1.id },
      dweller.token,
    );
    expect(applied.code, applied.msg).toBe(0);
    const id = applied.data.id;
    expect((await api<Row>('resident/get', { id })).data).toMatchObject({
      reviewState: BINDING.applyJoin,
      userId: dweller.id,
      communityId: c1.id,
    });
    expect((await api('resident/reject', { id, reason: ' ' })).code).toBe(400);
    expect((await api('resident/reject', { id, reason: 'Wrong room' })).code).toBe(0);
    expect((await api<Row>('resident/get', { id })).data).toMatchObject({
      reviewState: BINDING.reject,
      reviewReason: 'Wrong room',
    });
    expect((await api('resident/approve', { id })).key).toBe('noSuchTransition');
    expect((await api('resident/move', { id, to: BINDING.applyJoin })).code).toBe(0);
    expect((await api('resident/approve', { id })).code).toBe(0);
    expect(await stateOf(id)).toBe(BINDING.pass);
    expect((await api('resident/applyExit', { id })).code).toBe(0);
    expect(await stateOf(id)).toBe(BINDING.applyExit);
    expect((await api('resident/approve', { id })).code).toBe(0);
    expect((await api('resident/get', { id })).code).toBe(404);
    // Nobody applies for another company's room.
    expect(
      await api('resident/apply', { name: 'X', phone: '13900139001', role: 1, roomId: foreignRoom.id }, dweller.token),
    ).toMatchObject({ code: 400, key: 'refInvalid' });
  });

  it('batch approve answers each row on its own', async () => {
    const a = (
      await api<{ id: number }>(
        'resident/apply',
        { name: 'Batch One', phone: '13700137000', role: 2, roomId: room2.id },
        dweller.token,
      )
    ).data.id;
    const b = (await add('resident', person({ name: 'Batch Two', phone: '13700137001', roomId: room2.id }))).id;
    const res = await api<{ results: { id: number; ok: boolean; key?: string }[] }>('resident/batchApprove', {
      ids: [a, b, 999_999],
    });
    expect(res.data.results).toEqual([
      { id: a, ok: true },
      { id: b, ok: false, key: 'noSuchTransition' },
      { id: 999_999, ok: false, key: 'notFound' },
    ]);
  });

  it("a face photo goes to face review in the company's first library, labelled with the resident and room", async () => {
    const r = await add(
      'resident',
      person({ name: 'Resident Face', phone: '13800138010', facePhoto: '/faces/demo-collins-1.jpg' }),
    );
    expect(r.id).toBeGreaterThan(0);
    const deadline = Date.now() + 5000;
    let queued: Row[] = [];
    while (!queued.length && Date.now() < deadline) {
      queued = (await list(t.app, 'faceReview', { keyword: 'Resident Face' }, demo)).rows;
      if (!queued.length) await new Promise((res) => setTimeout(res, 25));
    }
    expect(queued).toMatchObject([
      { residentName: 'Resident Face', room: room1.name, picture: '/faces/demo-collins-1.jpg', state: 0 },
    ]);
  });

  it('another company neither sees, changes, reviews nor deletes a resident', async () => {
    const r = await add('resident', person({ name: 'Resident Private', phone: '13800138011' }));
    expect((await residents({ name: 'Resident Private' }, other.token)).length).toBe(0);
    expect((await api('resident/get', { id: r.id }, other.token)).code).toBe(404);
    expect((await api('resident/update', { id: r.id, name: 'Taken' }, other.token)).code).toBe(404);
    expect((await api('resident/move', { id: r.id, to: BINDING.applyExit }, other.token)).code).toBe(404);
    expect((await api('resident/applyExit', { id: r.id }, other.token)).code).toBe(404);
    expect((await api('resident/delete', { ids: [r.id] }, other.token)).code).toBe(404);
    expect((await api<Row>('resident/get', { id: r.id })).data.name).toBe('Resident Private');
  });
});
