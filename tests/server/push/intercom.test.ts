/**
 * The door-unit intercom end to end on the embedded broker: a simulated door unit calls, the
 * tenant's console receives the complete call (5081) with tokens the voice provider accepts, the
 * console asks the unit to open (5082) and the unit confirms (5091); the voiceNet routes.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildTokenAnswer } from '../../../src/shared/alarms/api';
import { callIsComplete, doorCallPushSchema, unlockedPushSchema } from '../../../src/shared/alarms/push';
import { topics } from '../../../src/shared/topics';
import type { EmbeddedBroker } from '../../../src/server/broker/types';
import { deviceEvents } from '../../../src/server/db/schema';
import { VirtualDevice } from '../../../src/sim/device';
import { addTenant, addUser } from '../fixtures';
import { buildTestApp, login, post, type TestApp } from '../helper';
import { addDevices, type TestDevice } from '../ingest-helper';
import { consoleInbox, sleep, type ConsoleInbox } from '../push-helper';

let t: TestApp;
let url: string;
let token: string;
let demoId: number;
let door: TestDevice;
let helmet: TestDevice;
let foreignDoor: TestDevice;
let sim: VirtualDevice;
let me: ConsoleInbox;
let other: ConsoleInbox;

beforeAll(async () => {
  t = await buildTestApp({ embeddedBroker: true });
  url = `mqtt://127.0.0.1:${await (t.app.broker as EmbeddedBroker).listenTcp(0, '127.0.0.1')}`;
  [door] = (await addDevices(t.app, 1, { kind: 'doorUnit' })) as [TestDevice];
  [helmet] = (await addDevices(t.app, 1)) as [TestDevice];
  const elsewhere = await addTenant(t.app, 'Elsewhere');
  [foreignDoor] = (await addDevices(t.app, 1, { kind: 'doorUnit', tenantId: elsewhere })) as [TestDevice];
  await addUser(t.app, { tenant: elsewhere, username: 'otheradmin', kind: 'admin' });

  ({
    token,
    user: { id: demoId },
  } = await login(t.app, 'demo', 'demo123'));
  me = await consoleInbox(url, demoId, token, [topics.userWeb(demoId), topics.deviceClient(door.imei)]);
  const o = await login(t.app, 'otheradmin', 'secret1');
  other = await consoleInbox(url, o.user.id, o.token, [topics.userWeb(o.user.id)]);

  sim = new VirtualDevice(
    { imei: door.imei, kind: 'doorUnit', scenario: 'community', lat: 22.54, lon: 114.05, messageType: 'json' },
    door.secret,
    { url, intervalS: 3600 },
  );
  await sim.start();
});

afterAll(async () => {
  await sim?.stop();
  await Promise.all([me, other].filter(Boolean).map((i) => i.client.endAsync(true).catch(() => {})));
  await t?.close();
});

describe('door-unit call', () => {
  it("rings the tenant's console with complete call data, each side with a token for the channel", async () => {
    const before = Date.now();
    sim.brain.send({ kind: 'call', roomNo: '1203', community: 'Sunny Garden', building: '3', unit: '2' });
    const call = doorCallPushSchema.parse((await me.next('5081')).body);
    expect(callIsComplete(call)).toBe(true);
    expect(call).toMatchObject({
      code: '5081',
      type: 1,
      imei: door.imei,
      channel: `${door.imei}_1203`,
      appId: 'local',
      appUid: String(demoId),
      community: 'Sunny Garden',
      building: '3',
      unit: '2',
      roomNo: '1203',
      status: 0,
    });
    expect(Number(call.pushTime)).toBeGreaterThan(0);
    expect(Math.abs(Number(call.pushTime) - before)).toBeLessThan(60_000);
    const verify = t.app.voice.verify!.bind(t.app.voice);
    expect(verify(call.appToken!, call.channel!, String(call.appUid))).toBe(true);
    expect(verify(call.deviceToken!, call.channel!, String(call.deviceUid))).toBe(true);
    // A token is for its holder and its channel only.
    expect(verify(call.appToken!, call.channel!, String(call.deviceUid))).toBe(false);
    expect(verify(call.appToken!, `${door.imei}_1204`, String(call.appUid))).toBe(false);
    await sleep(200);
    expect(other.received).toEqual([]);
  });

  it('gives the door unit the same uid and channel through voiceNet/buildToken', async () => {
    const call = doorCallPushSchema.parse((await me.next('5081')).body);
    const res = await post<BuildTokenAnswer>(
      t.app,
      '/api/device/voiceNet/buildToken',
      { imei: door.imei, roomNo: '1203' },
      { token },
    );
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toMatchObject({ deviceUid: String(call.deviceUid), channel: call.channel, appId: 'local' });
    expect(t.app.voice.verify!(res.data.deviceToken, res.data.channel, res.data.deviceUid)).toBe(true);
  });

  it("refuses another tenant's door like an unknown one, and devices that are not door units", async () => {
    const foreign = await post(
      t.app,
      '/api/device/voiceNet/buildToken',
      { imei: foreignDoor.imei, roomNo: '1' },
      { token },
    );
    const unknown = await post(
      t.app,
      '/api/device/voiceNet/buildToken',
      { imei: '869999999999999', roomNo: '1' },
      { token },
    );
    expect(foreign.code).toBe(404);
    expect({ ...foreign, headers: undefined }).toEqual({ ...unknown, headers: undefined });
    expect(
      (await post(t.app, '/api/device/voiceNet/buildToken', { imei: helmet.imei, roomNo: '1' }, { token })).code,
    ).toBe(400);
    expect((await post(t.app, '/api/device/voiceNet/buildToken', { imei: door.imei }, { token })).code).toBe(400);
    expect((await post(t.app, '/api/device/voiceNet/buildToken', { imei: 'x', roomNo: '1' }, { token })).code).toBe(
      400,
    );
    expect(
      (await post(t.app, '/api/device/voiceNet/property/answer', { imei: foreignDoor.imei }, { token })).code,
    ).toBe(404);
  });

  it('records the hang-up', async () => {
    for (const body of [{ imei: door.imei, roomNo: '1203' }, { imei: door.imei }]) {
      const res = await post(t.app, '/api/device/voiceNet/property/answer', body, { token });
      expect(res.code, res.msg).toBe(0);
    }
    const rows = await t.app.db
      .select()
      .from(deviceEvents)
      .where(and(eq(deviceEvents.deviceId, door.id), eq(deviceEvents.type, 'callEnd')));
    expect(rows.map((r) => r.data)).toEqual(
      expect.arrayContaining([{ userId: demoId, roomNo: '1203', channel: `${door.imei}_1203` }, { userId: demoId }]),
    );
  });

  it('does not ring for a call from a device that is not a door unit', async () => {
    me.clear();
    const [h] = await addDevices(t.app, 1);
    const hs = new VirtualDevice(
      { imei: h!.imei, kind: 'helmet', scenario: 'construction', lat: 22.54, lon: 114.05, messageType: 'json' },
      h!.secret,
      { url, intervalS: 3600 },
    );
    await hs.sendOnce({ kind: 'call', roomNo: '1' });
    await sleep(300);
    expect(me.codes()).not.toContain('5081');
  });
});

describe('remote unlock', () => {
  it('5082 from the console reaches the door unit, which confirms with 5091 type 3 on its client topic', async () => {
    me.clear();
    await me.client.publishAsync(
      topics.deviceServer(door.imei),
      JSON.stringify({ code: '5082', imei: door.imei, userId: demoId }),
      { qos: 0, retain: false },
    );
    const got = await me.next('5091');
    expect(got.topic).toBe(topics.deviceClient(door.imei));
    expect(unlockedPushSchema.parse(got.body)).toEqual({ code: '5091', type: 3, imei: door.imei, userId: demoId });
    expect(sim.brain.unlocked).toBe(1);
  });
});
