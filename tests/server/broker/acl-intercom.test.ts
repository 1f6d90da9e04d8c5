/**
 * The intercom's console publish: a console may send the open-door request (5082) to a door unit
 * of its own tenant, in its own name, and nothing else; on the embedded broker (payload checked)
 * and through the external broker's ACL hook (topic only).
 */
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { topics } from '../../../src/shared/topics';
import { authorizeConsolePublish, type Principal } from '../../../src/server/broker/acl';
import type { EmbeddedBroker } from '../../../src/server/broker/types';
import { addTenant } from '../fixtures';
import { AS_BROKER, buildTestApp, login, post, type TestApp } from '../helper';
import { addDevices, deviceClient, type TestDevice } from '../ingest-helper';

const IMEI = '861234567890123';
const open = (o: object = {}) => ({
  payload: Buffer.from(JSON.stringify({ code: '5082', imei: IMEI, userId: 9, ...o })),
  retain: false,
});

describe('console publish decisions (pure)', () => {
  const me: Principal = { kind: 'console', userId: 9, tokenHash: 'h', tenantId: 2, superAdmin: false };
  const su: Principal = { kind: 'console', userId: 1, tokenHash: 'h', tenantId: 1, superAdmin: true };
  const dev: Principal = { kind: 'device', imei: IMEI, deviceId: 5, tenantId: 2 };
  const door = { tenantId: 2, kind: 'doorUnit' };
  const topic = topics.deviceServer(IMEI);

  it("allows a 5082 for its own tenant's door unit in its own name", () => {
    expect(authorizeConsolePublish(me, topic, door)).toBe(true);
    expect(authorizeConsolePublish(me, topic, door, open())).toBe(true);
    expect(authorizeConsolePublish(me, topic, door, open({ code: 5082, userId: '9' }))).toBe(true);
  });

  it('refuses the visitor: a guest login opens no door', () => {
    const guest: Principal = { ...me, readOnly: true } as Principal;
    expect(authorizeConsolePublish(guest, topic, door)).toBe(false);
    expect(authorizeConsolePublish(guest, topic, door, open())).toBe(false);
  });

  it('refuses other tenants, other kinds, unknown devices and other topics', () => {
    expect(authorizeConsolePublish(me, topic, { tenantId: 3, kind: 'doorUnit' })).toBe(false);
    expect(authorizeConsolePublish(me, topic, { tenantId: 2, kind: 'helmet' })).toBe(false);
    expect(authorizeConsolePublish(me, topic, undefined)).toBe(false);
    expect(authorizeConsolePublish(su, topic, { tenantId: 3, kind: 'doorUnit' })).toBe(true);
    for (const other of [
      topics.deviceUp(IMEI),
      topics.deviceClient(IMEI),
      'sfwatch/+/server',
      topics.userWeb(9),
      topics.noticeWeb,
    ]) {
      expect(authorizeConsolePublish(me, other, door), other).toBe(false);
    }
    expect(authorizeConsolePublish(dev, topic, door)).toBe(false);
    expect(authorizeConsolePublish(undefined, topic, door)).toBe(false);
  });

  it('refuses anything but its own unretained open-door request for that door', () => {
    expect(authorizeConsolePublish(me, topic, door, open({ userId: 10 }))).toBe(false);
    expect(authorizeConsolePublish(me, topic, door, open({ imei: '861234567890124' }))).toBe(false);
    expect(authorizeConsolePublish(me, topic, door, open({ code: '5091' }))).toBe(false);
    expect(authorizeConsolePublish(me, topic, door, { ...open(), retain: true })).toBe(false);
    expect(
      authorizeConsolePublish(me, topic, door, {
        payload: Buffer.from('{"kind":"command","id":1,"cmd":"restart","params":{}}'),
        retain: false,
      }),
    ).toBe(false);
    expect(authorizeConsolePublish(me, topic, door, { payload: Buffer.from('not json'), retain: false })).toBe(false);
    expect(
      authorizeConsolePublish(me, topic, door, {
        payload: Buffer.from(JSON.stringify({ code: '5082', imei: IMEI, userId: 9, pad: 'x'.repeat(600) })),
        retain: false,
      }),
    ).toBe(false);
  });
});

