import { asc, eq } from 'drizzle-orm';
import type { AlarmStats, AlarmTimeline } from '../../../src/shared/alarms/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EscalationService } from '../../../src/server/escalation';
import { Delivery } from '../../../src/server/escalation/delivery';
import { alarmEscalations, alarmNotifications, devices } from '../../../src/server/db/schema';
import type { VoiceCallProvider } from '../../../src/server/notify/voice-call';
import type { EmailProvider } from '../../../src/server/notify/email';
import { DEMO_CONTACT } from '../../../src/entities/escalation-policy';
import { buildTestApp, login, post, type TestApp } from '../helper';
import { addDevices } from '../ingest-helper';
import { alarmsOf, send } from '../alarms-helper';

const calls: { phone: string; text: string }[] = [];
const mails: { to: string; subject: string }[] = [];
const voiceCalls: VoiceCallProvider = {
  name: 'recording',
  async call(phone, text) {
    calls.push({ phone, text });
  },
};
const email: EmailProvider = {
  name: 'recording',
  async send(to, subject) {
    mails.push({ to, subject });
  },
};

let t: TestApp;
let demo: string;
beforeAll(async () => {
  t = await buildTestApp({ embeddedBroker: true });
  // The recording providers stand in for the local ones, whose files a memory database does not write.
  Object.assign(t.app.voiceCalls, voiceCalls);
  demo = (await login(t.app, 'demo', 'demo123')).token;
});
afterAll(() => t?.close());

/** A helmet of the demo site with the demo's emergency contact, and its SOS stored. */
async function sos(): Promise<{ alarmId: number; deviceId: number }> {
  const [d] = await addDevices(t.app, 1, { kind: 'helmet' });
  await t.app.db
    .update(devices)
    .set({ settings: { contacts: [DEMO_CONTACT] } })
    .where(eq(devices.id, d!.id));
  await send(t.app, d!.imei, { kind: 'alarm', alarm: 'sos', ts: t.clock.now() });
  const [alarm] = await alarmsOf(t.app, d!.id);
  await t.app.escalation.drain();
  return { alarmId: alarm!.id, deviceId: d!.id };
}

/** What a service of its own (another replica, a restarted one) is built from: this app's parts. */
const deps = () => ({
  db: t.app.db,
  clock: t.clock,
  log: t.app.log,
  timeZone: t.app.config.timeZone,
  push: t.app.push,
  sms: t.sms,
  voiceCalls,
  email,
});
const replica = () => new EscalationService(deps());

const notifications = (alarmId: number) =>
  t.app.db
    .select()
    .from(alarmNotifications)
    .where(eq(alarmNotifications.alarmId, alarmId))
    .orderBy(asc(alarmNotifications.id));

async function at(seconds: number, from: number): Promise<void> {
  t.clock.advance(from + seconds * 1000 - t.clock.now());
  await t.app.escalation.drain();
}

