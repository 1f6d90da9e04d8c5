/**
 * IC cards (/cardAdd): the generic list and delete, arming a door unit for a resident (`arm`,
 * `armStatus`), binding the card the unit reports (bindReportedCard of ./routes.ts), revoking
 * (`revoke`, and delete: the card's right goes with it) and tenant isolation.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../../src/server/db/schema';
import { post, type TestApp } from '../../server/helper';
import { addDevices, type TestDevice } from '../../server/ingest-helper';
import { demoApp, list, tenantWithAdmin, type Row } from '../../server/org-helper';
import { accessRightDevices, accessRights } from '../../../src/entities/access-right';
import { bindReportedCard } from '../../../src/entities/access-card/routes';

let t: TestApp;
let demo: string;
let demoTenant: number;
let other: { tenant: number; token: string };
let door: TestDevice;
let helmet: TestDevice;
let resident: Row;
let foreignResident: Row;

const api = <T = Row>(path: string, body: unknown, token = demo) => post<T>(t.app, `/api/${path}`, body, { token });
const add = async (name: string, body: object, token = demo) => {
  const res = await api<Row>(`user/${name}/add`, body, token);
  expect(res.code, `${name}: ${res.msg}`).toBe(0);
  return res.data;
};

/** A resident bound (assigned) to a new room of a new community of the token's company, and the room's unit. */
async function residentOf(token: string, name: string) {
  const c = await add('community', { name: `Card Garden ${name}` }, token);
  const b = await add('building', { communityId: c.id, number: 1, name: '1栋' }, token);
  const u = await add('unit', { buildingId: b.id, number: 1, name: '1单元' }, token);
  const room = await add('room', { unitId: u.id, floor: 2, number: 1, name: '1栋1单元201' }, token);
  return { unit: u, resident: await add('resident', { name, phone: '13800138000', role: 1, roomId: room.id }, token) };
}

