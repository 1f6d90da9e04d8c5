import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topics } from '../../../src/shared/topics';
import { addUser } from '../../server/fixtures';
import { send } from '../../server/alarms-helper';
import { post, type TestApp } from '../../server/helper';
import { addDevices, type TestDevice } from '../../server/ingest-helper';
import { demoApp, list, tenantWithAdmin, type Row } from '../../server/org-helper';
import { isOnDuty, onDutyFrom, type DutyRoster, type DutyRow } from '../../../src/server/escalation/roster';

let t: TestApp;
let demo: string;
let demoTenant: number;
let other: string;
const sent: { topic: string; body: Record<string, unknown> }[] = [];

beforeAll(async () => {
  ({ t, demo, demoTenant } = await demoApp());
  other = (await tenantWithAdmin(t.app, 'Other Co', 'otheradmin')).token;
  const publish = t.app.broker.publish.bind(t.app.broker);
  t.app.broker.publish = async (topic, payload, opts) => {
    const text = Buffer.isBuffer(payload)
      ? payload.toString()
      : typeof payload === 'string'
        ? payload
        : JSON.stringify(payload);
    try {
      sent.push({ topic, body: JSON.parse(text) as Record<string, unknown> });
    } catch {
      /* not JSON */
    }
    return publish(topic, payload, opts);
  };
});
afterAll(() => t?.close());

const add = async (name: string, body: object, token = demo) => {
  const res = await post<Row>(t.app, `/api/user/${name}/add`, body, { token });
  expect(res.code, `${name}: ${res.msg}`).toBe(0);
  return res.data;
};

/** The user ids whose console topic got a push with `code` since the last clear. */
const receivers = (code: string) =>
  [
    ...new Set(
      sent
        .filter((s) => String(s.body.code) === code)
        .map((s) => Number(/^acm\/(\d+)\/web$/.exec(s.topic)?.[1]))
        .filter((n) => n > 0),
    ),
  ].sort((a, b) => a - b);
const settle = () => new Promise((r) => setTimeout(r, 300));