describe('escalation of an SOS nobody acknowledges (the demo policy)', () => {
  it('rings again and pushes to phones at 15 s, tells the nearest staff and texts the contacts at 45 s, calls at 120 s', async () => {
    const raisedAt = t.clock.now();
    const { alarmId } = await sos();
    const [esc] = await t.app.db.select().from(alarmEscalations).where(eq(alarmEscalations.alarmId, alarmId));
    expect(esc).toMatchObject({ policyName: 'SOS 默认升级', nextStep: 0, state: 0 });
    expect(esc!.steps.map((s) => [s.delay, s.target, s.channels])).toEqual([
      [15, 'repeat', ['console']],
      [15, 'onDuty', ['push']],
      [45, 'nearest', ['console', 'push']],
      [45, 'contacts', ['sms']],
      [120, 'user', ['voice']],
    ]);
    // Phones are pushed one row per user; nobody here subscribed a phone, so each says so.
    const pushes = async () => (await notifications(alarmId)).filter((n) => n.channel === 'push');
    const others = async () => (await notifications(alarmId)).filter((n) => n.channel !== 'push');

    await at(14, raisedAt);
    expect(await notifications(alarmId)).toEqual([]);

    await at(15, raisedAt);
    const first = await others();
    expect(first.map((n) => [n.step, n.channel, n.state])).toEqual([[0, 'console', 1]]);
    expect(first[0]!.userIds!.length).toBeGreaterThan(0);
    const pushed = await pushes();
    expect(pushed.length).toBeGreaterThan(0);
    for (const n of pushed)
      expect(n).toMatchObject({
        step: 1,
        state: 2,
        error: 'no phone subscribed to push',
        userIds: [expect.any(Number)],
      });

    await at(45, raisedAt);
    const sms = t.sms.sent.filter((m) => m.phone === DEMO_CONTACT.phone);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.text).toContain('SOS求救');
    expect((await others()).map((n) => [n.step, n.channel, n.target])).toEqual([
      [0, 'console', first[0]!.target],
      [2, 'console', expect.any(String)],
      [3, 'sms', DEMO_CONTACT.phone],
    ]);

    await at(120, raisedAt);
    const last = (await notifications(alarmId)).at(-1)!;
    expect(last).toMatchObject({ step: 4, channel: 'voice', target: '13800000000', state: 1 });
    expect(calls.at(-1)).toMatchObject({ phone: '13800000000' });
    const [done] = await t.app.db.select().from(alarmEscalations).where(eq(alarmEscalations.alarmId, alarmId));
    expect(done).toMatchObject({ state: 2, nextStep: 5, dueAt: null });

    // Nothing fires twice however often the sweep runs.
    const fired = (await notifications(alarmId)).length;
    await at(600, raisedAt);
    expect(await notifications(alarmId)).toHaveLength(fired);

    // The timeline: raised, then each step; the contact's number masked for the visitor.
    const timeline = await post<AlarmTimeline>(t.app, '/api/device/alarm/timeline', { id: alarmId }, { token: demo });
    expect(timeline.data).toMatchObject({ policyName: 'SOS 默认升级', escalation: 'done', nextDueAt: null });
    const shown = timeline.data.entries.filter((e) => e.channel !== 'push');
    expect(shown.map((e) => [e.kind, e.channel ?? '', e.outcome ?? ''])).toEqual([
      ['raised', '', ''],
      ['notified', 'console', 'sent'],
      ['notified', 'console', 'sent'],
      ['notified', 'sms', 'sent'],
      ['notified', 'voice', 'sent'],
    ]);
    // A push is named by the user it went to, never by a number.
    const push = timeline.data.entries.find((e) => e.channel === 'push')!;
    expect(push).toMatchObject({ outcome: 'failed', error: 'no phone subscribed to push' });
    expect(push.target).not.toMatch(/\d{5}/);
    expect(shown[3]!.target).toBe(`${DEMO_CONTACT.name} ${DEMO_CONTACT.phone}`);
    const visitor = String(
      (await post(t.app, '/api/auth/auth/visitorLogin', { language: 'CN' })).headers.authorization,
    );
    const masked = await post<AlarmTimeline>(t.app, '/api/device/alarm/timeline', { id: alarmId }, { token: visitor });
    expect(masked.data.entries.filter((e) => e.channel !== 'push')[3]!.target).toBe(`${DEMO_CONTACT.name} 139****0001`);
  });

  it('stops at the first acknowledgement, and a second operator is told who took it', async () => {
    const raisedAt = t.clock.now();
    const { alarmId } = await sos();
    await at(15, raisedAt);
    const ack = await post<{ updated: number; taken: { id: number; ackedByName: string }[] }>(
      t.app,
      '/api/device/alarm/ack',
      { ids: [alarmId] },
      { token: demo },
    );
    expect(ack.code).toBe(0);
    expect(ack.data).toMatchObject({ updated: 1, taken: [{ id: alarmId, ackedByName: 'Demo administrator' }] });
    const again = await post<{ updated: number; taken: { ackedByName: string }[] }>(
      t.app,
      '/api/device/alarm/ack',
      { ids: [alarmId] },
      { token: demo },
    );
    expect(again.data).toMatchObject({ updated: 0, taken: [{ ackedByName: 'Demo administrator' }] });

    await at(600, raisedAt);
    expect([...new Set((await notifications(alarmId)).map((n) => n.step))]).toEqual([0, 1]);
    const [esc] = await t.app.db.select().from(alarmEscalations).where(eq(alarmEscalations.alarmId, alarmId));
    expect(esc).toMatchObject({ state: 1, dueAt: null });

    // Time to acknowledge on /alarmTongji: this SOS took 15 s, by the demo administrator (over
    // the minutes around it: the demo's history has alarms he took too).
    const window = {
      from: new Date(raisedAt - 60_000).toISOString(),
      to: new Date(raisedAt + 3_600_000).toISOString(),
    };
    const stats = await post<AlarmStats>(t.app, '/api/device/alarm/stats', window, { token: demo });
    expect(stats.data.response.byOperator).toContainEqual(
      expect.objectContaining({ name: 'Demo administrator', acknowledged: 1, medianS: 15 }),
    );
    expect(stats.data.response.escalated).toBe(1);
  });

  it('another company cannot acknowledge the alarm', async () => {
    const { alarmId } = await sos();
    const admin = (await login(t.app, 'admin', 'admin123')).token;
    // The platform administrator may; a company user of another tenant sees nothing (isolation suite).
    const res = await post(t.app, '/api/device/alarm/ack', { ids: [alarmId + 100_000] }, { token: admin });
    expect(res.key).toBe('notFound');
  });

  it('a second replica, and a restart between two steps, neither repeat nor lose a step', async () => {
    const raisedAt = t.clock.now();
    const { alarmId } = await sos();
    const a = replica();
    const b = replica();
    t.clock.advance(raisedAt + 15_000 - t.clock.now());
    await Promise.all([a.sweep(), b.sweep(), t.app.escalation.sweep()]);
    await Promise.all([a.drain(), b.drain(), t.app.escalation.drain()]);
    const steps = async () => [...new Set((await notifications(alarmId)).map((n) => `${n.step} ${n.channel}`))].sort();
    // Step 0 rings the consoles, step 1 (the same 15 s) pushes to each on-duty user's phones.
    expect(await steps()).toEqual(['0 console', '1 push']);
    const pushRows = (await notifications(alarmId)).length - 1;
    // The process that fired step 0 stops; a new one takes over at 45 s.
    await a.close();
    const c = replica();
    await c.recover();
    t.clock.advance(raisedAt + 46_000 - t.clock.now());
    await Promise.all([c.sweep(), b.sweep()]);
    await Promise.all([c.drain(), b.drain(), t.app.escalation.drain()]);
    expect(await steps()).toEqual(['0 console', '1 push', '2 console', '2 push', '3 sms']);
    // Every notification once: a push row per user, never twice.
    const rows = await notifications(alarmId);
    expect(rows.filter((n) => n.step === 1)).toHaveLength(pushRows);
    expect(new Set(rows.map((n) => `${n.step} ${n.channel} ${n.target}`)).size).toBe(rows.length);
    await Promise.all([b.close(), c.close()]);
  });

  it('in a mass incident a sweep claims a budget of notifications, and the alarms past it fire in the next sweeps, each step once', async () => {
    const raisedAt = t.clock.now();
    const alarms = [await sos(), await sos(), await sos()];
    // A budget of one notification: each sweep takes one alarm's due steps, however many they are.
    const s = new EscalationService({ ...deps(), sweepNotifications: 1 });
    t.clock.advance(raisedAt + 15_000 - t.clock.now());
    const fired = () => Promise.all(alarms.map(async (a) => (await notifications(a.alarmId)).length));
    expect(await s.sweep()).toBe(true);
    const first = await fired();
    expect(first[0]).toBeGreaterThan(1);
    expect(first.slice(1)).toEqual([0, 0]);
    // The others are still due, at the step they were: nothing of theirs was moved on.
    const [left] = await t.app.db
      .select()
      .from(alarmEscalations)
      .where(eq(alarmEscalations.alarmId, alarms[2]!.alarmId));
    expect(left).toMatchObject({ state: 0, nextStep: 0 });
    // Draining sweeps until none is left: every alarm's 15 s steps, each once.
    await s.drain();
    const after = await fired();
    expect(after).toEqual([first[0], first[0], first[0]]);
    for (const a of alarms) {
      const rows = await notifications(a.alarmId);
      expect([...new Set(rows.map((n) => `${n.step} ${n.channel}`))].sort()).toEqual(['0 console', '1 push']);
      expect(new Set(rows.map((n) => `${n.step} ${n.channel} ${n.target}`)).size).toBe(rows.length);
    }
    await s.close();
  });

  it('resends a notification a replica claimed but died before sending', async () => {
    const raisedAt = t.clock.now();
    const { alarmId, deviceId } = await sos();
    const [record] = await alarmsOf(t.app, deviceId);
    await t.app.db.insert(alarmNotifications).values({
      alarmId,
      tenantId: record!.tenantId,
      step: 9,
      channel: 'email',
      target: 'duty@example.com',
      createdAt: new Date(raisedAt),
    });
    t.clock.advance(31_000);
    const s = replica();
    await s.sweep();
    await s.drain();
    await s.close();
    expect(mails.filter((m) => m.to === 'duty@example.com')).toHaveLength(1);
    const [row] = (await notifications(alarmId)).filter((n) => n.step === 9);
    expect(row).toMatchObject({ state: 1 });
  });
});

