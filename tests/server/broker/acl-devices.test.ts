import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { STOCK_STATE } from '../../../src/shared/codes';
import { topics } from '../../../src/shared/topics';
import {
  authorizeDeviceConnect,
  authorizePublish,
  authorizeSubscribe,
  type Principal,
} from '../../../src/server/broker/acl';
import type { EmbeddedBroker } from '../../../src/server/broker/types';
import { deviceSecret } from '../../../src/server/devices/secrets';
import { addTenant, addUser } from '../fixtures';
import { AS_BROKER, buildTestApp, login, post, type TestApp } from '../helper';
import { addDevices, deviceClient, randomImei, type TestDevice } from '../ingest-helper';

describe('device ACL decisions (pure)', () => {
  const key = 'k';
  const facts = { id: 5, imei: '861234567890123', tenantId: 2, stockState: STOCK_STATE.bound, secretVersion: 1 };
  const dev: Principal = { kind: 'device', imei: facts.imei, deviceId: 5, tenantId: 2 };
  const console2: Principal = { kind: 'console', userId: 9, tokenHash: 'h', tenantId: 2, superAdmin: false };
  const console3: Principal = { kind: 'console', userId: 10, tokenHash: 'h', tenantId: 3, superAdmin: false };
  const su: Principal = { kind: 'console', userId: 1, tokenHash: 'h', tenantId: 1, superAdmin: true };

  it('admits a device with its own secret, not a wrong one, a pending or a recycled device', () => {
    const secret = deviceSecret(key, facts.imei, 1);
    expect(authorizeDeviceConnect(facts.imei, secret, facts, key)).toEqual(dev);
    expect(authorizeDeviceConnect(facts.imei, deviceSecret(key, facts.imei, 2), facts, key)).toBeUndefined();
    expect(authorizeDeviceConnect(facts.imei, secret, undefined, key)).toBeUndefined();
    expect(
      authorizeDeviceConnect(facts.imei, secret, { ...facts, stockState: STOCK_STATE.recycled }, key),
    ).toBeUndefined();
    expect(
      authorizeDeviceConnect(facts.imei, secret, { ...facts, stockState: STOCK_STATE.pendingIn }, key),
    ).toBeUndefined();
    expect(authorizeDeviceConnect(facts.imei, secret, { ...facts, stockState: STOCK_STATE.inStock }, key)).toEqual(dev);
    expect(authorizeDeviceConnect('861234567890124', secret, facts, key)).toBeUndefined();
  });

  it('confines a device to its own topics', () => {
    expect(authorizePublish(dev, topics.deviceUp(facts.imei))).toBe(true);
    expect(authorizePublish(dev, topics.deviceClient(facts.imei))).toBe(true);
    expect(authorizePublish(dev, topics.deviceUp('861234567890124'))).toBe(false);
    expect(authorizePublish(dev, topics.deviceServer(facts.imei))).toBe(false);
    expect(authorizePublish(dev, 'acm/notice/web')).toBe(false);
    expect(authorizeSubscribe(dev, topics.deviceServer(facts.imei))).toBe(true);
    for (const t of [
      topics.deviceServer('861234567890124'),
      'sfwatch/+/server',
      'sfwatch/#',
      topics.deviceUp(facts.imei),
      'acm/notice/web',
    ]) {
      expect(authorizeSubscribe(dev, t)).toBe(false);
    }
  });

  it('lets consoles follow client topics of their own tenant only (super: any device)', () => {
    const topic = topics.deviceClient(facts.imei);
    expect(authorizeSubscribe(console2, topic, { tenantId: 2 })).toBe(true);
    expect(authorizeSubscribe(console3, topic, { tenantId: 2 })).toBe(false);
    expect(authorizeSubscribe(console2, topic, undefined)).toBe(false);
    expect(authorizeSubscribe(su, topic, { tenantId: 2 })).toBe(true);
    expect(authorizeSubscribe(su, topic, undefined)).toBe(false);
    expect(authorizeSubscribe(console2, 'sfwatch/+/client', { tenantId: 2 })).toBe(false);
    expect(authorizeSubscribe(console2, 'acm/10/web')).toBe(false);
    expect(authorizePublish(console2, topics.deviceServer(facts.imei))).toBe(false);
  });
});

