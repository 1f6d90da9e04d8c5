/**
 * Alarm pushes to consoles over the embedded broker with real mqtt.js clients: who receives them
 * (the device's tenant's alarm viewers, nobody else), what they carry (9001, 9003, 9002), the
 * per-tenant recipient cache, cards (5084) and system notices (9010).
 */
import { eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alarmPushSchema,
  alarmUpdatePushSchema,
  cardPushSchema,
  noticePushSchema,
  sosPushSchema,
} from '../../../src/shared/alarms/push';
import { topics } from '../../../src/shared/topics';
import type { EmbeddedBroker } from '../../../src/server/broker/types';
import { roleResources, userRoles, users } from '../../../src/server/db/schema';
import { loadRecipients } from '../../../src/server/push/recipients';
import { addRole, addTenant, addUser, resourceIds, tenantId } from '../fixtures';
import { buildTestApp, login, post, type TestApp } from '../helper';
import { addDevices, deviceClient, up, type TestDevice } from '../ingest-helper';
import { alarmContext, alarmRecord, consoleInbox, sleep, type ConsoleInbox } from '../push-helper';

let t: TestApp;
let url: string;
let demoTenant: number;
let otherTenant: number;
const ids: Record<string, number> = {};
const inbox: Record<string, ConsoleInbox> = {};
const extra: MqttClient[] = [];
let device: TestDevice;

async function connectAs(name: string, username: string, password: string) {
  const { token, user } = await login(t.app, username, password);
  ids[name] = user.id;
  inbox[name] = await consoleInbox(url, user.id, token, [topics.userWeb(user.id), topics.noticeWeb]);
}

beforeAll(async () => {
  t = await buildTestApp({ embeddedBroker: true });
  url = `mqtt://127.0.0.1:${await (t.app.broker as EmbeddedBroker).listenTcp(0, '127.0.0.1')}`;
  demoTenant = await tenantId(t.app, 'Demo Site');
  otherTenant = await addTenant(t.app, 'Elsewhere');
  const viewerRole = await addRole(t.app, demoTenant, 'alarm viewer', ['alarmList']);
  const plainRole = await addRole(t.app, demoTenant, 'products only', ['productList']);
  await addUser(t.app, { tenant: demoTenant, username: 'viewer', roleIds: [viewerRole] });
  await addUser(t.app, { tenant: demoTenant, username: 'plain', roleIds: [plainRole] });
  await addUser(t.app, { tenant: otherTenant, username: 'otheradmin', kind: 'admin' });
  await connectAs('demo', 'demo', 'demo123');
  await connectAs('viewer', 'viewer', 'secret1');
  await connectAs('plain', 'plain', 'secret1');
  await connectAs('other', 'otheradmin', 'secret1');
  await connectAs('super', 'admin', 'admin123');
  [device] = (await addDevices(t.app, 1, { tenantId: demoTenant })) as [TestDevice];
});

afterAll(async () => {
  await Promise.all(
    [...Object.values(inbox).map((i) => i.client), ...extra].map((c) => c.endAsync(true).catch(() => {})),
  );
  await t?.close();
});

const clearAll = () => Object.values(inbox).forEach((i) => i.clear());

