import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AS_BROKER, BROKER_HOOK_SECRET, buildTestApp, login, post, type TestApp } from '../helper';

/** The broker HTTP hooks answer only the broker: the shared secret, compared before the body is read. */
describe('broker HTTP hooks: shared secret', () => {
  let t: TestApp;
  let off: TestApp;
  let creds: { username: string; password: string; clientid: string };
  let ownTopic: { username: string; topic: string; acc: number };

  beforeAll(async () => {
    [t, off] = await Promise.all([
      buildTestApp({ embeddedBroker: true }),
      buildTestApp({ embeddedBroker: true, config: { mqttHttpSecret: undefined } }),
    ]);
    const { token, user } = await login(t.app, 'demo', 'demo123');
    creds = { username: String(user.id), password: token, clientid: `user_${user.id}_hook` };
    ownTopic = { username: String(user.id), topic: `acm/${user.id}/web`, acc: 4 };
  });
  afterAll(async () => {
    await Promise.all([t?.close(), off?.close()]);
  });

  it('allows a right question asked with the right secret, as Bearer or as mosquitto-go-auth User-Agent', async () => {
    expect(await post(t.app, '/api/mqtt/auth', creds, AS_BROKER)).toMatchObject({
      status: 200,
      result: 'allow',
    } as object);
    expect(await post(t.app, '/api/mqtt/acl', ownTopic, AS_BROKER)).toMatchObject({
      status: 200,
      result: 'allow',
    } as object);
    const ua = await t.app.inject({
      method: 'POST',
      url: '/api/mqtt/acl',
      payload: ownTopic,
      headers: { 'user-agent': BROKER_HOOK_SECRET },
    });
    expect(ua.statusCode).toBe(200);
  });

  it('refuses without the secret, or with a wrong one, even a question that would be allowed', async () => {
    for (const url of ['/api/mqtt/auth', '/api/mqtt/acl']) {
      const body = url.endsWith('auth') ? creds : ownTopic;
      expect(await post(t.app, url, body)).toMatchObject({ status: 401, result: 'deny', ok: false } as object);
      expect((await post(t.app, url, body, { token: 'Bearer wrong-secret-wrong-secret' })).status).toBe(401);
      expect((await post(t.app, url, body, { token: `Bearer ${BROKER_HOOK_SECRET}x` })).status).toBe(401);
      expect((await post(t.app, url, body, { token: BROKER_HOOK_SECRET })).status).toBe(401); // no "Bearer"
      const ua = await t.app.inject({ method: 'POST', url, payload: body, headers: { 'user-agent': 'mosquitto-2.0' } });
      expect(ua.statusCode).toBe(401);
    }
    // EMQX 5 reads any 4xx as "ignore": a wrong secret is still an explicit deny for it.
    expect(await post(t.app, '/api/mqtt/auth?broker=emqx', creds)).toMatchObject({
      status: 200,
      result: 'deny',
    } as object);
    // The secret is checked before the body: a malformed body without it is 401, not a 403 "bad request".
    expect((await post(t.app, '/api/mqtt/acl', [1, 2, 3])).status).toBe(401);
  });

  it('answers 404 (deny) to everyone while MQTT_HTTP_SECRET is not set', async () => {
    const { token, user } = await login(off.app, 'demo', 'demo123');
    const ownCreds = { username: String(user.id), password: token, clientid: `user_${user.id}_hook` };
    expect(await post(off.app, '/api/mqtt/auth', ownCreds, AS_BROKER)).toMatchObject({
      status: 404,
      result: 'deny',
    } as object);
    expect((await post(off.app, '/api/mqtt/acl', { ...ownTopic, username: String(user.id) }, AS_BROKER)).status).toBe(
      404,
    );
    expect((await post(off.app, '/api/mqtt/acl', ownTopic)).status).toBe(404);
    expect(await post(off.app, '/api/mqtt/acl?broker=emqx', ownTopic, AS_BROKER)).toMatchObject({
      status: 200,
      result: 'deny',
    } as object);
  });
});
