/**
 * MQTT client ids are bound to who connects (acl.ts clientIdAllowed, docs/device-protocol.md
 * "Client ids"): `dev_{imei}` only for that device with its own secret, `user_{user id}...` only
 * for that user's consoles. A connection claiming another identity's id is refused with CONNACK
 * "not authorized" and never takes over, on the embedded broker and through the external broker's
 * auth hook.
 */
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { topics } from '../../../src/shared/topics';
import { clientIdAllowed, type Principal } from '../../../src/server/broker/acl';
import type { EmbeddedBroker } from '../../../src/server/broker/types';
import { addTenant, addUser } from '../fixtures';
import { AS_BROKER, buildTestApp, login, post, type TestApp } from '../helper';
import { addDevices, deviceClient, type TestDevice } from '../ingest-helper';

describe('client id decisions (pure)', () => {
  const dev: Principal = { kind: 'device', imei: '861234567890123', deviceId: 5, tenantId: 2 };
  const user: Principal = { kind: 'console', userId: 12, tokenHash: 'h', tenantId: 2, superAdmin: false };
  const visitor: Principal = { ...user, userId: 3, readOnly: true };
  const su: Principal = { kind: 'console', userId: 1, tokenHash: 'h', tenantId: 1, superAdmin: true };

  it("lets a device use its own dev_ id (and suffixed), or a firmware's own id, never another identity's", () => {
    for (const id of ['dev_861234567890123', 'dev_861234567890123_send_ab12', 'ESP32-door-7', 'mqttjs_1f2e3d']) {
      expect(clientIdAllowed(dev, id)).toBe(true);
    }
    for (const id of ['dev_861234567890124', 'dev_8612345678901234', 'dev_86123456789012', 'user_12_1764', 'user_12']) {
      expect(clientIdAllowed(dev, id)).toBe(false);
    }
  });

  it("lets a console (the visitor and super administrators too) use its own user's id only", () => {
    expect(clientIdAllowed(user, 'user_12_1764000000000')).toBe(true);
    expect(clientIdAllowed(user, 'user_12')).toBe(true);
    for (const p of [user, visitor, su]) {
      for (const id of ['dev_861234567890123', 'dev_861234567890123_x', 'user_1764000000000', 'user_123_1', 'c1', '']) {
        expect(clientIdAllowed(p, id)).toBe(false);
      }
    }
    expect(clientIdAllowed(visitor, 'user_3_1764000000000')).toBe(true);
    expect(clientIdAllowed(su, 'user_12_1764000000000')).toBe(false);
  });
});