describe('property staff', () => {
  it('CRUD with the communities served; another company sees nothing and cannot link its users', async () => {
    const c = await add('community', { name: 'Staff Garden' });
    const userId = await addUser(t.app, { tenant: demoTenant, username: 'guard1' });
    const s = await add('propertyStaff', {
      name: 'Guard One',
      phone: '13800000001',
      post: '保安',
      userId,
      communityIds: [c.id],
      onDuty: true,
      receiveDoorCalls: true,
      receiveSos: true,
    });
    expect(
      (await list(t.app, 'propertyStaff', { filters: { communityIds: [c.id] } }, demo)).rows.map((r) => [
        r.id,
        r.communityIds,
      ]),
    ).toEqual([[s.id, [c.id]]]);
    expect((await list(t.app, 'propertyStaff', {}, other)).total).toBe(0);
    expect((await post(t.app, '/api/user/propertyStaff/add', { name: 'x', phone: '12345' }, { token: demo })).key).toBe(
      'phoneInvalid',
    );
    expect(
      (await post(t.app, '/api/user/propertyStaff/add', { name: 'x', dutyStart: '25:00' }, { token: demo })).key,
    ).toBe('timeInvalid');
    expect((await post(t.app, '/api/user/propertyStaff/add', { name: 'x', userId }, { token: other })).key).toBe(
      'refInvalid',
    );
    expect(
      (await post(t.app, '/api/user/propertyStaff/add', { name: 'x', communityIds: [c.id] }, { token: other })).key,
    ).toBe('refInvalid');
    expect(
      (await post(t.app, '/api/user/propertyStaff/update', { id: s.id, communityIds: [] }, { token: demo })).code,
    ).toBe(0);
    expect((await list(t.app, 'propertyStaff', { filters: { communityIds: [c.id] } }, demo)).total).toBe(0);
  });

  it('duty hours: inside them, outside them, and across midnight', () => {
    const at = (h: number, m = 0) => new Date(2026, 10, 25, h, m);
    const day = { onDuty: false, dutyStart: '08:00', dutyEnd: '20:00' };
    const night = { onDuty: false, dutyStart: '20:00', dutyEnd: '08:00' };
    expect([isOnDuty(day, at(8)), isOnDuty(day, at(19, 59)), isOnDuty(day, at(20)), isOnDuty(day, at(3))]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect([isOnDuty(night, at(23)), isOnDuty(night, at(7, 59)), isOnDuty(night, at(12))]).toEqual([true, true, false]);
    expect(isOnDuty({ onDuty: true, dutyStart: null, dutyEnd: null }, at(12))).toBe(true);
    expect(isOnDuty({ onDuty: false, dutyStart: null, dutyEnd: null }, at(12))).toBe(false);
  });
});

describe('routing from a company duty roster', () => {
  const noon = new Date(2026, 0, 5, 12, 0);
  const staff = (userId: number, over: Partial<DutyRow> = {}): DutyRow => ({
    userId,
    onDuty: true,
    dutyStart: null,
    dutyEnd: null,
    receiveDoorCalls: true,
    receiveSos: true,
    ...over,
  });
  const roster: DutyRoster = {
    communityOf: new Map([
      ['869000000000001', 10],
      ['869000000000002', 20],
      ['869000000000003', 30],
    ]),
    staffOf: new Map([
      [
        10,
        [
          staff(7),
          staff(5, { receiveSos: false }),
          staff(9, { onDuty: false, dutyStart: '08:00', dutyEnd: '20:00' }),
          staff(7),
        ],
      ],
      [20, [staff(4, { onDuty: false, dutyStart: '20:00', dutyEnd: '08:00' })]],
    ]),
  };

  it('answers the staff on duty who take that notice, once each, from the roster alone', () => {
    expect(onDutyFrom(roster, '869000000000001', 'doorCall', noon)).toEqual([5, 7, 9]);
    expect(onDutyFrom(roster, '869000000000001', 'sos', noon)).toEqual([7, 9]);
    expect(onDutyFrom(roster, '869000000000001', 'sos', new Date(2026, 0, 5, 21, 0))).toEqual([7]);
  });

  it('answers undefined (everyone) for a device in no community or with nobody on duty there', () => {
    expect(onDutyFrom(roster, '869000000000009', 'sos', noon)).toBeUndefined();
    expect(onDutyFrom(roster, '869000000000002', 'doorCall', noon)).toBeUndefined();
    expect(onDutyFrom(roster, '869000000000002', 'doorCall', new Date(2026, 0, 5, 23, 0))).toEqual([4]);
    expect(onDutyFrom(roster, '869000000000003', 'sos', noon)).toBeUndefined();
  });
});

describe('routing door calls and SOS to the staff on duty', () => {
  let door: TestDevice;
  let y: Row;
  let ux: Row;
  let uy: Row;
  let a: number;
  let b: number;
  let staffA: Row;
  let admin: number;

  beforeAll(async () => {
    const x = await add('community', { name: 'Community X' });
    y = await add('community', { name: 'Community Y' });
    const bx = await add('building', { communityId: x.id, number: 1, name: '1栋' });
    ux = await add('unit', { buildingId: bx.id, number: 1, name: '1单元' });
    const by = await add('building', { communityId: y.id, number: 1, name: '1栋' });
    uy = await add('unit', { buildingId: by.id, number: 1, name: '1单元' });
    [door] = (await addDevices(t.app, 1, { kind: 'doorUnit' })) as [TestDevice];
    expect(
      (await post(t.app, '/api/user/unit/doorUnit/attach', { id: ux.id, imeis: [door.imei] }, { token: demo })).code,
    ).toBe(0);
    a = await addUser(t.app, { tenant: demoTenant, username: 'staffa' });
    b = await addUser(t.app, { tenant: demoTenant, username: 'staffb' });
    staffA = await add('propertyStaff', {
      name: 'A',
      userId: a,
      communityIds: [x.id],
      onDuty: true,
      receiveDoorCalls: true,
      receiveSos: true,
    });
    await add('propertyStaff', {
      name: 'B',
      userId: b,
      communityIds: [y.id],
      onDuty: true,
      receiveDoorCalls: true,
      receiveSos: true,
    });
    admin = (await post<{ id: number }>(t.app, '/api/auth/auth/userInfo', {}, { token: demo })).data?.id ?? 0;
  });

  it("staff A on duty for X gets the call from X's door unit; B (on duty for Y) and the others don't", async () => {
    sent.length = 0;
    await send(t.app, door.imei, { kind: 'call', ts: Date.now(), roomNo: '101' });
    await settle();
    expect(receivers('5081')).toEqual([a]);
    expect(sent.some((s) => s.topic === topics.userWeb(b))).toBe(false);
  });

  it("an SOS of X's door unit goes (9003) to A only, while the alarm itself (9001) still reaches every operator", async () => {
    sent.length = 0;
    await send(t.app, door.imei, { kind: 'alarm', alarm: 'sos', ts: Date.now() });
    await settle();
    expect(receivers('9003')).toEqual([a]);
    expect(receivers('9001').length).toBeGreaterThan(0);
    expect(receivers('9001')).not.toContain(a);
  });

  it('a staff member who does not receive door calls is skipped; with nobody on duty for X everybody gets the call', async () => {
    expect(
      (await post(t.app, '/api/user/propertyStaff/update', { id: staffA.id, receiveDoorCalls: false }, { token: demo }))
        .code,
    ).toBe(0);
    sent.length = 0;
    await send(t.app, door.imei, { kind: 'call', ts: Date.now(), roomNo: '102' });
    await settle();
    const everyone = receivers('5081');
    expect(everyone.length).toBeGreaterThan(0);
    expect(everyone).not.toContain(a);
    expect(admin, "the demo administrator's user id").toBeGreaterThan(0);
    expect(everyone).toContain(admin);
    expect(
      (
        await post(
          t.app,
          '/api/user/propertyStaff/update',
          { id: staffA.id, receiveDoorCalls: true, onDuty: false },
          { token: demo },
        )
      ).code,
    ).toBe(0);
    sent.length = 0;
    await send(t.app, door.imei, { kind: 'call', ts: Date.now(), roomNo: '103' });
    await settle();
    expect(receivers('5081')).toEqual(everyone);
  });

  it('a door unit moved to a unit of another community rings and calls for help there at once', async () => {
    // The company's duty roster is cached by now (the calls above): the move must reach it.
    expect(
      (await post(t.app, '/api/user/unit/doorUnit/detach', { id: ux.id, imeis: [door.imei] }, { token: demo })).code,
    ).toBe(0);
    expect(
      (await post(t.app, '/api/user/unit/doorUnit/attach', { id: uy.id, imeis: [door.imei] }, { token: demo })).code,
    ).toBe(0);
    sent.length = 0;
    await send(t.app, door.imei, { kind: 'call', ts: Date.now(), roomNo: '104' });
    await send(t.app, door.imei, { kind: 'alarm', alarm: 'sos', ts: Date.now() + 10_000 });
    await settle();
    expect(receivers('5081')).toEqual([b]);
    expect(receivers('9003')).toEqual([b]);
  });
});