describe('alarm push', () => {
  it("sends 9001 and 9003 for an SOS to the tenant's alarm viewers, and nothing to anyone else", async () => {
    clearAll();
    const alarm = alarmRecord({ tenantId: demoTenant, imei: device.imei });
    t.app.alarmHub.emit('raised', alarm, alarmContext());
    for (const who of ['demo', 'viewer']) {
      const a = await inbox[who]!.next('9001');
      expect(a.topic).toBe(topics.userWeb(ids[who]!));
      expect(alarmPushSchema.parse(a.body).alarm).toEqual(alarm);
      const sos = sosPushSchema.parse((await inbox[who]!.next('9003')).body);
      expect(sos).toEqual({
        code: '9003',
        name: 'Zhang San',
        building: '3',
        unit: '2',
        roomNo: '1203',
        userPhone: '13800000001',
        imei: device.imei,
        alarmId: alarm.id,
        lat: 22.54,
        lon: 114.05,
      });
    }
    // The SOS dialog's notice is queued ahead of the alarm record (docs/performance.md, "Push: where the time went").
    for (const who of ['demo', 'viewer']) expect(inbox[who]!.codes()).toEqual(['9003', '9001']);
    await sleep(300);
    for (const who of ['plain', 'other', 'super']) expect(inbox[who]!.received, who).toEqual([]);
  });

  it('names the device when the SOS has no person and leaves missing places empty', async () => {
    clearAll();
    t.app.alarmHub.emit(
      'raised',
      alarmRecord({ tenantId: demoTenant, imei: device.imei, personName: null, personPhone: null }),
      alarmContext({ building: null, unit: null, roomNo: null }),
    );
    const sos = sosPushSchema.parse((await inbox.demo!.next('9003')).body);
    expect(sos).toMatchObject({ name: 'Helmet 7', building: '', unit: '', roomNo: '', userPhone: '' });
    await inbox.viewer!.next('9003');
    // The alarm record follows the notice: both reach each viewer.
    for (const who of ['demo', 'viewer'])
      expect(alarmPushSchema.parse((await inbox[who]!.next('9001')).body).alarm.id).toBe(sos.alarmId);
  });

  it("sends 9001 without 9003 for other alarms, and only the other tenant's viewers get its alarms", async () => {
    clearAll();
    t.app.alarmHub.emit(
      'raised',
      alarmRecord({ tenantId: otherTenant, imei: '869999000000001', type: 13, title: '跌倒告警' }),
      alarmContext(),
    );
    const a = await inbox.other!.next('9001');
    expect(alarmPushSchema.parse(a.body).alarm.type).toBe(13);
    await sleep(300);
    expect(inbox.other!.codes()).toEqual(['9001']);
    for (const who of ['demo', 'viewer', 'plain', 'super']) expect(inbox[who]!.received, who).toEqual([]);
  });

  it('sends 9002 when records are read or handled', async () => {
    clearAll();
    t.app.alarmHub.emit('updated', demoTenant, [5, 6], { handleState: 1 });
    const u = alarmUpdatePushSchema.parse((await inbox.viewer!.next('9002')).body);
    expect(u).toEqual({ code: '9002', ids: [5, 6], handleState: 1 });
    t.app.alarmHub.emit('updated', demoTenant, [7], { read: 1 });
    expect((await inbox.demo!.next('9002', 5000, (r) => (r.body.ids as number[])[0] === 7)).body).toEqual({
      code: '9002',
      ids: [7],
      read: 1,
    });
    await sleep(200);
    expect(inbox.other!.received).toEqual([]);
  });

  it('sends 5084 when a device of the tenant issues a card', async () => {
    clearAll();
    const dev = await deviceClient(url, device);
    extra.push(dev);
    await up(dev, device.imei, { kind: 'card', cardInfo: 'IC-0042', id: 'card-1' });
    const card = cardPushSchema.parse((await inbox.demo!.next('5084')).body);
    expect(card).toEqual({ code: '5084', cardInfo: 'IC-0042', imei: device.imei });
    await inbox.viewer!.next('5084');
    await sleep(200);
    expect(inbox.other!.received).toEqual([]);
  });

  it('follows grants once the 30 s cache expires', async () => {
    const [alarmList] = await resourceIds(t.app, ['alarmList']);
    const plainUser = ids.plain!;
    // Grant the plain user's role an alarm screen: still cached for a while, then seen.
    const [held] = await t.app.db
      .select({ roleId: userRoles.roleId })
      .from(userRoles)
      .where(eq(userRoles.userId, plainUser));
    await t.app.db.insert(roleResources).values({ tenantId: demoTenant, roleId: held!.roleId, resourceId: alarmList! });
    clearAll();
    t.app.alarmHub.emit('raised', alarmRecord({ tenantId: demoTenant, imei: device.imei, type: 12 }), alarmContext());
    await inbox.demo!.next('9001');
    await sleep(200);
    expect(inbox.plain!.received).toEqual([]);

    t.clock.advance(31_000);
    t.app.alarmHub.emit('raised', alarmRecord({ tenantId: demoTenant, imei: device.imei, type: 12 }), alarmContext());
    await inbox.plain!.next('9001');

    // And a disabled account drops out.
    await t.app.db.update(users).set({ status: 0 }).where(eq(users.id, ids.viewer!));
    expect(await loadRecipients(t.app.db, demoTenant)).not.toContain(ids.viewer);
    expect(await loadRecipients(t.app.db, demoTenant)).toContain(ids.plain);
    await t.app.db.update(users).set({ status: 1 }).where(eq(users.id, ids.viewer!));
  });
});

describe('end to end through the alarm engine', () => {
  it("a device's SOS reaches its tenant's console as 9001 and 9003, and nothing reaches another tenant", async () => {
    clearAll();
    const dev = await deviceClient(url, device);
    extra.push(dev);
    await up(dev, device.imei, { kind: 'alarm', alarm: 'sos', id: 'sos-e2e-1' });
    const a = alarmPushSchema.parse(
      (await inbox.demo!.next('9001', 10_000, (r) => (r.body.alarm as { type: number }).type === 15)).body,
    );
    expect(a.alarm).toMatchObject({ type: 15, imei: device.imei, tenantId: demoTenant, level: 3 });
    const sos = sosPushSchema.parse((await inbox.demo!.next('9003', 10_000)).body);
    expect(sos).toMatchObject({ imei: device.imei, alarmId: a.alarm.id });
    await inbox.viewer!.next('9003', 10_000);
    await sleep(300);
    // plain was granted an alarm screen above, so only these two stay silent.
    for (const who of ['other', 'super']) expect(inbox[who]!.codes(), who).not.toContain('9003');
    expect(inbox.other!.received).toEqual([]);
  });
});

describe('system notice', () => {
  it('goes to every console on acm/notice/web, sent by a super administrator only', async () => {
    clearAll();
    const { token: demoToken } = await login(t.app, 'demo', 'demo123');
    const refused = await post(t.app, '/api/user/notice/send', { title: 'x', content: 'y' }, { token: demoToken });
    expect(refused.code).toBe(403);
    const { token } = await login(t.app, 'admin', 'admin123');
    const bad = await post(t.app, '/api/user/notice/send', { title: '', content: 'y' }, { token });
    expect(bad.code).toBe(400);
    const sent = await post(
      t.app,
      '/api/user/notice/send',
      { title: '维护通知', content: '今晚 22:00 升级' },
      { token },
    );
    expect(sent.code, sent.msg).toBe(0);
    for (const who of ['demo', 'other', 'plain', 'super']) {
      const n = await inbox[who]!.next('9010');
      expect(n.topic).toBe(topics.noticeWeb);
      expect(noticePushSchema.parse(n.body)).toEqual({ code: '9010', title: '维护通知', content: '今晚 22:00 升级' });
    }
  });

  it('tells a logged-in console where to connect', async () => {
    const { token } = await login(t.app, 'demo', 'demo123');
    const res = await t.app.inject({ method: 'GET', url: '/api/realtime', headers: { authorization: token } });
    expect(res.json()).toMatchObject({ code: 0, data: { mqttUrl: null, voicePath: '/api/voice/ws' } });
    const anon = await t.app.inject({ method: 'GET', url: '/api/realtime' });
    expect(anon.json().code).toBe(208);
  });
});