describe('client identity on the embedded broker and the auth hook', () => {
  let t: TestApp;
  let url: string;
  let door: TestDevice;
  let neighbour: TestDevice;
  let elsewhere: { userId: number; token: string };
  let visitor: { userId: number; token: string };
  const clients: MqttClient[] = [];
  const track = (c: MqttClient) => (clients.push(c), c);

  beforeAll(async () => {
    t = await buildTestApp({ embeddedBroker: true });
    url = `mqtt://127.0.0.1:${await (t.app.broker as EmbeddedBroker).listenTcp(0, '127.0.0.1')}`;
    [door] = (await addDevices(t.app, 1, { kind: 'doorUnit' })) as [TestDevice];
    // A second tenant with its own administrator and its own device.
    const other = await addTenant(t.app, 'Other Estate');
    [neighbour] = (await addDevices(t.app, 1, { kind: 'doorUnit', tenantId: other })) as [TestDevice];
    await addUser(t.app, { tenant: other, username: 'other-admin', password: 'secret1', kind: 'admin' });
    const o = await login(t.app, 'other-admin', 'secret1');
    elsewhere = { userId: o.user.id, token: o.token };
    const v = await post<{ id: number }>(t.app, '/api/auth/auth/visitorLogin', { language: 'CN' });
    visitor = { userId: v.data.id, token: String(v.headers.authorization) };
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.endAsync(true).catch(() => {})));
  });
  afterAll(() => t?.close());

  const consoleAs = (who: { userId: number; token: string }, clientId: string) =>
    mqtt
      .connectAsync(
        url,
        { username: String(who.userId), password: who.token, clientId, reconnectPeriod: 0, connectTimeout: 5_000 },
        false,
      )
      .then(track);

  /** The device stays connected: its downlink subscription still delivers what the service sends. */
  async function stillConnected(c: MqttClient, imei: string) {
    expect(c.connected).toBe(true);
    const got = new Promise<string>((resolve) => c.once('message', (_t, p) => resolve(p.toString())));
    await t.app.broker.publish(topics.deviceServer(imei), '{"ping":1}');
    expect(await got).toBe('{"ping":1}');
  }

  it("refuses another tenant's console, another device and the visitor claiming a device's id; the device stays", async () => {
    const id = `dev_${door.imei}`;
    const real = track(await deviceClient(url, door, { clientId: id }));
    await real.subscribeAsync(topics.deviceServer(door.imei), { qos: 0 });
    let kicked = false;
    real.on('close', () => (kicked = true));

    await expect(consoleAs(elsewhere, id)).rejects.toThrow(/not authorized/i);
    await expect(deviceClient(url, neighbour, { clientId: id }).then(track)).rejects.toThrow(/not authorized/i);
    await expect(consoleAs(visitor, id)).rejects.toThrow(/not authorized/i);
    // A suffixed form of the device's id is the device's too.
    await expect(consoleAs(elsewhere, `${id}_send_1`)).rejects.toThrow(/not authorized/i);

    expect(kicked).toBe(false);
    await stillConnected(real, door.imei);
    // The device itself may still replace its own session (a reconnect).
    track(await deviceClient(url, door, { clientId: `${id}_send_1` }));
  });

  it("refuses a console under another user's id or an id of no one's form, and a device under a console's id", async () => {
    const demo = await login(t.app, 'demo', 'demo123');
    const mine = track(await consoleAs({ userId: demo.user.id, token: demo.token }, `user_${demo.user.id}_1`));
    let kicked = false;
    mine.on('close', () => (kicked = true));
    await expect(consoleAs(elsewhere, `user_${demo.user.id}_1`)).rejects.toThrow(/not authorized/i);
    await expect(deviceClient(url, neighbour, { clientId: `user_${demo.user.id}_1` })).rejects.toThrow(
      /not authorized/i,
    );
    await expect(consoleAs(elsewhere, 'c1')).rejects.toThrow(/not authorized/i);
    track(await consoleAs(elsewhere, `user_${elsewhere.userId}_1`));
    track(await consoleAs(visitor, `user_${visitor.userId}_1`));
    expect(kicked).toBe(false);
    expect(mine.connected).toBe(true);
  });

  it('refuses another device a firmware id that a device holds, live or as its persistent session', async () => {
    const fw = `door-fw-${door.imei}`;
    const real = track(await deviceClient(url, door, { clientId: fw, clean: false }));
    await real.subscribeAsync(topics.deviceServer(door.imei), { qos: 1 });
    let kicked = false;
    real.on('close', () => (kicked = true));
    await expect(deviceClient(url, neighbour, { clientId: fw, clean: false })).rejects.toThrow(/not authorized/i);
    expect(kicked).toBe(false);
    await stillConnected(real, door.imei);
    await real.endAsync();
    // Offline, its session (and the downlinks queued for it) is still not another device's.
    await expect(deviceClient(url, neighbour, { clientId: fw, clean: false })).rejects.toThrow(/not authorized/i);
    track(await deviceClient(url, door, { clientId: fw, clean: false }));
  });

  it('answers the external broker auth hook by the same rules, and refuses a call without the client id', async () => {
    const auth = (body: object) => post(t.app, '/api/mqtt/auth', body, AS_BROKER).then((r) => r.status);
    const id = `dev_${door.imei}`;
    expect(await auth({ username: door.imei, password: door.secret, clientid: id })).toBe(200);
    expect(await auth({ username: String(elsewhere.userId), password: elsewhere.token, clientid: id })).toBe(403);
    expect(await auth({ username: neighbour.imei, password: neighbour.secret, clientid: id })).toBe(403);
    expect(await auth({ username: String(visitor.userId), password: visitor.token, clientid: id })).toBe(403);
    expect(
      await auth({
        username: String(elsewhere.userId),
        password: elsewhere.token,
        clientid: `user_${elsewhere.userId}_1`,
      }),
    ).toBe(200);
    expect(await auth({ username: door.imei, password: door.secret })).toBe(403);
  });
});
