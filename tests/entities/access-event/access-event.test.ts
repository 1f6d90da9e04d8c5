/**
 * Access events (/rightsManagement): the read-only list (filters, sort, export) and what the door
 * units' `access` uplinks become (recordAccess of ./routes.ts: the unit's unit and community, the
 * resident of the matched right or card, the device's time), and tenant isolation.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topics } from '../../../src/shared/topics';
import { devices } from '../../../src/server/db/schema';
import { post, type TestApp } from '../../server/helper';
import { addDevices, type TestDevice } from '../../server/ingest-helper';
import { demoApp, list, parseCsv, tenantWithAdmin, type Row } from '../../server/org-helper';
import { accessCards } from '../../../src/entities/access-card';
import { accessRights } from '../../../src/entities/access-right';

let t: TestApp;
let demo: string;
let demoTenant: number;
let other: { tenant: number; token: string };
let door: TestDevice;
let place: { communityId: number; unitId: number; residentId: number };

const api = <T = Row>(path: string, body: unknown, token = demo) => post<T>(t.app, `/api/${path}`, body, { token });
const add = async (name: string, body: object) => {
  const res = await api<Row>(`user/${name}/add`, body);
  expect(res.code, `${name}: ${res.msg}`).toBe(0);
  return res.data;
};
const send = (m: object) =>
  t.app.ingest.handle(topics.deviceUp(door.imei), Buffer.from(JSON.stringify({ kind: 'access', ...m })), null);
const eventsOfDoor = async (n: number) => {
  const end = Date.now() + 5000;
  for (;;) {
    const r = await list(t.app, 'accessEvent', { filters: { deviceId: door.id } }, demo);
    if (r.total >= n) return r.rows;
    if (Date.now() > end) throw new Error(`timed out with ${r.total} events`);
    await new Promise((res) => setTimeout(res, 25));
  }
};

beforeAll(async () => {
  ({ t, demo, demoTenant } = await demoApp());
  other = await tenantWithAdmin(t.app, 'Other Co', 'eventother');
  [door] = (await addDevices(t.app, 1, { kind: 'doorUnit' })) as [TestDevice];
  await t.app.db.update(devices).set({ state: 1 }).where(eq(devices.id, door.id));
  const c = await add('community', { name: 'Event Garden' });
  const b = await add('building', { communityId: c.id, number: 1, name: '1栋' });
  const u = await add('unit', { buildingId: b.id, number: 1, name: '1单元' });
  const room = await add('room', { unitId: u.id, floor: 1, number: 1, name: '1栋1单元101' });
  const r = await add('resident', { name: 'Door User', phone: '13800138000', role: 1, roomId: room.id });
  expect((await api('user/unit/doorUnit/attach', { id: u.id, imeis: [door.imei] })).code).toBe(0);
  place = { communityId: c.id, unitId: u.id, residentId: r.id };
  // Building the seeded app takes most of a minute on a busy machine.
}, 180_000);
afterAll(() => t?.close());

describe('access events', () => {
  it('the demo community starts with a week of events, newest first; the filters narrow them', async () => {
    const seeded = await list(t.app, 'accessEvent', { size: 50 }, demo);
    expect(seeded.total).toBeGreaterThanOrEqual(40);
    const times = seeded.rows.map((r) => Date.parse(String(r.at)));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const refused = await list(t.app, 'accessEvent', { filters: { granted: false }, size: 50 }, demo);
    expect(refused.total).toBeGreaterThan(0);
    expect(refused.rows.every((r) => r.granted === false)).toBe(true);
    const cards = await list(
      t.app,
      'accessEvent',
      { filters: { method: 'card' }, sort: [{ field: 'at', order: 'asc' }], size: 50 },
      demo,
    );
    expect(cards.total).toBeGreaterThan(0);
    expect(cards.rows.every((r) => r.method === 'card')).toBe(true);
    const asc = cards.rows.map((r) => Date.parse(String(r.at)));
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    expect((await list(t.app, 'accessEvent', {}, other.token)).total).toBe(0);
  });

  it("a door unit's access uplinks become events of its unit and community, with the resident when known", async () => {
    const [right] = await t.app.db
      .insert(accessRights)
      .values({ tenantId: demoTenant, subject: 1, residentId: place.residentId, name: 'Door User' })
      .returning({ id: accessRights.id });
    await t.app.db
      .insert(accessCards)
      .values({ tenantId: demoTenant, cardNo: 'EVT-CARD-1', residentId: place.residentId, deviceId: door.id });
    const at = Date.parse('2026-03-01T08:00:00Z');
    send({ method: 'face', granted: true, rightId: right!.id, score: 0.93, ts: at });
    send({ method: 'card', credential: 'EVT-CARD-1', granted: true });
    send({ method: 'card', credential: 'NOBODY', granted: false, reason: 'unknown' });
    const rows = await eventsOfDoor(3);
    const by = (credential: string | null, method: string) =>
      rows.find((r) => r.method === method && (r.credential ?? null) === credential);
    expect(by(null, 'face')).toMatchObject({
      granted: true,
      reason: 'ok',
      residentId: place.residentId,
      communityId: place.communityId,
      unitId: place.unitId,
      imei: door.imei,
    });
    expect(Date.parse(String(by(null, 'face')!.at))).toBe(at);
    expect(by('EVT-CARD-1', 'card')).toMatchObject({ granted: true, residentId: place.residentId });
    expect(by('NOBODY', 'card')).toMatchObject({ granted: false, reason: 'unknown', residentId: null });

    // The filters of the list: credential (like), resident, community, reason, time range.
    expect((await list(t.app, 'accessEvent', { filters: { credential: 'evt-card' } }, demo)).total).toBe(1);
    expect((await list(t.app, 'accessEvent', { filters: { residentId: place.residentId } }, demo)).total).toBe(2);
    expect(
      (await list(t.app, 'accessEvent', { filters: { communityId: place.communityId, reason: 'unknown' } }, demo))
        .total,
    ).toBe(1);
    const march = await list(
      t.app,
      'accessEvent',
      { filters: { deviceId: door.id, at: ['2026-03-01 00:00:00', '2026-03-02 00:00:00'] } },
      demo,
    );
    expect(march.rows.map((r) => r.method)).toEqual(['face']);
    expect((await list(t.app, 'accessEvent', { filters: { deviceId: door.id } }, other.token)).total).toBe(0);
  });

  it('exports the filtered rows; nobody adds, changes or deletes an event', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/accessEvent/export',
      payload: { filters: { deviceId: door.id }, format: 'csv' },
      headers: { authorization: demo },
    });
    expect(res.statusCode).toBe(200);
    expect(parseCsv(res.body).length).toBe(1 + 3);
    const [one] = (await list(t.app, 'accessEvent', { filters: { deviceId: door.id } }, demo)).rows;
    for (const action of ['add', 'update', 'delete'])
      expect((await api(`user/accessEvent/${action}`, { id: one!.id, ids: [one!.id] })).code).toBe(404);
  });
});
