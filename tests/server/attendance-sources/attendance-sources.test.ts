/**
 * Attendance punches from their sources (src/server/attendance-sources/): a helmet worn inside the
 * site fence, a patrol phone's fix there, a UWB tag on the site's floor and the console's punch
 * button, through the real ingest path; the 10-minute debounce; unbound devices and other
 * tenants' workers.
 */
import { and, asc, between, count, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topics } from '../../../src/shared/topics';
import type { LonLat } from '../../../src/shared/geo/fence';
import { attendancePunches } from '../../../src/entities/attendance-punch';
import { accessRights } from '../../../src/entities/access-right';
import { residents } from '../../../src/entities/resident';
import { demoFleet, SCENARIO_SITES } from '../../../src/shared/devices/demo';
import { departments, devices, users } from '../../../src/server/db/schema';
import { seedWorkers, SITE_DEPARTMENT } from '../../../src/server/db/seed-workers';
import { localDayOf } from '../../../src/shared/attendance/days';
import { PunchSources } from '../../../src/server/attendance-sources/listener';
import { buildTestApp, login, post, type TestApp } from '../helper';
import { addTenant, addUser } from '../fixtures';
import { addDevices, tenantIdOf, type TestDevice } from '../ingest-helper';

let t: TestApp;
let demo: string;
let site: number;
let other: number;
/** Far from the demo site's own fence, so only the fence this file adds matters. */
const C: LonLat = [114.2, 22.6];
const north = (m: number): LonLat => [C[0], C[1] + m / 111_195];
let clockTs = Date.now() - 6 * 3_600_000;
const MIN = 60_000;

beforeAll(async () => {
  t = await buildTestApp({ embeddedBroker: true });
  demo = (await login(t.app, 'demo', 'demo123')).token;
  site = await tenantIdOf(t.app, 'Demo Site');
  other = await addTenant(t.app, 'Other Site');
}, 180_000);
afterAll(() => t?.close());

/** One uplink through the ingest, `afterMs` after the previous one; the punch (if any) is stored when this resolves. */
async function send(d: TestDevice, message: object, afterMs = MIN) {
  clockTs += afterMs;
  t.app.ingest.handle(topics.deviceUp(d.imei), Buffer.from(JSON.stringify({ ts: clockTs, ...message })), null);
  await t.app.ingest.drain();
  await t.app.punchSources.drain();
}
const fix = (d: TestDevice, p: LonLat, afterMs?: number) =>
  send(d, { kind: 'location', lon: p[0], lat: p[1] }, afterMs);

/** A worker of `tenant` wearing a new device of `kind`. */
async function worker(tenant: number, name: string, kind = 'helmet'): Promise<{ userId: number; device: TestDevice }> {
  const userId = await addUser(t.app, { tenant, username: name });
  const [device] = await addDevices(t.app, 1, { tenantId: tenant, kind });
  await t.app.db.update(devices).set({ userId }).where(eq(devices.id, device!.id));
  return { userId, device: device! };
}

const punchesOf = (userIds: number[]) =>
  t.app.db
    .select()
    .from(attendancePunches)
    .where(inArray(attendancePunches.userId, userIds))
    .orderBy(asc(attendancePunches.at));

async function siteFence(imeis: string[]) {
  const res = await post<{ id: number }>(
    t.app,
    '/api/device/fence/add',
    { name: 'Site', type: 1, shape: 0, radius: 150, longitude: C[0], latitude: C[1], imeis },
    { token: demo },
  );
  expect(res.code).toBe(0);
}

describe('a patrol phone sharing its position inside the site fence', () => {
  it('punches for its user, source 5, on a good fix inside; not outside, not on a coarse fix', async () => {
    const a = await worker(site, 'phone-a', 'phone');
    await siteFence([a.device.imei]);
    await fix(a.device, north(500));
    await send(a.device, { kind: 'location', lon: C[0], lat: C[1], accuracy: 800 });
    expect(await punchesOf([a.userId])).toEqual([]);
    await fix(a.device, north(20));
    const [first, ...rest] = await punchesOf([a.userId]);
    expect(rest).toEqual([]);
    expect(first).toMatchObject({ tenantId: site, userId: a.userId, source: 5, imei: a.device.imei });
  });
});

