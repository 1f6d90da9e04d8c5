/**
 * The `nearest` escalation target (docs/alarms.md "Nearest staff first"): the on-duty staff whose
 * bound devices reported fresh fixes nearest to the alarm, within the step's distance; nobody near,
 * the on-duty step's people instead. The demo SOS policy has such a step at 45 s (3 within 2 km).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NearbyStaff } from '../../../src/shared/alarms/api';
import { alarmNotifications, devices, users } from '../../../src/server/db/schema';
import { communities } from '../../../src/entities/community';
import { propertyStaffCommunities, propertyStaffs } from '../../../src/entities/property-staff';
import { alarmsOf, send } from '../alarms-helper';
import { buildTestApp, login, post, type TestApp } from '../helper';
import { addDevices, tenantIdOf } from '../ingest-helper';

let t: TestApp;
let demo: string;
let tenantId: number;
/** Far from every demo site, so only this file's staff are near. */
const SITE = { lat: 29.5, lon: 101.5 };
const staff: { userId: number; name: string }[] = [];

beforeAll(async () => {
  t = await buildTestApp({ embeddedBroker: true });
  demo = (await login(t.app, 'demo', 'demo123')).token;
  tenantId = await tenantIdOf(t.app, 'Demo Site');
  const [community] = await t.app.db
    .select({ id: communities.id })
    .from(communities)
    .where(eq(communities.tenantId, tenantId))
    .limit(1);
  // Four patrol staff on duty, each wearing a watch bound to them: 100 m, 500 m and 5 km from the
  // site with fresh fixes, and one 300 m away whose last fix is two hours old.
  const watches = await addDevices(t.app, 4, { kind: 'watch' });
  const places: [metres: number, ageMin: number][] = [
    [100, 1],
    [500, 2],
    [5_000, 1],
    [300, 120],
  ];
  for (const [i, [metres, ageMin]] of places.entries()) {
    const [user] = await t.app.db
      .insert(users)
      .values({ tenantId, username: `patrol-near-${i}`, name: `Patrol ${metres} m`, passwordHash: 'x' })
      .returning({ id: users.id, name: users.name });
    const [member] = await t.app.db
      .insert(propertyStaffs)
      .values({ tenantId, userId: user!.id, name: user!.name, onDuty: true })
      .returning({ id: propertyStaffs.id });
    await t.app.db
      .insert(propertyStaffCommunities)
      .values({ tenantId, staffId: member!.id, communityId: community!.id });
    // Due north: the great-circle distance is exactly the arc (fence.ts's earth radius).
    const lat = SITE.lat + ((metres / 6_371_008.8) * 180) / Math.PI;
    const lon = SITE.lon;
    await t.app.db
      .update(devices)
      .set({ userId: user!.id, lat, lon, locatedAt: new Date(t.clock.now() - ageMin * 60_000) })
      .where(eq(devices.id, watches[i]!.id));
    staff.push({ userId: user!.id, name: user!.name });
  }
});
afterAll(() => t?.close());

/** An SOS of a new helmet standing at `at`; answers the alarm's id. */
async function sosAt(at: { lat: number; lon: number }): Promise<number> {
  const [helmet] = await addDevices(t.app, 1, { kind: 'helmet' });
  await t.app.db
    .update(devices)
    .set({ lat: at.lat, lon: at.lon, locatedAt: new Date(t.clock.now()) })
    .where(eq(devices.id, helmet!.id));
  await send(t.app, helmet!.imei, { kind: 'alarm', alarm: 'sos', ts: t.clock.now() });
  const [alarm] = await alarmsOf(t.app, helmet!.id);
  await t.app.escalation.drain();
  return alarm!.id;
}

async function step2(alarmId: number) {
  return t.app.db
    .select()
    .from(alarmNotifications)
    .where(and(eq(alarmNotifications.alarmId, alarmId), eq(alarmNotifications.step, 2)));
}

describe('the nearest staff first', () => {
  it('rings the on-duty staff with fresh fixes within 2 km, nearest first, on their consoles and phones', async () => {
    const raisedAt = t.clock.now();
    const alarmId = await sosAt(SITE);
    t.clock.advance(raisedAt + 45_000 - t.clock.now());
    await t.app.escalation.sweep();
    await t.app.escalation.drain();
    const rows = await step2(alarmId);
    const consoles = rows.find((n) => n.channel === 'console')!;
    // 100 m and 500 m: the 5 km one is too far, the 300 m one's fix is two hours old.
    expect(consoles.userIds).toEqual([staff[0]!.userId, staff[1]!.userId]);
    expect(
      rows
        .filter((n) => n.channel === 'push')
        .map((n) => n.userIds![0])
        .sort(),
    ).toEqual([staff[0]!.userId, staff[1]!.userId].sort());

    // The SOS dialog lists them all by distance, with the age of each fix.
    const near = await post<{ point: { lat: number; lon: number }; staff: NearbyStaff[] }>(
      t.app,
      '/api/device/alarm/nearestStaff',
      { id: alarmId },
      { token: demo },
    );
    expect(near.code).toBe(0);
    expect(near.data.point).toEqual(SITE);
    const mine = near.data.staff.filter((s) => staff.some((m) => m.userId === s.userId));
    expect(mine.map((s) => [s.name, s.distanceM])).toEqual([
      ['Patrol 100 m', 100],
      ['Patrol 300 m', 300],
      ['Patrol 500 m', 500],
      ['Patrol 5000 m', 5000],
    ]);
    expect(new Date(mine[1]!.fixAt!).getTime()).toBe(t.clock.now() - 45_000 - 120 * 60_000);
  });

  it('with nobody near, tells those on duty instead, so an SOS is never left with nobody', async () => {
    const raisedAt = t.clock.now();
    const alarmId = await sosAt({ lat: SITE.lat + 1, lon: SITE.lon });
    t.clock.advance(raisedAt + 45_000 - t.clock.now());
    await t.app.escalation.sweep();
    await t.app.escalation.drain();
    const consoles = (await step2(alarmId)).find((n) => n.channel === 'console')!;
    expect(consoles.userIds!.length).toBeGreaterThan(0);
    expect(consoles.userIds).not.toEqual([staff[0]!.userId, staff[1]!.userId]);
  });

  it("another company's alarm is not found", async () => {
    const other = await post(t.app, '/api/device/alarm/nearestStaff', { id: 999_999 }, { token: demo });
    expect(other.key).toBe('notFound');
  });
});
