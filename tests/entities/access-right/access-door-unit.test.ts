import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardSummary } from '../../../src/shared/dashboard';
import { uplinkSchema } from '../../../src/shared/devices/protocol';
import { topics } from '../../../src/shared/topics';
import { devices } from '../../../src/server/db/schema';
import { buildTestApp, login, post, type TestApp } from '../../server/helper';
import { tenantId } from '../../server/fixtures';
import { list, tenantWithAdmin, type Row } from '../../server/org-helper';
import { DeviceBrain } from '../../../src/sim/brain';
import type { Delivery } from '../../../src/entities/access-right/resource';
import { accessPushes } from '../../../src/entities/access-right/table';

let t: TestApp;
let demo: string;
let other: string;
let demoTenant: number;

beforeAll(async () => {
  t = await buildTestApp({ embeddedBroker: true });
  demo = (await login(t.app, 'demo', 'demo123')).token;
  demoTenant = await tenantId(t.app, 'Demo Site');
  other = (await tenantWithAdmin(t.app, 'Other Co', 'otheradmin')).token;
});
afterAll(() => t?.close());

const api = <T = Row>(path: string, body: unknown, token = demo) => post<T>(t.app, `/api/${path}`, body, { token });
const add = async (name: string, body: object, token = demo) => {
  const res = await api<Row>(`user/${name}/add`, body, token);
  expect(res.code, `${name}: ${res.msg}`).toBe(0);
  return res.data;
};
async function until<T>(what: () => Promise<T | undefined | false | null>, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}
const rnd = () => `86${String(Math.floor(Math.random() * 1e13)).padStart(13, '0')}`;

/** A community with one room, and a door unit installed at its unit. */
async function tree(token = demo) {
  const c = await add('community', { name: `Access Garden ${Math.random()}` }, token);
  const b = await add('building', { communityId: c.id, number: 1, name: '1栋' }, token);
  const u = await add('unit', { buildingId: b.id, number: 1, name: '1单元' }, token);
  const room = await add('room', { unitId: u.id, floor: 3, number: 1, name: '1栋1单元301' }, token);
  return { c, b, u, room };
}

/**
 * A door unit of the demo site driven by the simulator's brain: what the service publishes to it
 * goes into the brain, what the brain publishes goes through the ingest (as from the broker).
 */
async function doorUnit(unitId?: number, token = demo) {
  const imei = rnd();
  const added = await api<Row>(
    'device/device/add',
    { imei, kind: 'doorUnit', messageType: 'json', name: `Door ${imei.slice(-4)}` },
    token,
  );
  expect(added.code, added.msg).toBe(0);
  await t.app.db.update(devices).set({ state: 1 }).where(eq(devices.imei, imei));
  // Attached to the unit when one is named; a door unit of no unit has nothing to attach (0 as if attached).
  const attached = unitId ? (await api(`user/unit/doorUnit/attach`, { id: unitId, imeis: [imei] }, token)).code : 0;
  expect(attached).toBe(0);
  const sent: Record<string, unknown>[] = [];
  const brain = new DeviceBrain(
    { imei, kind: 'doorUnit', scenario: 'community', lat: 0, lon: 0, messageType: 'json' },
    (topic, payload) => {
      sent.push(JSON.parse(Buffer.from(payload).toString('utf8')) as Record<string, unknown>);
      t.app.ingest.handle(topic, Buffer.from(payload), null);
    },
    { intervalS: 60 },
  );
  const off = await t.app.broker.subscribe(topics.deviceServer(imei), (_topic, payload) => void brain.handle(payload));
  return { id: added.data.id, imei, brain, sent, off };
}

const events = async (filters: object, token = demo) =>
  (await list(t.app, 'accessEvent', { filters, pageSize: 50 }, token)).rows;
const deliveryOf = async (deviceId: number) =>
  (await api<{ rows: Delivery[] }>('user/accessRight/deliveries', {})).data.rows.find((d) => d.deviceId === deviceId);

