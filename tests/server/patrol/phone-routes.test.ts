import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarmRecords, deviceLocations, devices } from '../../../src/server/db/schema';
import { STOCK_STATE } from '../../../src/shared/codes';
import { phoneImeiOf, type PhoneDevice } from '../../../src/shared/patrol';
import { addTenant, addUser, tenantId } from '../fixtures';
import { buildTestApp, login, post, type TestApp } from '../helper';
import { until } from '../ingest-helper';

/** The patrol phone's routes (src/server/routes/phone/, docs/device-protocol.md "The phone shares its position"). */
let t: TestApp;
let demo: number;
let alice: { token: string; id: number };
let bob: { token: string; id: number };

const iso = (ms: number) => new Date(ms).toISOString();
const fix = (at: number, lat = 22.54, lon = 114.05, extra: object = {}) => ({
  lat,
  lon,
  accuracy: 12,
  at: iso(at),
  ...extra,
});

async function userOf(tenant: number, username: string) {
  const id = await addUser(t.app, { tenant, username });
  return { token: (await login(t.app, username, 'secret1')).token, id };
}

beforeAll(async () => {
  t = await buildTestApp();
  demo = await tenantId(t.app, 'Demo Site');
  alice = await userOf(demo, 'patrol-alice');
  bob = await userOf(demo, 'patrol-bob');
});
afterAll(() => t?.close());