async function until<T>(what: () => Promise<T | undefined | false | null>, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

beforeAll(async () => {
  ({ t, demo, demoTenant } = await demoApp());
  other = await tenantWithAdmin(t.app, 'Other Co', 'cardother');
  [door] = (await addDevices(t.app, 1, { kind: 'doorUnit' })) as [TestDevice];
  [helmet] = (await addDevices(t.app, 1, { kind: 'helmet' })) as [TestDevice];
  await t.app.db.update(devices).set({ state: 1 }).where(eq(devices.id, door.id));
  await t.app.db.update(devices).set({ state: 1 }).where(eq(devices.id, helmet.id));
  const mine = await residentOf(demo, 'Card Holder');
  resident = mine.resident;
  expect((await api('user/unit/doorUnit/attach', { id: mine.unit.id, imeis: [door.imei] })).code).toBe(0);
  foreignResident = (await residentOf(other.token, 'Their Resident')).resident;
  // Building the seeded app takes most of a minute on a busy machine.
}, 180_000);
afterAll(() => t?.close());

const bind = (cardNo: string) => bindReportedCard(t.app, { id: door.id, tenantId: demoTenant }, cardNo);
const rightOf = async (id: number) => (await t.app.db.select().from(accessRights).where(eq(accessRights.id, id)))[0];

describe('access cards', () => {
  it('the demo community starts with cards, one revoked; the filters find it; another company sees none', async () => {
    const all = await list(t.app, 'accessCard', { sort: [{ field: 'cardNo', order: 'asc' }] }, demo);
    expect(all.total).toBeGreaterThanOrEqual(3);
    const numbers = all.rows.map((r) => String(r.cardNo));
    expect(numbers).toEqual([...numbers].sort());
    expect((await list(t.app, 'accessCard', { filters: { revoked: true } }, demo)).total).toBe(1);
    expect((await list(t.app, 'accessCard', {}, other.token)).total).toBe(0);
  });

  it('arming the door unit for a resident issues the next card it reports, with a right on its door units', async () => {
    // Without an arming the unit's card is nobody's.
    expect(await bind('CARD-0001')).toBeNull();
    const armed = await api<{ armId: number; commandId: number }>('user/accessCard/arm', {
      imei: door.imei,
      residentId: resident.id,
      seconds: 60,
    });
    expect(armed.code, armed.msg).toBe(0);
    expect(armed.key).toBe('commandSent');
    expect((await api<{ state: string }>('user/accessCard/armStatus', { armId: armed.data.armId })).data.state).toBe(
      'waiting',
    );
    expect((await api('user/accessCard/armStatus', { armId: armed.data.armId }, other.token)).code).toBe(404);

    const cardId = await bind('CARD-0001');
    expect(cardId).toEqual(expect.any(Number));
    expect((await api<Row>('user/accessCard/armStatus', { armId: armed.data.armId })).data).toMatchObject({
      state: 'issued',
      cardId,
      cardNo: 'CARD-0001',
    });
    const [card] = (await list(t.app, 'accessCard', { filters: { cardNo: 'card-0001' } }, demo)).rows;
    expect(card).toMatchObject({ id: cardId, residentId: resident.id, deviceId: door.id, revoked: false });
    const right = await rightOf(card!.rightId as number);
    expect(right).toMatchObject({ residentId: resident.id, name: 'Card Holder', revoked: false });
    const doors = await t.app.db
      .select({ deviceId: accessRightDevices.deviceId })
      .from(accessRightDevices)
      .where(eq(accessRightDevices.rightId, right!.id));
    expect(doors.map((d) => d.deviceId)).toEqual([door.id]);
    // The arming is used up: the next card is nobody's again.
    expect(await bind('CARD-0002')).toBeNull();
  });

  it('an arming expires after its seconds', async () => {
    const armed = await api<{ armId: number }>('user/accessCard/arm', {
      imei: door.imei,
      residentId: resident.id,
      seconds: 10,
    });
    expect(armed.code, armed.msg).toBe(0);
    t.clock.advance(11_000);
    expect((await api<{ state: string }>('user/accessCard/armStatus', { armId: armed.data.armId })).data.state).toBe(
      'expired',
    );
    expect(await bind('CARD-0003')).toBeNull();
  });

  it.each([
    ['a device that is not a door unit', () => ({ imei: helmet.imei, residentId: resident.id }), 'notDoorUnit'],
    ["another company's resident", () => ({ imei: door.imei, residentId: foreignResident.id }), 'refInvalid'],
    ['too short an arming', () => ({ imei: door.imei, residentId: resident.id, seconds: 5 }), 'invalidInput'],
  ])('arm refuses %s', async (_what, body, key) => {
    expect(await api('user/accessCard/arm', body())).toMatchObject({ code: 400, key });
  });

  it('another company can neither arm the unit nor revoke or delete the card', async () => {
    expect(
      (await api('user/accessCard/arm', { imei: door.imei, residentId: foreignResident.id }, other.token)).code,
    ).toBe(404);
    const [card] = (await list(t.app, 'accessCard', { filters: { cardNo: 'CARD-0001' } }, demo)).rows;
    expect(card).toBeDefined();
    expect((await api('user/accessCard/revoke', { ids: [card!.id] }, other.token)).code).toBe(404);
    expect((await api('user/accessCard/delete', { ids: [card!.id] }, other.token)).code).toBe(404);
    expect((await list(t.app, 'accessCard', { filters: { cardNo: 'CARD-0001', revoked: false } }, demo)).total).toBe(1);
  });

  it('revoke marks the card and its right revoked; the unit can then issue the number again', async () => {
    const [card] = (await list(t.app, 'accessCard', { filters: { cardNo: 'CARD-0001' } }, demo)).rows;
    expect((await api('user/accessCard/revoke', { ids: [card!.id] })).code).toBe(0);
    expect((await list(t.app, 'accessCard', { filters: { cardNo: 'CARD-0001', revoked: true } }, demo)).total).toBe(1);
    expect((await rightOf(card!.rightId as number))?.revoked).toBe(true);
    expect((await api('user/accessCard/arm', { imei: door.imei, residentId: resident.id })).code).toBe(0);
    expect(await bind('CARD-0001')).toBe(card!.id);
    expect((await list(t.app, 'accessCard', { filters: { cardNo: 'CARD-0001', revoked: false } }, demo)).total).toBe(1);
  });

  it('deleting a card revokes the right it opened with', async () => {
    const [card] = (await list(t.app, 'accessCard', { filters: { cardNo: 'CARD-0001' } }, demo)).rows;
    const rightId = card!.rightId as number;
    expect((await rightOf(rightId))?.revoked).toBe(false);
    expect((await api('user/accessCard/delete', { ids: [card!.id] })).code).toBe(0);
    expect((await list(t.app, 'accessCard', { filters: { cardNo: 'CARD-0001' } }, demo)).total).toBe(0);
    await until(async () => (await rightOf(rightId))?.revoked);
    const [stillThere] = await t.app.db
      .select({ id: accessRights.id })
      .from(accessRights)
      .where(and(eq(accessRights.id, rightId), eq(accessRights.revoked, true)));
    expect(stillThere).toEqual({ id: rightId });
  });
});