describe('helmet worn inside the site fence', () => {
  it('punches once for its worker on wear-on inside, then at most once per 10 minutes', async () => {
    const a = await worker(site, 'helmet-worker-a');
    const unbound = (await addDevices(t.app, 1, { tenantId: site }))[0]!;
    await siteFence([a.device.imei, unbound.imei]);
    // Taken off: fixes inside punch nothing.
    await send(a.device, { kind: 'status', wearing: false });
    await fix(a.device, C);
    expect(await punchesOf([a.userId])).toEqual([]);
    // Put on inside the fence: one punch, source 2, at the event's time, with the helmet's IMEI.
    await send(a.device, { kind: 'alarm', alarm: 'wearOn' });
    const putOn = clockTs;
    const [first, ...rest] = await punchesOf([a.userId]);
    expect(rest).toEqual([]);
    expect(first).toMatchObject({ tenantId: site, userId: a.userId, source: 2, imei: a.device.imei });
    expect(first!.at.getTime()).toBe(putOn);
    // Worn fixes within 10 minutes are debounced; the one after punches again.
    for (let i = 0; i < 8; i++) await fix(a.device, north(10 * i));
    expect(await punchesOf([a.userId])).toHaveLength(1);
    await fix(a.device, north(20), 2 * MIN);
    expect(await punchesOf([a.userId])).toHaveLength(2);
    // A cell tower's fix inside (hundreds of metres of accuracy), or one the receiver calls invalid: nothing.
    await send(a.device, { kind: 'location', lon: C[0], lat: C[1], accuracy: 800, source: 'lbs' }, 11 * MIN);
    await send(a.device, { kind: 'location', lon: C[0], lat: C[1], valid: false }, 11 * MIN);
    expect(await punchesOf([a.userId])).toHaveLength(2);
    // Outside the fence, worn: nothing.
    await fix(a.device, north(500), 11 * MIN);
    expect(await punchesOf([a.userId])).toHaveLength(2);
    // Taken off inside: nothing more.
    await send(a.device, { kind: 'alarm', alarm: 'wearOff' }, 11 * MIN);
    await fix(a.device, C, 11 * MIN);
    expect(await punchesOf([a.userId])).toHaveLength(2);
    // The unbound helmet, worn inside the same fence, punches for nobody.
    await send(unbound, { kind: 'alarm', alarm: 'wearOn' });
    await fix(unbound, C);
    expect(await t.app.db.select().from(attendancePunches).where(eq(attendancePunches.imei, unbound.imei))).toEqual([]);
  });

  it('a restarted service (or another replica) keeps the debounce: the stored punches count, not only its memory', async () => {
    const a = await worker(site, 'helmet-worker-restart');
    await siteFence([a.device.imei]);
    await fix(a.device, C);
    expect(await punchesOf([a.userId])).toHaveLength(1);
    // A new listener, as after a restart: it has seen no punch of this worker.
    await t.app.punchSources.close();
    const fresh = new PunchSources(t.app);
    fresh.start();
    try {
      const sendFresh = async (afterMs: number) => {
        clockTs += afterMs;
        t.app.ingest.handle(
          topics.deviceUp(a.device.imei),
          Buffer.from(JSON.stringify({ ts: clockTs, kind: 'location', lon: C[0], lat: C[1] })),
          null,
        );
        await t.app.ingest.drain();
        await fresh.drain();
      };
      await sendFresh(3 * MIN);
      expect(await punchesOf([a.userId])).toHaveLength(1);
      await sendFresh(8 * MIN);
      expect(await punchesOf([a.userId])).toHaveLength(2);
    } finally {
      await fresh.close();
      t.app.punchSources.start();
    }
  });

  it("leaves another tenant's worker alone: the fence watches the site's helmets only", async () => {
    const a = await worker(site, 'helmet-worker-b');
    const b = await worker(other, 'other-worker');
    await siteFence([a.device.imei]);
    await fix(b.device, C);
    await send(b.device, { kind: 'alarm', alarm: 'wearOn' });
    await fix(a.device, C);
    expect(await punchesOf([b.userId])).toEqual([]);
    const mine = await punchesOf([a.userId]);
    expect(mine.map((p) => [p.tenantId, p.source])).toEqual([[site, 2]]);
    expect(await t.app.db.select().from(attendancePunches).where(eq(attendancePunches.tenantId, other))).toEqual([]);
  });

  it('stops punching once the helmet is unbound from its worker', async () => {
    const a = await worker(site, 'helmet-worker-c');
    await siteFence([a.device.imei]);
    await fix(a.device, C);
    expect(await punchesOf([a.userId])).toHaveLength(1);
    const res = await post(t.app, '/api/device/device/update', { id: a.device.id, userId: null }, { token: demo });
    if (res.code !== 0) await t.app.db.update(devices).set({ userId: null }).where(eq(devices.id, a.device.id));
    t.app.events.emit('resource.changed', {
      kind: 'device',
      name: 'device',
      action: 'update',
      id: a.device.id,
      tenantId: site,
      scope: { userId: 0, tenantId: site, kind: 'admin' },
    });
    await fix(a.device, C, 11 * MIN);
    expect(await punchesOf([a.userId])).toHaveLength(1);
  });
});

