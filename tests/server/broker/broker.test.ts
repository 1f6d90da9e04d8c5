import type { AddressInfo } from 'node:net';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { topics } from '../../../src/shared/topics';
import { authorizeConnect, authorizePublish, authorizeSubscribe } from '../../../src/server/broker/acl';
import type { EmbeddedBroker } from '../../../src/server/broker/types';
import { AS_BROKER, buildTestApp, login, post, type TestApp } from '../helper';

let t: TestApp;
let tcpPort: number;
let wsUrl: string;
const clients: MqttClient[] = [];

beforeAll(async () => {
  t = await buildTestApp({ embeddedBroker: true });
  tcpPort = await (t.app.broker as EmbeddedBroker).listenTcp(0, '127.0.0.1');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  wsUrl = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/mqtt`;
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.endAsync(true).catch(() => {})));
});
afterAll(() => t?.close());

/** A console's connection, under a client id of its own user's form. */
function connect(url: string, username: string, password: string): Promise<MqttClient> {
  const clientId = `user_${username}_${Math.random().toString(16).slice(2, 10)}`;
  return mqtt
    .connectAsync(url, { username, password, clientId, reconnectPeriod: 0, connectTimeout: 5_000 }, false)
    .then((c) => {
      clients.push(c);
      return c;
    });
}

function nextMessage(client: MqttClient): Promise<{ topic: string; payload: string }> {
  return new Promise((resolve) =>
    client.once('message', (topic, payload) => resolve({ topic, payload: payload.toString() })),
  );
}

/** Granted QoS per topic; mqtt.js rejects a SUBACK holding a refusal (128), so read it from the error. */
async function granted(client: MqttClient, list: string[]): Promise<number[]> {
  try {
    return (await client.subscribeAsync(list)).map((g) => g.qos);
  } catch (err) {
    return (err as { packet: { granted: number[] } }).packet.granted;
  }
}

const closed = (client: MqttClient) => new Promise<void>((resolve) => client.once('close', () => resolve()));

describe('broker ACL decisions', () => {
  const me = { kind: 'console' as const, userId: 7, tokenHash: 'h', tenantId: 3, superAdmin: false };
  const session = { userId: 7, tokenHash: 'h', tenantId: 3, superAdmin: false };
  it('connects a console only with a live session of the same user id', () => {
    expect(authorizeConnect('7', session)).toEqual(me);
    expect(authorizeConnect('8', session)).toBeUndefined();
    expect(authorizeConnect('7', undefined)).toBeUndefined();
    expect(authorizeConnect('seven', session)).toBeUndefined();
  });
  it('lets a console subscribe to its own channel and the notices only, and publish nowhere', () => {
    expect(authorizeSubscribe(me, 'acm/7/web')).toBe(true);
    expect(authorizeSubscribe(me, 'acm/notice/web')).toBe(true);
    for (const topic of ['acm/8/web', 'acm/+/web', 'acm/#', '#', 'sfwatch/1/up', 'acm/7/web/x']) {
      expect(authorizeSubscribe(me, topic)).toBe(false);
    }
    expect(authorizeSubscribe(undefined, 'acm/notice/web')).toBe(false);
    expect(authorizePublish(me, 'acm/7/web')).toBe(false);
  });
});

describe('embedded broker', () => {
  it("over TCP: a console receives what the service publishes on its topic, and is refused other users' topics", async () => {
    const { token, user } = await login(t.app, 'demo', 'demo123');
    const client = await connect(`mqtt://127.0.0.1:${tcpPort}`, String(user.id), token);
    expect(
      await granted(client, [topics.userWeb(user.id), topics.noticeWeb, topics.userWeb(user.id + 1), 'acm/#']),
    ).toEqual([0, 0, 128, 128]);

    const got = nextMessage(client);
    await t.app.broker.publish(topics.userWeb(user.id), { hello: 'console' });
    expect(await got).toEqual({ topic: topics.userWeb(user.id), payload: '{"hello":"console"}' });
  });

  it('over WebSocket /mqtt on the HTTP port: the same', async () => {
    const { token, user } = await login(t.app, 'demo', 'demo123');
    const client = await connect(wsUrl, String(user.id), token);
    expect(await granted(client, [topics.noticeWeb, topics.userWeb(user.id + 1)])).toEqual([0, 128]);
    const got = nextMessage(client);
    await t.app.broker.publish(topics.noticeWeb, 'maintenance at noon');
    expect((await got).payload).toBe('maintenance at noon');
  });

  it("refuses a revoked token, a garbage token and someone else's id", async () => {
    const { token, user } = await login(t.app, 'demo', 'demo123');
    const url = `mqtt://127.0.0.1:${tcpPort}`;
    await expect(connect(url, String(user.id + 1), token)).rejects.toThrow(/bad username or password/i);
    await expect(connect(url, String(user.id), 'garbage')).rejects.toThrow(/bad username or password/i);
    await post(t.app, '/api/auth/auth/logout', {}, { token });
    await expect(connect(url, String(user.id), token)).rejects.toThrow(/bad username or password/i);
  });

  it('disconnects a console on logout and when it tries to publish', async () => {
    const a = await login(t.app, 'demo', 'demo123');
    const client = await connect(wsUrl, String(a.user.id), a.token);
    const gone = closed(client);
    await post(t.app, '/api/auth/auth/logout', {}, { token: a.token });
    await gone;

    const b = await login(t.app, 'demo', 'demo123');
    const publisher = await connect(`mqtt://127.0.0.1:${tcpPort}`, String(b.user.id), b.token);
    const dropped = closed(publisher);
    publisher.publish(topics.userWeb(b.user.id), 'spoof', { qos: 1 });
    await dropped;
  });

  it("disconnects a user's consoles when an administrator resets their password or disables them", async () => {
    const admin = (await login(t.app, 'demo', 'demo123')).token;
    const added = await post<{ id: number }>(
      t.app,
      '/api/user/user/add',
      { username: 'revoked_console', password: 'secret9', name: 'Revoked', status: 1 },
      { token: admin },
    );
    expect(added.code, added.msg).toBe(0);
    const username = 'revoked_console';
    const url = `mqtt://127.0.0.1:${tcpPort}`;

    let s = await login(t.app, username, 'secret9');
    let client = await connect(url, String(s.user.id), s.token);
    let gone = closed(client);
    const reset = await post(
      t.app,
      '/api/user/user/resetPassword',
      { id: added.data.id, password: 'secret8' },
      { token: admin },
    );
    expect(reset.code, reset.msg).toBe(0);
    await gone;

    s = await login(t.app, username, 'secret8');
    client = await connect(url, String(s.user.id), s.token);
    gone = closed(client);
    const disabled = await post(t.app, '/api/user/user/update', { id: added.data.id, status: 0 }, { token: admin });
    expect(disabled.code, disabled.msg).toBe(0);
    await gone;
    await expect(connect(url, String(s.user.id), s.token)).rejects.toThrow(/bad username or password/i);
  });
});