describe('rights, cards and the door unit', () => {
  it('a visitor needs an expiry and gets a QR token; the unit gets its list, acknowledges it, opens for the QR and refuses others', async () => {
    const door = await doorUnit();
    expect((await api('user/accessRight/add', { subject: 3, name: '访客甲', deviceIds: [door.id] })).key).toBe(
      'visitorNeedsExpiry',
    );
    const expiry = new Date(t.clock.now() + 86_400_000).toISOString();
    const right = await add('accessRight', {
      subject: 3,
      name: '访客甲',
      phone: '13600136000',
      deviceIds: [door.id],
      validUntil: expiry,
    });
    expect(right.qrToken).toMatch(/^AQR-/);
    expect(right.deviceIds).toEqual([door.id]);
    // Pushed (the change) and acknowledged by the unit.
    await until(async () => door.brain.access.size === 1);
    expect(
      (
        await until(async () => {
          const d = await deliveryOf(door.id);
          return d?.state === 'acknowledged' && d;
        })
      ).credentials,
    ).toBe(1);
    const qr = await api<{ token: string }>('user/accessRight/qr', { id: right.id });
    expect(qr.data.token).toBe(right.qrToken);
    expect((await api('user/accessRight/qr', { id: right.id }, other)).code).toBe(404);

    door.brain.present('qr', String(right.qrToken));
    door.brain.present('qr', 'AQR-forged');
    const rows = await until(async () => {
      const r = await events({ deviceId: door.id });
      return r.length === 2 && r;
    });
    expect(rows.map((r) => [r.method, r.granted, r.reason]).sort()).toEqual([
      ['qr', false, 'unknown'],
      ['qr', true, 'ok'],
    ]);
    expect(await events({ deviceId: door.id }, other)).toEqual([]);

    // Re-send: counted as a retry until the unit acknowledges again.
    await t.app.db.update(devices).set({ state: 0 }).where(eq(devices.id, door.id));
    expect((await api('user/accessRight/resend', { deviceIds: [door.id] })).code).toBe(0);
    expect((await deliveryOf(door.id))?.state).toBe('pending');
    await t.app.db.update(devices).set({ state: 1 }).where(eq(devices.id, door.id));
    expect((await api('user/accessRight/resend', { deviceIds: [door.id] })).code).toBe(0);
    const [push] = await t.app.db.select().from(accessPushes).where(eq(accessPushes.deviceId, door.id));
    expect(push!.attempts).toBe(3);
    await until(async () => (await deliveryOf(door.id))?.state === 'acknowledged');

    // Revoked: pushed again, the unit drops it and refuses it as revoked.
    expect((await api('user/accessRight/revoke', { id: right.id })).code).toBe(0);
    await until(async () => door.brain.access.size === 0);
    door.brain.present('qr', String(right.qrToken));
    await until(async () => (await events({ deviceId: door.id, reason: 'revoked' })).length === 1);
    await door.off();
  });

  it('cardAdd: the armed unit reports a card (5084), it is bound to the resident with a right; the unit opens for it until it is revoked', async () => {
    const { u, room } = await tree();
    const door = await doorUnit(u.id);
    const resident = await add('resident', { name: '张三', phone: '13500135000', role: 1, roomId: room.id });
    // Only a bound resident; another company cannot arm this unit.
    const pending = (
      await api<{ id: number }>('user/resident/apply', { name: '未审', phone: '13500135001', role: 2, roomId: room.id })
    ).data.id;
    expect((await api('user/accessCard/arm', { imei: door.imei, residentId: pending })).key).toBe('residentNotBound');
    expect((await api('user/accessCard/arm', { imei: door.imei, residentId: resident.id }, other)).code).toBe(404);

    const armed = await api<{ armId: number }>('user/accessCard/arm', {
      imei: door.imei,
      residentId: resident.id,
      seconds: 60,
    });
    expect(armed.code, armed.msg).toBe(0);
    await until(async () => door.brain.access.armed);
    // The unit reads the card: it reports it (the `card` uplink, 5084) rather than opening.
    expect(door.brain.present('card', 'IC-0042')).toMatchObject({ kind: 'card', cardInfo: 'IC-0042' });
    const status = await until(async () => {
      const s = await api<{ state: string; cardNo: string }>('user/accessCard/armStatus', { armId: armed.data.armId });
      return s.data.state === 'issued' && s.data;
    });
    expect(status.cardNo).toBe('IC-0042');
    const [card] = (await list(t.app, 'accessCard', { keyword: 'IC-0042' }, demo)).rows;
    expect(card).toMatchObject({ residentId: resident.id, deviceId: door.id, revoked: false });
    const [right] = (await list(t.app, 'accessRight', { filters: { residentId: resident.id } }, demo)).rows;
    expect(right).toMatchObject({ subject: 1, name: '张三', deviceIds: [door.id] });
    expect((await list(t.app, 'accessCard', { keyword: 'IC-0042' }, other)).total).toBe(0);

    // The unit gets the card in its list and opens for it; the event names the resident and the unit.
    await until(async () => door.brain.access.sample('card', 0) === 'IC-0042');
    door.brain.present('card', 'IC-0042');
    const [opened] = await until(async () => {
      const r = await events({ deviceId: door.id, granted: true });
      return r.length === 1 && r;
    });
    expect(opened).toMatchObject({
      method: 'card',
      credential: 'IC-0042',
      residentId: resident.id,
      unitId: u.id,
      reason: 'ok',
    });

    // Revoked: the unit drops it and refuses it.
    expect((await api('user/accessCard/revoke', { ids: [card!.id] })).code).toBe(0);
    await until(async () => door.brain.access.size === 0);
    door.brain.present('card', 'IC-0042');
    const [refused] = await until(async () => {
      const r = await events({ deviceId: door.id, granted: false });
      return r.length === 1 && r;
    });
    expect(refused).toMatchObject({
      method: 'card',
      credential: 'IC-0042',
      reason: 'revoked',
      residentId: resident.id,
    });
    await door.off();

    // The community dashboard (index3) counts it: rooms occupied, card events, refusals; another company sees none of it.
    // The units stamp events with their own (real) clock; the service's test clock stands still.
    t.clock.advance(Math.max(0, Date.now() - t.clock.now()) + 60_000);
    const figures = async (token: string) =>
      (await api<DashboardSummary>('device/dashboard/summary', { scenario: 'community' }, token)).data.community!;
    const mine = await figures(demo);
    expect(mine.rooms).toBeGreaterThanOrEqual(1);
    expect(mine.occupiedRooms).toBeGreaterThanOrEqual(1);
    expect(mine.occupancy).toBeGreaterThan(0);
    expect(mine.accessByMethod.card).toBeGreaterThanOrEqual(2);
    expect(mine.accessRefused).toBeGreaterThanOrEqual(1);
    expect(await figures(other)).toMatchObject({
      rooms: 0,
      occupiedRooms: 0,
      cardsIssued: 0,
      accessByMethod: {},
      accessRefused: 0,
    });
    expect(
      (await api<DashboardSummary>('device/dashboard/summary', { scenario: 'fire' })).data.community,
    ).toBeUndefined();
  });

  it("a resident's face photo goes to face review; once passed, the door units of their rights hold the face sample", async () => {
    // Another company with a library of its own (the demo library holds this face under another name).
    await add(
      'faceLibrary',
      { name: 'Residents', qualityThreshold: 0.3, intraThreshold: 0.6, interThreshold: 0.75 },
      other,
    );
    const { u, room } = await tree(other);
    const door = await doorUnit(u.id, other);
    const person = await add(
      'resident',
      { name: 'Collins', phone: '13600136001', role: 1, roomId: room.id, facePhoto: '/faces/demo-collins-1.jpg' },
      other,
    );
    const review = await until(async () => (await list(t.app, 'faceReview', { keyword: 'Collins' }, other)).rows[0]);
    expect(review).toMatchObject({
      residentName: 'Collins',
      room: '1栋1单元301',
      picture: '/faces/demo-collins-1.jpg',
    });
    await add('accessRight', { subject: 1, residentId: person.id, deviceIds: [door.id] }, other);
    await until(async () => door.brain.access.version > 0);
    expect(door.brain.access.sample('face', 0)).toBeUndefined();
    const approved = await api<{ sampleId: number }>('user/faceReview/approve', { id: review.id }, other);
    expect(approved.code, approved.msg).toBe(0);
    await until(async () => door.brain.access.sample('face', 0) === String(approved.data.sampleId), 15_000);
    expect(door.brain.access.decide('face', String(approved.data.sampleId), Date.now())).toMatchObject({
      reason: 'ok',
    });
    await door.off();
  }, 60_000);

  it('a unit asking for its list (accessSync) gets it; a remote opening is recorded', async () => {
    const door = await doorUnit();
    door.brain.announce();
    await until(async () => door.brain.access.version > 0);
    expect(door.sent.some((m) => m.kind === 'accessSync')).toBe(true);
    door.brain.handle(Buffer.from(JSON.stringify({ code: '5082', imei: door.imei, userId: 7 })));
    const [remote] = await until(async () => {
      const r = await events({ deviceId: door.id, method: 'remote' });
      return r.length === 1 && r;
    });
    expect(remote).toMatchObject({ granted: true, credential: '7' });
    await door.off();
  });

  it('access uplinks are validated: bad ones are refused at the edge and the ingest carries on', async () => {
    const bad = [
      { kind: 'access', method: 'teleport', granted: true },
      { kind: 'access', method: 'card', granted: 'yes' },
      { kind: 'access', method: 'card', granted: true, credential: '' },
      { kind: 'access', method: 'card', granted: true, credential: 'x'.repeat(201) },
      { kind: 'access', method: 'face', granted: true, score: 2 },
      { kind: 'access', method: 'card', granted: false, reason: 'because' },
    ];
    for (const m of bad) expect(uplinkSchema.safeParse(m).success, JSON.stringify(m)).toBe(false);
    expect(
      uplinkSchema.safeParse({
        kind: 'access',
        method: 'card',
        credential: 'A1',
        granted: false,
        reason: 'expired',
        rightId: 3,
      }).success,
    ).toBe(true);
    const door = await doorUnit();
    for (const m of bad) t.app.ingest.handle(topics.deviceUp(door.imei), Buffer.from(JSON.stringify(m)), null);
    t.app.ingest.handle(topics.deviceUp(door.imei), Buffer.from('{not json'), null);
    door.brain.send({ kind: 'access', method: 'password', granted: false, reason: 'unknown' });
    const rows = await until(async () => {
      const r = await events({ deviceId: door.id });
      return r.length >= 1 && r;
    });
    expect(rows.map((r) => r.method)).toEqual(['password']);
    expect(demoTenant).toBeGreaterThan(0);
    await door.off();
  });
});