describe('UWB on the site floor', () => {
  it('punches a UWB tag inside the floor (source 3), not one off the drawing', async () => {
    const a = await worker(site, 'uwb-worker', 'uwbTag');
    await send(a.device, { kind: 'location', source: 'uwb', x: 80, y: 10, floor: '1F' });
    expect(await punchesOf([a.userId])).toEqual([]);
    await send(a.device, { kind: 'location', source: 'uwb', x: 30, y: 20, floor: '1F' });
    expect((await punchesOf([a.userId])).map((p) => [p.source, p.imei])).toEqual([[3, a.device.imei]]);
  });
});

describe('a face at a door unit', () => {
  it("punches the resident's user (source 4) on a granted face match; not a refusal, not a card, not a resident without a user", async () => {
    const [right] = await t.app.db
      .select({ id: accessRights.id, residentId: accessRights.residentId })
      .from(accessRights)
      .where(and(eq(accessRights.tenantId, site), isNotNull(accessRights.residentId)))
      .limit(1);
    const [door] = await addDevices(t.app, 1, { tenantId: site, kind: 'doorUnit' });
    const face = { kind: 'access', method: 'face', credential: '1', granted: true, rightId: right!.id, score: 0.9 };
    // The resident is nobody's user yet: nothing.
    await t.app.db.update(residents).set({ userId: null }).where(eq(residents.id, right!.residentId!));
    await send(door!, face);
    expect(await t.app.db.select().from(attendancePunches).where(eq(attendancePunches.imei, door!.imei))).toEqual([]);
    const userId = await addUser(t.app, { tenant: site, username: 'face-worker' });
    await t.app.db.update(residents).set({ userId }).where(eq(residents.id, right!.residentId!));
    await send(door!, { ...face, granted: false, reason: 'noMatch' });
    await send(door!, { ...face, method: 'card', credential: 'C-1' });
    expect(await punchesOf([userId])).toEqual([]);
    await send(door!, face);
    expect((await punchesOf([userId])).map((p) => [p.source, p.imei, p.at.getTime()])).toEqual([
      [4, door!.imei, clockTs],
    ]);
  });
});