describe('device ACL on the embedded broker and the HTTP hooks', () => {
  let t: TestApp;
  let url: string;
  let mine: TestDevice;
  let other: TestDevice;
  let foreign: TestDevice;
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ embeddedBroker: true });
    url = `mqtt://127.0.0.1:${await (t.app.broker as EmbeddedBroker).listenTcp(0, '127.0.0.1')}`;
    [mine, other] = (await addDevices(t.app, 2)) as [TestDevice, TestDevice];
    [foreign] = (await addDevices(t.app, 1, { tenantId: await addTenant(t.app, 'Elsewhere') })) as [TestDevice];
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.endAsync(true).catch(() => {})));
  });
  afterAll(() => t?.close());

  const track = (c: MqttClient) => (clients.push(c), c);
  async function granted(client: MqttClient, list: string[]): Promise<number[]> {
    try {
      return (await client.subscribeAsync(list, { qos: 1 })).map((g) => g.qos);
    } catch (err) {
      return (err as { packet: { granted: number[] } }).packet.granted;
    }
  }

  it('refuses unknown IMEIs, wrong secrets, pending and recycled devices at connect', async () => {
    await expect(deviceClient(url, { imei: randomImei(), secret: mine.secret })).rejects.toThrow(
      /bad username or password/i,
    );
    await expect(deviceClient(url, { imei: mine.imei, secret: other.secret })).rejects.toThrow(
      /bad username or password/i,
    );
    const [recycled] = await addDevices(t.app, 1, { stockState: STOCK_STATE.recycled });
    await expect(deviceClient(url, recycled!)).rejects.toThrow(/bad username or password/i);
    const [pending] = await addDevices(t.app, 1, { stockState: STOCK_STATE.pendingIn });
    await expect(deviceClient(url, pending!)).rejects.toThrow(/bad username or password/i);
    track(await deviceClient(url, mine));
  });

  it('lets a device subscribe to its own server topic only, and closes it when it publishes for another IMEI', async () => {
    const c = track(await deviceClient(url, mine));
    expect(await granted(c, [topics.deviceServer(mine.imei), topics.deviceServer(other.imei), 'sfwatch/#'])).toEqual([
      1, 128, 128,
    ]);
    const closed = new Promise<void>((resolve) => c.once('close', () => resolve()));
    c.publish(topics.deviceUp(other.imei), '{"kind":"status"}', { qos: 1 });
    await closed;
  });

  it("lets a console follow its own tenant's device client topic, not another tenant's or another user's channel", async () => {
    const { token, user } = await login(t.app, 'demo', 'demo123');
    const c = track(
      await mqtt.connectAsync(
        url,
        { username: String(user.id), password: token, clientId: `user_${user.id}_t`, reconnectPeriod: 0 },
        false,
      ),
    );
    expect(
      await granted(c, [
        topics.deviceClient(mine.imei),
        topics.deviceClient(foreign.imei),
        topics.userWeb(user.id + 1),
        topics.deviceClient(randomImei()),
      ]),
    ).toEqual([1, 128, 128, 128]);
    const su = await login(t.app, 'admin', 'admin123');
    const s = track(
      await mqtt.connectAsync(
        url,
        { username: String(su.user.id), password: su.token, clientId: `user_${su.user.id}_t`, reconnectPeriod: 0 },
        false,
      ),
    );
    expect(await granted(s, [topics.deviceClient(mine.imei), topics.deviceClient(foreign.imei)])).toEqual([1, 1]);
    // A device's message to consoles reaches the console that may follow it.
    const dev = track(await deviceClient(url, mine));
    const got = new Promise<string>((resolve) => c.once('message', (_t, p) => resolve(p.toString())));
    await dev.publishAsync(topics.deviceClient(mine.imei), '{"code":"5091"}', { qos: 1 });
    expect(await got).toBe('{"code":"5091"}');
  });

  it('answers the external broker hooks for devices the same way', async () => {
    const auth = (body: object) => post(t.app, '/api/mqtt/auth', body, AS_BROKER).then((r) => r.status);
    const acl = (body: object) => post(t.app, '/api/mqtt/acl', body, AS_BROKER).then((r) => r.status);
    const clientid = `dev_${mine.imei}`;
    expect(await auth({ username: mine.imei, password: mine.secret, clientid })).toBe(200);
    expect(await auth({ username: mine.imei, password: other.secret, clientid })).toBe(403);
    expect(await auth({ username: randomImei(), password: mine.secret, clientid })).toBe(403);
    expect(await acl({ username: mine.imei, topic: topics.deviceUp(mine.imei), acc: 2 })).toBe(200);
    expect(await acl({ username: mine.imei, topic: topics.deviceClient(mine.imei), acc: 2 })).toBe(200);
    expect(await acl({ username: mine.imei, topic: topics.deviceUp(other.imei), acc: 2 })).toBe(403);
    expect(await acl({ username: mine.imei, topic: topics.deviceServer(mine.imei), acc: 4 })).toBe(200);
    expect(await acl({ username: mine.imei, topic: topics.deviceServer(mine.imei), acc: 1 })).toBe(200);
    expect(await acl({ username: mine.imei, topic: topics.deviceServer(other.imei), acc: 4 })).toBe(403);
    const elsewhereAdmin = await addUser(t.app, {
      tenant: foreign.tenantId,
      username: `x${Date.now()}`,
      kind: 'admin',
    });
    expect(await acl({ username: String(elsewhereAdmin), topic: topics.deviceClient(foreign.imei), acc: 4 })).toBe(200);
    expect(await acl({ username: String(elsewhereAdmin), topic: topics.deviceClient(mine.imei), acc: 4 })).toBe(403);
  });
});