describe('HTTP auth hooks for external brokers', () => {
  it('answers /api/mqtt/auth with the same decision (200 allow, 403 deny)', async () => {
    const { token, user } = await login(t.app, 'demo', 'demo123');
    const ok = await post(
      t.app,
      '/api/mqtt/auth',
      { username: String(user.id), password: token, clientid: `user_${user.id}_c1` },
      AS_BROKER,
    );
    expect(ok).toMatchObject({ status: 200, ok: true, result: 'allow' } as object);
    const bad = await post(t.app, '/api/mqtt/auth', { username: String(user.id), password: 'nope' }, AS_BROKER);
    expect(bad).toMatchObject({ status: 403, ok: false, result: 'deny' } as object);
    const emqx = await post(
      t.app,
      '/api/mqtt/auth?broker=emqx',
      { username: String(user.id), password: 'nope' },
      AS_BROKER,
    );
    expect(emqx).toMatchObject({ status: 200, result: 'deny' } as object);
    const malformed = await post(t.app, '/api/mqtt/auth', [1, 2, 3], AS_BROKER);
    expect(malformed.status).toBe(403);
  });

  it('answers /api/mqtt/acl for subscribe, read and publish', async () => {
    const { user } = await login(t.app, 'demo', 'demo123');
    const me = String(user.id);
    const acl = (body: object) => post(t.app, '/api/mqtt/acl', body, AS_BROKER).then((r) => r.status);
    expect(await acl({ username: me, topic: `acm/${me}/web`, acc: 4 })).toBe(200);
    expect(await acl({ username: me, topic: `acm/${me}/web`, acc: 1 })).toBe(200);
    expect(await acl({ username: me, topic: 'acm/notice/web', action: 'subscribe' })).toBe(200);
    expect(await acl({ username: me, topic: `acm/${user.id + 1}/web`, acc: 4 })).toBe(403);
    expect(await acl({ username: me, topic: `acm/${me}/web`, acc: 2 })).toBe(403);
    expect(await acl({ username: me, topic: `acm/${me}/web`, action: 'publish' })).toBe(403);
    expect(await acl({ username: 'svc', topic: `acm/${me}/web`, acc: 4 })).toBe(403);
    expect(await acl({ username: '999999', topic: 'acm/999999/web', acc: 4 })).toBe(403);
  });
});
