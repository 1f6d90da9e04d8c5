/**
 * A phone's notification acknowledges its alarm (docs/alarms.md "Push to phones"): the push carries
 * a signed link for that alarm and that user; posting it takes the alarm under the user's name, and
 * the timeline says "by push". Each user's chosen kinds filter what reaches their phones, except an
 * SOS for the staff on duty.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlarmTimeline } from '../../../src/shared/alarms/api';
import type { PhoneAlarmPush } from '../../../src/shared/alarms/phone-push';
import { toAlarmRecord, contextOf } from '../../../src/server/alarms/records';
import { alarmRecords, pushPreferences } from '../../../src/server/db/schema';
import { buildTestApp, login, post, type TestApp } from '../helper';
import { addDevices, until } from '../ingest-helper';
import { send } from '../alarms-helper';
import { startLocalPushService } from './local-push';

describe("acknowledging from a phone's notification", () => {
  let t: TestApp;
  let push: Awaited<ReturnType<typeof startLocalPushService>>;

  beforeAll(async () => {
    push = await startLocalPushService();
    t = await buildTestApp({ config: { pushAllowHttp: true } });
  });
  afterAll(async () => {
    await t?.close();
    await push?.close();
  });

  it('the SOS push carries an Acknowledge link that takes the alarm as the user, by push', async () => {
    const demo = await login(t.app, 'demo', 'demo123');
    const phone = push.browser();
    expect((await post(t.app, '/api/push/subscription', phone.toJSON(), { token: demo.token })).code).toBe(0);
    const imei = '860100000000001';
    t.app.ingest.accept(imei, `test/${imei}`, Buffer.from('sos'), { kind: 'alarm', alarm: 'sos' });
    const got = await until(
      () => push.deliveries.find((d) => d.path === new URL(phone.endpoint).pathname),
      10_000,
      'the push',
    );
    const payload = phone.decrypt(got!.body) as PhoneAlarmPush;
    expect(payload).toMatchObject({ kind: 'alarm', push: 'sos', sos: true, timeZone: t.app.config.timeZone });
    expect(payload.ack).toMatch(/^\/api\/ack\/[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+){5}$/);

    // The service worker posts it without a session.
    const res = await t.app.inject({ method: 'POST', url: payload.ack!, headers: { accept: 'application/json' } });
    expect(res.statusCode).toBe(200);
    const [row] = await t.app.db.select().from(alarmRecords).where(eq(alarmRecords.id, payload.alarmId));
    expect(row).toMatchObject({ ackedBy: demo.user.id, ackedVia: 'push' });
    expect(row!.ackedByName).toBeTruthy();
    const timeline = await post<AlarmTimeline>(
      t.app,
      '/api/device/alarm/timeline',
      { id: payload.alarmId },
      { token: demo.token },
    );
    expect(timeline.data.entries.find((e) => e.kind === 'acknowledged')).toMatchObject({
      by: row!.ackedByName,
      via: 'push',
    });
    // Pressed again (a second phone of the same user): taken, nothing changes.
    expect((await t.app.inject({ method: 'POST', url: payload.ack! })).statusCode).toBe(409);
  });

  it("a user's chosen kinds filter their pushes; an SOS reaches the staff on duty regardless", async () => {
    const demo = await login(t.app, 'demo', 'demo123');
    const phone = push.browser();
    await post(t.app, '/api/push/subscription', phone.toJSON(), { token: demo.token });
    const [stored] = await t.app.db.select().from(alarmRecords).limit(1);
    const alarm = { ...toAlarmRecord(stored!), type: 15 };
    const context = contextOf(stored!);
    const arrived = () => push.deliveries.filter((d) => d.path === new URL(phone.endpoint).pathname).length;

    await t.app.db
      .insert(pushPreferences)
      .values({ userId: demo.user.id, tenantId: alarm.tenantId, kinds: ['fall'], updatedAt: new Date() });
    t.app.phonePushes.invalidate(alarm.tenantId);
    const refused = await t.app.phonePushes.alarm([demo.user.id], alarm, context);
    expect(refused.size).toBe(0);
    expect(arrived()).toBe(0);

    const forced = await t.app.phonePushes.alarm([demo.user.id], alarm, context, { forced: [demo.user.id] });
    // (The first test's phone is the user's too.)
    expect(forced.get(demo.user.id)).toMatchObject({ failed: 0 });
    const fall = await t.app.phonePushes.alarm([demo.user.id], { ...alarm, type: 13 }, context);
    expect(fall.get(demo.user.id)).toMatchObject({ failed: 0 });
    expect(arrived()).toBe(2);
    const [fallPush] = push.deliveries
      .filter((d) => d.path === new URL(phone.endpoint).pathname)
      .slice(-1)
      .map((d) => phone.decrypt(d.body) as PhoneAlarmPush);
    expect(fallPush).toMatchObject({ push: 'fall', sos: false });
  });

  it("a door unit's call rings its staff's phones too, and only theirs", async () => {
    const demo = await login(t.app, 'demo', 'demo123');
    const phone = push.browser();
    await post(t.app, '/api/push/subscription', phone.toJSON(), { token: demo.token });
    await t.app.db.delete(pushPreferences).where(eq(pushPreferences.userId, demo.user.id));
    t.app.phonePushes.invalidate(demo.user.tenantId);
    const [door] = await addDevices(t.app, 1, { kind: 'doorUnit' });
    await send(t.app, door!.imei, { kind: 'call', ts: t.clock.now(), roomNo: '1201' });
    const got = await until(
      () => push.deliveries.find((d) => d.path === new URL(phone.endpoint).pathname),
      10_000,
      'the door call push',
    );
    expect(phone.decrypt(got!.body)).toMatchObject({
      kind: 'doorCall',
      push: 'doorCall',
      imei: door!.imei,
      place: '1201',
      tag: `door-${door!.imei}`,
    });
    expect(got!.headers.urgency).toBe('high');
  });
});