describe('the console punch button', () => {
  it('punches the caller (source 1); the visitor is refused', async () => {
    const res = await post<{ at: string; source: number }>(
      t.app,
      '/api/user/attendancePunch/punch',
      {},
      { token: demo },
    );
    expect(res).toMatchObject({ code: 0, data: { source: 1 } });
    const me = (await login(t.app, 'demo', 'demo123')).user.id;
    const rows = await t.app.db
      .select()
      .from(attendancePunches)
      .where(and(eq(attendancePunches.userId, me), eq(attendancePunches.source, 1)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.at.toISOString()).toBe(res.data.at);
    const guestId = await addUser(t.app, { tenant: site, username: 'guest-punch', kind: 'visitor' });
    const guest = (await login(t.app, 'guest-punch', 'secret1')).token;
    const refused = await post(t.app, '/api/user/attendancePunch/punch', {}, { token: guest });
    expect(refused.code).not.toBe(0);
    expect(await punchesOf([guestId])).toEqual([]);
  });
});

describe('the demo workers (seed)', () => {
  it("binds the site's helmets and UWB tags to its workers, with a month of punches; seeding again adds nothing", async () => {
    const bound = await t.app.db
      .select({
        imei: devices.imei,
        kind: devices.kind,
        userId: devices.userId,
        userKind: users.kind,
        dept: departments.name,
      })
      .from(devices)
      .innerJoin(users, eq(users.id, devices.userId))
      .innerJoin(departments, eq(departments.id, users.departmentId))
      .where(
        and(
          eq(devices.tenantId, site),
          isNotNull(devices.userId),
          inArray(
            devices.imei,
            demoFleet().map((d) => d.imei),
          ),
        ),
      );
    // The third helmet is the site's JT/T 808 one (docs/protocols.md).
    expect(bound.map((b) => b.kind).sort()).toEqual(['helmet', 'helmet', 'helmet', 'uwbTag', 'uwbTag']);
    for (const b of bound) expect(b).toMatchObject({ userKind: 'user', dept: SITE_DEPARTMENT });
    const ids = bound.map((b) => b.userId!);
    const rows = await punchesOf(ids);
    const days = new Set(rows.map((r) => localDayOf(r.at, 'Asia/Shanghai')));
    expect(days.size).toBeGreaterThanOrEqual(15);
    const hours = rows.map((r) =>
      Number(
        new Intl.DateTimeFormat('en', { timeZone: 'Asia/Shanghai', hour: 'numeric', hourCycle: 'h23' }).format(r.at),
      ),
    );
    expect(Math.min(...hours)).toBeGreaterThanOrEqual(7);
    expect(Math.max(...hours)).toBeLessThanOrEqual(17);
    const total = async () =>
      (await t.app.db.select({ n: count() }).from(attendancePunches).where(eq(attendancePunches.tenantId, site)))[0]!.n;
    const people = async () =>
      (await t.app.db.select({ n: count() }).from(users).where(eq(users.tenantId, site)))[0]!.n;
    const [before, folks] = [await total(), await people()];
    await t.app.db.transaction((tx) => seedWorkers(tx, site));
    expect([await total(), await people()]).toEqual([before, folks]);
  });

  it("punches a demo helmet's worker when it is put on inside the seeded site fence", async () => {
    const demoHelmet = demoFleet().find((d) => d.kind === 'helmet' && d.scenario === 'construction')!;
    const [row] = await t.app.db
      .select({ id: devices.id, userId: devices.userId })
      .from(devices)
      .where(eq(devices.imei, demoHelmet.imei));
    const d: TestDevice = { id: row!.id, imei: demoHelmet.imei, tenantId: site, secret: '' };
    // The seed's month of punches covers 07:00-17:00 of every day: one within 10 minutes of this
    // test's clock would debounce the punch (it failed at some times of day), so none is left there.
    const near = (ms: number) => between(attendancePunches.at, new Date(ms - 15 * MIN), new Date(ms + 15 * MIN));
    await t.app.db
      .delete(attendancePunches)
      .where(and(eq(attendancePunches.userId, row!.userId!), near(clockTs + MIN)));
    const before = (await punchesOf([row!.userId!])).length;
    await fix(d, [SCENARIO_SITES.construction.lon, SCENARIO_SITES.construction.lat]);
    await send(d, { kind: 'status', wearing: true });
    const after = await punchesOf([row!.userId!]);
    expect(after).toHaveLength(before + 1);
    expect(after.find((p) => p.at.getTime() === clockTs - MIN || p.at.getTime() === clockTs)).toMatchObject({
      source: 2,
      imei: demoHelmet.imei,
    });
  });
});