describe('delivery', () => {
  it('places voice calls two at a time, every one of them', async () => {
    const { alarmId, deviceId } = await sos();
    const [record] = await alarmsOf(t.app, deviceId);
    let now = 0;
    let most = 0;
    const placed: string[] = [];
    const slow: VoiceCallProvider = {
      name: 'slow',
      async call(phone) {
        most = Math.max(most, ++now);
        await new Promise((r) => setTimeout(r, 20));
        placed.push(phone);
        now--;
      },
    };
    const phones = ['13900000011', '13900000012', '13900000013', '13900000014', '13900000015'];
    const rows = await t.app.db
      .insert(alarmNotifications)
      .values(
        phones.map((target) => ({
          alarmId,
          tenantId: record!.tenantId,
          step: 0,
          channel: 'voice',
          target,
          createdAt: new Date(t.clock.now()),
        })),
      )
      .returning();
    const stats = { sent: 0, failed: 0 };
    const delivery = new Delivery({ ...deps(), voiceCalls: slow, stats });
    await delivery.send(
      rows.map((r) => ({ ...r, targetName: null, userIds: null })),
      new Map([[alarmId, record!]]),
    );
    expect(placed.sort()).toEqual(phones);
    expect(most).toBe(2);
    expect(stats).toEqual({ sent: 5, failed: 0 });
    expect((await notifications(alarmId)).filter((n) => n.channel === 'voice').map((n) => n.state)).toEqual([
      1, 1, 1, 1, 1,
    ]);
  });
});
