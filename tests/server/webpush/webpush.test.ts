/**
 * Web Push to the users' phones (src/server/webpush/, docs/alarms.md "Push to phones"): a local
 * push service on loopback receives the service's requests, checks them as a real one does (the
 * VAPID JWT, TTL, urgency) and decrypts the payload with the subscription's own keys.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_PUSH_KINDS, type PhoneAlarmPush } from '../../../src/shared/alarms/phone-push';
import { pushSubscriptions } from '../../../src/server/db/schema';
import { buildTestApp, login, post, type TestApp } from '../helper';
import { until } from '../ingest-helper';
import { Browser, startLocalPushService, vapidClaims } from './local-push';

describe('web push to phones', () => {
  let t: TestApp;
  let push: Awaited<ReturnType<typeof startLocalPushService>>;
  let origin: string;

  beforeAll(async () => {
    push = await startLocalPushService();
    origin = push.origin;
    t = await buildTestApp({ config: { pushAllowHttp: true } });
  });
  afterAll(async () => {
    await t?.close();
    await push?.close();
  });

  it('refuses an endpoint that is not https unless PUSH_ALLOW_HTTP, and keys of the wrong size', async () => {
    const strict = await buildTestApp({ embeddedBroker: true });
    try {
      const { token } = await login(strict.app, 'demo', 'demo123');
      const res = await post(strict.app, '/api/push/subscription', push.browser().toJSON(), { token });
      expect(res.key).toBe('pushEndpointInvalid');
      const https = new Browser('https://push.example.net/abc').toJSON();
      expect((await post(strict.app, '/api/push/subscription', https, { token })).code).toBe(0);
      const short = { ...https, keys: { ...https.keys, auth: 'AAAA' } };
      expect((await post(strict.app, '/api/push/subscription', short, { token })).code).not.toBe(0);
    } finally {
      await strict.close();
    }
  });

  it("sends an SOS from a demo wearable to the user's subscription: encrypted, signed, urgent, and naming the alarm and the device", async () => {
    const { token } = await login(t.app, 'demo', 'demo123');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/push/vapidPublicKey',
      headers: { authorization: token },
    });
    const key = res.json() as { code: number; data: { publicKey: string } };
    expect(key.code).toBe(0);
    expect(Buffer.from(key.data.publicKey, 'base64url')).toHaveLength(65);
    const phone = push.browser();
    const gone = push.browser(true);
    const ids: number[] = [];
    for (const b of [phone, gone]) {
      const added = await post<{ id: number }>(t.app, '/api/push/subscription', b.toJSON(), { token });
      expect(added.code).toBe(0);
      ids.push(added.data.id);
    }
    const goneId = ids[1]!;
    const mine = await post<{ id: number; service: string; lastDeliveryAt: string | null }[]>(
      t.app,
      '/api/push/subscription/list',
      {},
      { token },
    );
    expect(mine.data.map((s) => s.service)).toEqual([new URL(origin).host, new URL(origin).host]);

    const imei = '860100000000001';
    const sentAt = Date.now();
    push.deliveries.length = 0;
    t.app.ingest.accept(imei, `test/${imei}`, Buffer.from('sos'), { kind: 'alarm', alarm: 'sos' });
    const got = await until(
      () => push.deliveries.find((d) => d.path === new URL(phone.endpoint).pathname),
      10_000,
      'the push',
    );
    if (!got) throw new Error('no push');
    const payload = phone.decrypt(got.body) as PhoneAlarmPush;
    expect(payload).toMatchObject({ v: 1, kind: 'alarm', sos: true, type: 15, tag: `alarm-${payload.alarmId}` });
    expect(payload.device).toBeTruthy();
    expect(got.headers['content-encoding']).toBe('aes128gcm');
    expect(got.headers.urgency).toBe('high');
    expect(Number(got.headers.ttl)).toBeGreaterThan(0);
    const claims = vapidClaims(got.headers.authorization, key.data.publicKey);
    expect(claims.aud).toBe(origin);
    expect(Number(claims.exp) * 1000).toBeGreaterThan(sentAt);
    expect(Number(claims.exp) * 1000).toBeLessThanOrEqual(sentAt + 24 * 3600_000 + 60_000);
    expect(String(claims.sub)).toMatch(/^(mailto:|https:)/);

    // The push service said 410 for the other one: it is gone.
    await until(
      async () => {
        const left = await t.app.db
          .select({ id: pushSubscriptions.id })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.id, goneId));
        return left.length === 0;
      },
      10_000,
      'the 410 subscription removed',
    );
    // The sender records the answers after the last request, removals first: the delivery time
    // of the phone that took it lands a statement later (src/server/webpush/sender.ts `record`).
    const after = await until(
      async () => {
        const list = await post<{ lastDeliveryAt: string | null }[]>(
          t.app,
          '/api/push/subscription/list',
          {},
          { token },
        );
        return list.data[0]?.lastDeliveryAt ? list : undefined;
      },
      10_000,
      'the delivery recorded',
    );
    expect(after.data).toHaveLength(1);
    expect(after.data[0]!.lastDeliveryAt).not.toBeNull();
  });

  it("removes only the caller's own subscription", async () => {
    const demo = await login(t.app, 'demo', 'demo123');
    const phone = push.browser();
    await post(t.app, '/api/push/subscription', phone.toJSON(), { token: demo.token });
    const admin = await login(t.app, 'admin', 'admin123');
    const other = await post<{ removed: number }>(
      t.app,
      '/api/push/subscription/remove',
      { endpoint: phone.endpoint },
      { token: admin.token },
    );
    expect(other.data.removed).toBe(0);
    const own = await post<{ removed: number }>(
      t.app,
      '/api/push/subscription/remove',
      { endpoint: phone.endpoint },
      { token: demo.token },
    );
    expect(own.data.removed).toBe(1);
  });

  it("keeps each user's own push kinds, validated against the contract; a visitor writes none", async () => {
    const get = async (token: string) =>
      (
        await t.app.inject({ method: 'GET', url: '/api/push/preferences', headers: { authorization: token } })
      ).json() as { code: number; data: { kinds: string[]; all: string[]; updatedAt: string | null } };
    const demo = await login(t.app, 'demo', 'demo123');
    const admin = await login(t.app, 'admin', 'admin123');
    // No row yet: every kind.
    const before = await get(demo.token);
    expect(before.code).toBe(0);
    expect(before.data.kinds).toEqual([...PHONE_PUSH_KINDS]);
    expect(before.data.all).toEqual([...PHONE_PUSH_KINDS]);
    expect(before.data.updatedAt).toBeNull();

    const saved = await post<{ kinds: string[] }>(
      t.app,
      '/api/push/preferences',
      { kinds: ['doorCall', 'sos', 'fall'] },
      { token: demo.token },
    );
    expect(saved.code).toBe(0);
    // Kept in the contract's order.
    expect(saved.data.kinds).toEqual(['sos', 'fall', 'doorCall']);
    const after = await get(demo.token);
    expect(after.data.kinds).toEqual(['sos', 'fall', 'doorCall']);
    expect(after.data.updatedAt).not.toBeNull();
    // Another user's are their own.
    expect((await get(admin.token)).data.kinds).toEqual([...PHONE_PUSH_KINDS]);
    // None at all is a choice too (an SOS still reaches staff on duty).
    await post(t.app, '/api/push/preferences', { kinds: [] }, { token: demo.token });
    expect((await get(demo.token)).data.kinds).toEqual([]);

    const unknown = await post(t.app, '/api/push/preferences', { kinds: ['sos', 'weather'] }, { token: demo.token });
    expect(unknown.code).not.toBe(0);
    expect((await get(demo.token)).data.kinds).toEqual([]);

    const visitor = String(
      (await post(t.app, '/api/auth/auth/visitorLogin', { language: 'CN' })).headers.authorization,
    );
    const refused = await post(t.app, '/api/push/preferences', { kinds: ['sos'] }, { token: visitor });
    expect(refused.code).not.toBe(0);
    // Reading is allowed: the visitor sees the default.
    expect((await get(visitor)).data.kinds).toEqual([...PHONE_PUSH_KINDS]);
  });
});