describe('POST /api/phone/positions', () => {
  it("refuses bad fixes in the envelope, before making the caller's phone", async () => {
    const now = t.clock.now();
    const bad = [
      { fixes: [] },
      { fixes: [fix(now, 91)] },
      { fixes: [fix(now, 22, 181)] },
      { fixes: [{ lat: 22, lon: 114, at: iso(now) }] },
      { fixes: [{ ...fix(now), at: 'yesterday' }] },
      { fixes: Array.from({ length: 501 }, (_, i) => fix(now - i * 1000)) },
    ];
    for (const body of bad) {
      const res = await post(t.app, '/api/phone/positions', body, { token: alice.token });
      expect(res.code, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.key).toBeTruthy();
    }
    const ahead = await post(
      t.app,
      '/api/phone/positions',
      { fixes: [fix(now + 10 * 60_000)] },
      { token: alice.token },
    );
    expect([ahead.code, ahead.key]).toEqual([400, 'phoneFixFuture']);
    const old = await post(
      t.app,
      '/api/phone/positions',
      { fixes: [fix(Date.UTC(1999, 11, 31))] },
      { token: alice.token },
    );
    expect([old.code, old.key]).toEqual([400, 'phoneFixTooOld']);
    expect(await t.app.db.$count(devices, eq(devices.imei, phoneImeiOf(alice.id)))).toBe(0);
  });

  it('refuses the read-only visitor', async () => {
    const visitor = String(
      (await post(t.app, '/api/auth/auth/visitorLogin', { language: 'CN' })).headers.authorization,
    );
    const res = await post(t.app, '/api/phone/positions', { fixes: [fix(t.clock.now())] }, { token: visitor });
    expect([res.code, res.key]).toEqual([403, 'readOnlyVisitor']);
    expect((await post(t.app, '/api/phone/sos', { at: iso(t.clock.now()) }, { token: visitor })).code).toBe(403);
  });

  it("stores the fixes in order with their own times and accuracy as the caller's own phone, its last location", async () => {
    const now = t.clock.now();
    const fixes = [
      fix(now - 30_000, 22.541, 114.051, { speed: 1.5, heading: 90, altitude: 12 }),
      fix(now - 20_000, 22.542, 114.052),
      fix(now - 10_000, 22.543, 114.053, { battery: 64, accuracy: 7 }),
    ];
    const res = await post<{ deviceId: number; imei: string; stored: number }>(
      t.app,
      '/api/phone/positions',
      { fixes },
      { token: alice.token },
    );
    expect(res.code).toBe(0);
    expect(res.data.imei).toBe(phoneImeiOf(alice.id));
    await t.app.ingest.drain();
    const [d] = await t.app.db.select().from(devices).where(eq(devices.id, res.data.deviceId));
    expect(d).toMatchObject({ kind: 'phone', tenantId: demo, userId: alice.id, stockState: STOCK_STATE.bound });
    expect(d!.productId).not.toBeNull();
    expect([d!.lat, d!.lon, d!.battery]).toEqual([22.543, 114.053, 64]);
    expect(d!.locatedAt!.getTime()).toBe(now - 10_000);
    const rows = await t.app.db
      .select()
      .from(deviceLocations)
      .where(eq(deviceLocations.deviceId, d!.id))
      .orderBy(asc(deviceLocations.ts));
    expect(rows.map((r) => [r.ts.getTime(), r.lat, r.accuracy])).toEqual([
      [now - 30_000, 22.541, 12],
      [now - 20_000, 22.542, 12],
      [now - 10_000, 22.543, 7],
    ]);
    expect(rows[0]!.speed).toBeCloseTo(5.4, 5);

    // A batch sent again (its answer lost) is stored once.
    await post(t.app, '/api/phone/positions', { fixes }, { token: alice.token });
    await t.app.ingest.drain();
    expect(await t.app.db.$count(deviceLocations, eq(deviceLocations.deviceId, d!.id))).toBe(3);

    const got = await t.app.inject({
      method: 'GET',
      url: '/api/phone/device',
      headers: { authorization: alice.token },
    });
    expect((got.json() as { data: PhoneDevice }).data).toMatchObject({ id: d!.id, lat: 22.543, lon: 114.053 });
    const map = await post<{ imei: string; lat: number; accuracy: number }[]>(
      t.app,
      '/api/map/locations',
      { kind: 'phone' },
      { token: (await login(t.app, 'demo', 'demo123')).token },
    );
    expect(map.data).toContainEqual(expect.objectContaining({ imei: phoneImeiOf(alice.id), lat: 22.543, accuracy: 7 }));
  });

  it("keeps each user's phone their own: another user's share makes their own, and leaves the first untouched", async () => {
    const now = t.clock.now();
    const before = await t.app.db
      .select()
      .from(devices)
      .where(eq(devices.imei, phoneImeiOf(alice.id)));
    const res = await post<{ deviceId: number }>(
      t.app,
      '/api/phone/positions',
      { fixes: [fix(now, 30, 120)] },
      { token: bob.token },
    );
    expect(res.code).toBe(0);
    await t.app.ingest.drain();
    expect(res.data.deviceId).not.toBe(before[0]!.id);
    const after = await t.app.db
      .select()
      .from(devices)
      .where(eq(devices.imei, phoneImeiOf(alice.id)));
    expect([after[0]!.lat, after[0]!.lon]).toEqual([before[0]!.lat, before[0]!.lon]);
    const empty = await t.app.inject({
      method: 'GET',
      url: '/api/phone/device',
      headers: { authorization: (await userOf(demo, 'patrol-carol')).token },
    });
    expect(empty.json()).toMatchObject({ code: 0, data: null });
  });

  it("makes the phone in the caller's tenant, and refuses a phone row that is no longer theirs", async () => {
    const other = await addTenant(t.app, 'Patrol Co');
    const dave = await userOf(other, 'patrol-dave');
    const res = await post<{ deviceId: number }>(
      t.app,
      '/api/phone/positions',
      { fixes: [fix(t.clock.now())] },
      { token: dave.token },
    );
    expect(res.code).toBe(0);
    const [d] = await t.app.db.select().from(devices).where(eq(devices.id, res.data.deviceId));
    expect(d!.tenantId).toBe(other);
    // Recycled by an administrator: the phone no longer posts as that device.
    await t.app.db.update(devices).set({ stockState: STOCK_STATE.recycled }).where(eq(devices.id, d!.id));
    const refused = await post(t.app, '/api/phone/positions', { fixes: [fix(t.clock.now())] }, { token: dave.token });
    expect([refused.code, refused.key]).toEqual([409, 'phoneUnavailable']);
  });
});

describe('POST /api/phone/sos', () => {
  it("raises an SOS alarm (type 15) for the caller's phone at the position sent, with the hold's time", async () => {
    const at = t.clock.now() - 2_000;
    const res = await post<{ deviceId: number; raised: boolean }>(
      t.app,
      '/api/phone/sos',
      { lat: 22.55, lon: 114.06, accuracy: 9, at: iso(at) },
      { token: bob.token },
    );
    expect(res.code).toBe(0);
    expect(res.data.raised).toBe(true);
    const sos = () =>
      t.app.db
        .select()
        .from(alarmRecords)
        .where(and(eq(alarmRecords.deviceId, res.data.deviceId), eq(alarmRecords.type, 15)));
    await until(async () => (await sos()).length > 0, 8_000, 'sos alarm');
    const [alarm] = await sos();
    expect(alarm).toMatchObject({ deviceKind: 'phone', imei: phoneImeiOf(bob.id), lat: 22.55, lon: 114.06 });
    expect(alarm!.ts.getTime()).toBe(at);
    const bad = await post(t.app, '/api/phone/sos', { lat: 95, at: iso(at) }, { token: bob.token });
    expect(bad.code).toBe(400);
  });
});
