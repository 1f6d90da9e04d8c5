import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardSummary } from '../../../src/shared/dashboard';
import { buildTestApp, login, post, type TestApp } from '../../server/helper';
import { list, tenantWithAdmin, type Row } from '../../server/org-helper';
import { BINDING } from '../../../src/entities/resident';

let t: TestApp;
let demo: string;
let other: string;

beforeAll(async () => {
  t = await buildTestApp({ embeddedBroker: true });
  demo = (await login(t.app, 'demo', 'demo123')).token;
  other = (await tenantWithAdmin(t.app, 'Other Co', 'otheradmin')).token;
});
afterAll(() => t?.close());

const api = <T = Row>(path: string, body: unknown, token = demo) => post<T>(t.app, `/api/${path}`, body, { token });
const add = async (name: string, body: object, token = demo) => {
  const res = await api<Row>(`user/${name}/add`, body, token);
  expect(res.code, `${name}: ${res.msg}`).toBe(0);
  return res.data;
};
async function tree(token = demo) {
  const c = await add('community', { name: `Access Garden ${Math.random()}` }, token);
  const b = await add('building', { communityId: c.id, number: 1, name: '1栋' }, token);
  const u = await add('unit', { buildingId: b.id, number: 1, name: '1单元' }, token);
  const room = await add('room', { unitId: u.id, floor: 3, number: 1, name: '1栋1单元301' }, token);
  return { c, b, u, room };
}

describe('the demo community', () => {
  it('starts with residents in every review state, rights, cards (one revoked), a visitor QR code and a week of access events', async () => {
    const people = (await list(t.app, 'resident', { pageSize: 50 }, demo)).rows;
    expect(people.length).toBeGreaterThanOrEqual(10);
    expect(new Set(people.map((r) => r.reviewState))).toEqual(new Set(Object.values(BINDING)));
    const rights = (await list(t.app, 'accessRight', { pageSize: 50 }, demo)).rows;
    expect(rights.some((r) => r.subject === 3 && typeof r.qrToken === 'string')).toBe(true);
    expect(rights.every((r) => Array.isArray(r.deviceIds) && (r.deviceIds as number[]).length > 0)).toBe(true);
    const cards = (await list(t.app, 'accessCard', { pageSize: 50 }, demo)).rows;
    expect(cards.filter((c) => c.revoked).length).toBe(1);
    expect(cards.length).toBeGreaterThanOrEqual(3);
    const seeded = await list(t.app, 'accessEvent', { pageSize: 5 }, demo);
    expect(seeded.total).toBeGreaterThanOrEqual(40);
    expect((await list(t.app, 'accessEvent', {}, other)).total).toBe(0);
    // Some demo door calls were answered (a console opened the door after them), some missed.
    const c = (
      await api<DashboardSummary>('device/dashboard/summary', { scenario: 'community', from: '2000-01-01 00:00:00' })
    ).data.community!;
    expect(c.doorCallsAnswered).toBeGreaterThan(0);
    expect(c.doorCallsMissed).toBeGreaterThan(0);
  });
});

describe('residents and binding review', () => {
  it('binds a person to a room (console: assigned), validates the phone and ID, isolates tenants', async () => {
    const { c, room } = await tree();
    const r = await add('resident', {
      name: '王小明',
      phone: '13800138000',
      idNumber: '11010519491231002X',
      role: 1,
      roomId: room.id,
    });
    expect(r).toMatchObject({ reviewState: BINDING.assign, communityId: c.id, roomId: room.id });
    expect((await api('user/resident/add', { name: 'x', phone: '12345', role: 1, roomId: room.id })).key).toBe(
      'phoneInvalid',
    );
    expect(
      (await api('user/resident/add', { name: 'x', phone: '13800138001', idNumber: '123', role: 1, roomId: room.id }))
        .key,
    ).toBe('idNumberInvalid');
    expect((await list(t.app, 'resident', { keyword: '王小明' }, other)).total).toBe(0);
    // Another company cannot bind anyone to this room.
    expect(
      (await api('user/resident/add', { name: 'y', phone: '13800138002', role: 2, roomId: room.id }, other)).key,
    ).toBe('refInvalid');
  });

  it('applications go through the review machine; an illegal move answers noSuchTransition', async () => {
    const { room } = await tree();
    const applied = await api<{ id: number }>('user/resident/apply', {
      name: '李四',
      phone: '13900139000',
      role: 3,
      roomId: room.id,
    });
    expect(applied.code, applied.msg).toBe(0);
    const id = applied.data.id;
    const state = async () =>
      (await list(t.app, 'resident', { keyword: '13900139000' }, demo)).rows.find((r) => r.id === id);
    expect(await state()).toMatchObject({ reviewState: BINDING.applyJoin });
    expect((await api('user/resident/reject', { id, reason: '' })).code).toBe(400);
    expect((await api('user/resident/reject', { id, reason: '资料不全' })).code).toBe(0);
    expect(await state()).toMatchObject({ reviewState: BINDING.reject, reviewReason: '资料不全' });
    // A rejected application cannot be approved; it can be re-applied.
    const illegal = await api('user/resident/approve', { id });
    expect([illegal.code, illegal.key]).toEqual([400, 'noSuchTransition']);
    expect((await api('user/resident/move', { id, to: BINDING.applyExit })).key).toBe('noSuchTransition');
    expect((await api('user/resident/move', { id, to: BINDING.applyJoin })).code).toBe(0);
    expect((await api('user/resident/approve', { id })).code).toBe(0);
    expect(await state()).toMatchObject({ reviewState: BINDING.pass });
    // Exit: applied, refused (passed again), applied, approved (the binding ends).
    expect((await api('user/resident/applyExit', { id })).code).toBe(0);
    expect((await api('user/resident/reject', { id, reason: '欠费' })).code).toBe(0);
    expect(await state()).toMatchObject({ reviewState: BINDING.pass });
    expect((await api('user/resident/applyExit', { id })).code).toBe(0);
    expect((await api('user/resident/approve', { id })).code).toBe(0);
    expect(await state()).toBeUndefined();
    // Another company cannot review this company's rows.
    const second = (
      await api<{ id: number }>('user/resident/apply', { name: '赵六', phone: '13900139001', role: 2, roomId: room.id })
    ).data.id;
    expect((await api('user/resident/approve', { id: second }, other)).code).toBe(404);
  });

  it('batch approve answers each row on its own', async () => {
    const { room } = await tree();
    const a = (
      await api<{ id: number }>('user/resident/apply', { name: '甲', phone: '13700137000', role: 2, roomId: room.id })
    ).data.id;
    const b = (await add('resident', { name: '乙', phone: '13700137001', role: 2, roomId: room.id })).id;
    const res = await api<{ results: { id: number; ok: boolean; key?: string }[] }>('user/resident/batchApprove', {
      ids: [a, b, 999_999],
    });
    expect(res.data.results).toEqual([
      { id: a, ok: true },
      { id: b, ok: false, key: 'noSuchTransition' },
      { id: 999_999, ok: false, key: 'notFound' },
    ]);
  });
});