describe('console publish on the embedded broker and the HTTP hook', () => {
  let t: TestApp;
  let url: string;
  let door: TestDevice;
  let helmet: TestDevice;
  let foreignDoor: TestDevice;
  const clients: MqttClient[] = [];
  const track = (c: MqttClient) => (clients.push(c), c);

  beforeAll(async () => {
    t = await buildTestApp({ embeddedBroker: true });
    url = `mqtt://127.0.0.1:${await (t.app.broker as EmbeddedBroker).listenTcp(0, '127.0.0.1')}`;
    [door] = (await addDevices(t.app, 1, { kind: 'doorUnit' })) as [TestDevice];
    [helmet] = (await addDevices(t.app, 1)) as [TestDevice];
    [foreignDoor] = (await addDevices(t.app, 1, {
      kind: 'doorUnit',
      tenantId: await addTenant(t.app, 'Elsewhere'),
    })) as [TestDevice];
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.endAsync(true).catch(() => {})));
  });
  afterAll(() => t?.close());

  async function consoleOf(username: string, password: string) {
    const { token, user } = await login(t.app, username, password);
    return {
      id: user.id,
      client: track(
        await mqtt.connectAsync(
          url,
          { username: String(user.id), password: token, clientId: `user_${user.id}_t`, reconnectPeriod: 0 },
          false,
        ),
      ),
    };
  }

  /** What the door unit receives on its command topic within a short while. */
  async function doorReceives(d: TestDevice, act: () => void, ms = 400): Promise<string[]> {
    const dev = track(await deviceClient(url, d));
    await dev.subscribeAsync(topics.deviceServer(d.imei), { qos: 0 });
    const got: string[] = [];
    dev.on('message', (_t, p) => got.push(p.toString()));
    act();
    await new Promise((r) => setTimeout(r, ms));
    return got;
  }

  const closed = (c: MqttClient) =>
    new Promise<void>((resolve) => (c.disconnected || !c.connected ? resolve() : c.once('close', () => resolve())));

  it("delivers a console's open-door request to its tenant's door unit", async () => {
    const me = await consoleOf('demo', 'demo123');
    const body = JSON.stringify({ code: '5082', imei: door.imei, userId: me.id });
    expect(await doorReceives(door, () => me.client.publish(topics.deviceServer(door.imei), body, { qos: 0 }))).toEqual(
      [body],
    );
    expect(me.client.connected).toBe(true);
  });

  it.each([
    [
      "another tenant's door",
      (d: { foreign: TestDevice; door: TestDevice; helmet: TestDevice }, id: number) => [
        d.foreign,
        { code: '5082', imei: d.foreign.imei, userId: id },
        false,
      ],
    ],
    [
      'a helmet (a command, not a door)',
      (d: { foreign: TestDevice; door: TestDevice; helmet: TestDevice }) => [
        d.helmet,
        { kind: 'command', id: 1, cmd: 'restart', params: {} },
        false,
      ],
    ],
    [
      "someone else's name",
      (d: { foreign: TestDevice; door: TestDevice; helmet: TestDevice }, id: number) => [
        d.door,
        { code: '5082', imei: d.door.imei, userId: id + 1 },
        false,
      ],
    ],
    [
      'a retained request',
      (d: { foreign: TestDevice; door: TestDevice; helmet: TestDevice }, id: number) => [
        d.door,
        { code: '5082', imei: d.door.imei, userId: id },
        true,
      ],
    ],
  ] as const)('refuses %s and drops the console', async (_name, make) => {
    const me = await consoleOf('demo', 'demo123');
    const [target, payload, retain] = make({ foreign: foreignDoor, door, helmet }, me.id) as [
      TestDevice,
      object,
      boolean,
    ];
    const gone = closed(me.client);
    const got = await doorReceives(target, () =>
      me.client.publish(topics.deviceServer(target.imei), JSON.stringify(payload), { qos: 0, retain }),
    );
    await gone;
    expect(got).toEqual([]);
  });

  it("lets a super administrator open any door, and never lets a console read another user's channel", async () => {
    const su = await consoleOf('admin', 'admin123');
    const body = JSON.stringify({ code: '5082', imei: foreignDoor.imei, userId: su.id });
    expect(
      await doorReceives(foreignDoor, () => su.client.publish(topics.deviceServer(foreignDoor.imei), body, { qos: 0 })),
    ).toEqual([body]);
    let granted: number[];
    try {
      granted = (await su.client.subscribeAsync([topics.userWeb(su.id + 1), 'acm/+/web'])).map((g) => g.qos);
    } catch (err) {
      granted = (err as { packet: { granted: number[] } }).packet.granted;
    }
    expect(granted).toEqual([128, 128]);
  });

  it("answers the external broker's ACL hook by topic", async () => {
    const { user } = await login(t.app, 'demo', 'demo123');
    const acl = (topic: string, acc: number) =>
      post(t.app, '/api/mqtt/acl', { username: String(user.id), topic, acc }, AS_BROKER).then((r) => r.status);
    expect(await acl(topics.deviceServer(door.imei), 2)).toBe(200);
    expect(await acl(topics.deviceServer(foreignDoor.imei), 2)).toBe(403);
    expect(await acl(topics.deviceServer(helmet.imei), 2)).toBe(403);
    expect(await acl(topics.deviceUp(door.imei), 2)).toBe(403);
    expect(await acl(topics.deviceClient(door.imei), 2)).toBe(403);
    expect(await acl(topics.deviceClient(door.imei), 4)).toBe(200);
    expect(await acl(topics.userWeb(user.id + 1), 4)).toBe(403);
    // Read+write on the server topic: consoles may write it but not read door commands.
    expect(await acl(topics.deviceServer(door.imei), 3)).toBe(403);
    const emqx = await post(
      t.app,
      '/api/mqtt/acl?broker=emqx',
      { username: String(user.id), topic: topics.deviceServer(door.imei), action: 'publish' },
      AS_BROKER,
    );
    expect(emqx).toMatchObject({ status: 200, data: { allow: true } });
  });
});
