import { createHmac } from 'node:crypto';
import { ALARM_HANDLE } from '../../shared/alarms/types';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../server/db/schema';
import { integrationOutbox, OUTBOX_STATE } from '../../server/db/tables';
import { Outbox, BACKOFF_MS, KEEP_PER_TARGET, LEASE_MS } from '../../server/integrations/outbox';
import { INTEGRATION_EVENT_TYPES, type TargetKind, type Transport } from '../../server/integrations/target';
import { buildTestApp, login, post, type TestApp } from '../../../tests/server/helper';
import { addDevices, tenantIdOf } from '../../../tests/server/ingest-helper';
import { integrationKey, seal } from '../../server/integrations/secret-box';
import { alarmsOf, send } from '../../../tests/server/alarms-helper';
import { tenantWithAdmin } from '../../../tests/server/org-helper';
import { Receiver } from '../../../tests/server/webhook-receiver';
import { WEBHOOK_EVENT_TABLE } from './resource';
import { webhooks } from './table';
import { webhookKind, WebhookTransport, type WebhookTarget } from './target';

const SECRET = 'whsec-test-0123456789abcdef';
const BASE = '/api/integration/webhook';

let t: TestApp;
let demo: string;
let rx: Receiver;
beforeAll(async () => {
  t = await buildTestApp();
  // The SOS of these tests escalate on the test clock: their voice calls and mails are recorded,
  // not rendered (on PostgreSQL the local providers would write files).
  Object.assign(t.app.voiceCalls, { name: 'recording', call: async () => {} });
  Object.assign(t.app.email, { name: 'recording', send: async () => {} });
  demo = (await login(t.app, 'demo', 'demo123')).token;
  rx = await Receiver.start();
});
afterAll(async () => {
  await t?.close();
  await rx?.close();
});

/** A webhook of the demo site on the receiver (a path of its own so its requests are told apart). */
async function addHook(events: string[], extra: Record<string, unknown> = {}): Promise<{ id: number; path: string }> {
  const path = `/hook-${Math.random().toString(36).slice(2)}`;
  const res = await post<{ id: number }>(
    t.app,
    `${BASE}/add`,
    { name: `hook ${path}`, url: `${rx.url}${path}`, events, secret: SECRET, ...extra },
    { token: demo },
  );
  expect(res.code, res.msg).toBe(0);
  return { id: res.data.id, path };
}

const at = (path: string) => rx.received.filter((r) => r.path === path);
const rowsOf = (id: number) =>
  t.app.db
    .select()
    .from(integrationOutbox)
    .where(and(eq(integrationOutbox.targetKind, 'webhook'), eq(integrationOutbox.targetId, id)))
    .orderBy(asc(integrationOutbox.id));

/** An SOS of a new helmet of the demo site, stored and raised. */
async function sos(): Promise<{ alarmId: number; deviceId: number; imei: string }> {
  const [d] = await addDevices(t.app, 1, { kind: 'helmet' });
  await send(t.app, d!.imei, { kind: 'alarm', alarm: 'sos', ts: t.clock.now() });
  const [alarm] = await alarmsOf(t.app, d!.id);
  return { alarmId: alarm!.id, deviceId: d!.id, imei: d!.imei };
}

/** A test event through the route; the receiver answers from its script. */
const testEvent = (id: number, token = demo) =>
  post<{ ok: boolean; status: number | null; excerpt: string | null }>(t.app, `${BASE}/test`, { id }, { token });

describe('webhook endpoints', () => {
  it('offers every integration event type but test', () => {
    expect(WEBHOOK_EVENT_TABLE.map((e) => e.value)).toEqual(INTEGRATION_EVENT_TYPES.filter((e) => e !== 'test'));
  });

  it('never answers the secret: it is stored sealed and listed by its last characters', async () => {
    const { id } = await addHook(['alarm.raised']);
    const got = await post<Record<string, unknown>>(t.app, `${BASE}/get`, { id }, { token: demo });
    expect(got.data).not.toHaveProperty('secret');
    expect(got.data.secretHint).toBe(`••••${SECRET.slice(-4)}`);
    expect(got.data.events).toEqual(['alarm.raised']);
    const listed = await post<{ rows: Record<string, unknown>[] }>(t.app, `${BASE}/list`, {}, { token: demo });
    expect(JSON.stringify(listed.data)).not.toContain(SECRET);
    const [row] = await t.app.db.select().from(webhooks).where(eq(webhooks.id, id));
    expect(row!.secret).toMatch(/^v1:/);
    expect(row!.secret).not.toContain(SECRET);
  });

  it('refuses other schemes, credentials in the URL and unknown event types', async () => {
    for (const url of ['ftp://example.com/x', 'http://user:pw@example.com/x', 'not a url']) {
      const res = await post(
        t.app,
        `${BASE}/add`,
        { name: 'x', url, events: ['alarm.raised'], secret: SECRET },
        { token: demo },
      );
      expect(res.key, url).toBe('webhookUrlInvalid');
    }
    const bad = await post(
      t.app,
      `${BASE}/add`,
      { name: 'x', url: rx.url, events: ['test'], secret: SECRET },
      { token: demo },
    );
    expect(bad.code).toBe(400);
    expect(bad.key).toBe('mustChooseOne');
  });
});

describe('delivery', () => {
  it('an SOS reaches the receiver signed, with the event id as idempotency key, without a poll', async () => {
    const { path } = await addHook(['alarm.raised']);
    const { alarmId, imei, deviceId } = await sos();
    // No drain: the write wakes the dispatcher (the poll is off in the test mode).
    const [req] = await until(() => at(path));
    const body = JSON.parse(req!.body) as {
      id: string;
      version: number;
      type: string;
      tenantId: number;
      data: Record<string, unknown>;
    };
    expect(body).toMatchObject({ id: `alarm.raised:${alarmId}`, version: 1, type: 'alarm.raised' });
    expect(body.data).toMatchObject({ alarmId, imei, deviceId, alarmTypeKey: 'sos' });
    expect(req!.headers['x-idempotency-key']).toBe(body.id);
    expect(req!.headers['x-event-type']).toBe('alarm.raised');
    expect(req!.headers['x-timestamp']).toBe(String(Math.floor(t.clock.now() / 1000)));
    expect(req!.headers['user-agent']).toMatch(/^SafetyConsole-Webhook\//);
    const expected = `sha256=${createHmac('sha256', SECRET).update(req!.body).digest('hex')}`;
    expect(req!.headers['x-signature']).toBe(expected);
    const wrong = `sha256=${createHmac('sha256', 'another secret').update(req!.body).digest('hex')}`;
    expect(req!.headers['x-signature']).not.toBe(wrong);
  });

  it('5xx then 200: retried after the backoff and delivered once', async () => {
    const { id, path } = await addHook(['alarm.raised']);
    rx.answer(path, { status: 503 });
    await sos();
    await t.app.outbox.drain();
    expect(at(path).map((r) => r.headers['x-idempotency-key'])).toHaveLength(1);
    const [first] = await rowsOf(id);
    expect(first).toMatchObject({ state: OUTBOX_STATE.pending, attempts: 1, lastStatus: 503 });
    // Not due before its backoff.
    t.clock.advance(BACKOFF_MS[0] - 1_000);
    await t.app.outbox.drain();
    expect(at(path)).toHaveLength(1);
    t.clock.advance(1_000);
    await t.app.outbox.drain();
    expect(at(path)).toHaveLength(2);
    const [done] = await rowsOf(id);
    expect(done).toMatchObject({ state: OUTBOX_STATE.delivered, attempts: 2, lastStatus: 200 });
    expect(new Set(at(path).map((r) => r.headers['x-idempotency-key'])).size).toBe(1);
    t.clock.advance(3_600_000);
    await t.app.outbox.drain();
    expect(at(path)).toHaveLength(2);
  });

  it('400 is final: not retried; 429 and 408 are retried', async () => {
    const { id, path } = await addHook(['alarm.raised']);
    rx.answer(path, { status: 400, body: 'bad event' });
    await sos();
    await t.app.outbox.drain();
    t.clock.advance(3_600_000);
    await t.app.outbox.drain();
    expect(at(path)).toHaveLength(1);
    const [row] = await rowsOf(id);
    expect(row).toMatchObject({ state: OUTBOX_STATE.failed, attempts: 1, lastStatus: 400, lastExcerpt: 'bad event' });

    const other = await addHook(['alarm.raised']);
    rx.answer(other.path, { status: 429 }, { status: 408 });
    await sos();
    await t.app.outbox.drain();
    t.clock.advance(BACKOFF_MS[0]);
    await t.app.outbox.drain();
    t.clock.advance(BACKOFF_MS[1]);
    await t.app.outbox.drain();
    expect(at(other.path)).toHaveLength(3);
    const [retried] = await rowsOf(other.id);
    expect(retried).toMatchObject({ state: OUTBOX_STATE.delivered, attempts: 3 });
  });

  it('a redirect is not followed: a final failure that shows where it pointed', async () => {
    const { id, path } = await addHook(['alarm.raised']);
    rx.answer(path, { status: 302, headers: { location: `${rx.url}/elsewhere` } });
    await sos();
    await t.app.outbox.drain();
    t.clock.advance(3_600_000);
    await t.app.outbox.drain();
    expect(at(path)).toHaveLength(1);
    expect(at('/elsewhere')).toHaveLength(0);
    const [row] = await rowsOf(id);
    expect(row).toMatchObject({ state: OUTBOX_STATE.failed, lastStatus: 302 });
    expect(row!.lastExcerpt).toContain('redirect not followed');
  });

  it('fails after 24 h of retries', async () => {
    const { id, path } = await addHook(['alarm.raised']);
    rx.answer(path, ...Array.from({ length: 50 }, () => ({ status: 500 })));
    await sos();
    await t.app.outbox.drain();
    for (let i = 0; i < 30; i++) {
      t.clock.advance(BACKOFF_MS.at(-1)!);
      await t.app.outbox.drain();
    }
    const [row] = await rowsOf(id);
    expect(row!.state).toBe(OUTBOX_STATE.failed);
    // 10 s, 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, then every 4 h up to 24 h.
    expect(at(path).length).toBeGreaterThan(6);
    expect(at(path).length).toBeLessThan(14);
    rx.reset();
  });

  it('sends one position per device every positionEverySec, naming the device as it is named now', async () => {
    const { path } = await addHook(['device.position'], { positionEverySec: 60 });
    const [d] = await addDevices(t.app, 1, { kind: 'helmet' });
    await t.app.db.update(devices).set({ name: 'Helmet 7, crane B' }).where(eq(devices.id, d!.id));
    const start = t.clock.now();
    for (const s of [0, 10, 30, 61, 70, 125]) {
      await send(t.app, d!.imei, { kind: 'location', lat: 31.2 + s / 1e4, lon: 121.4, ts: start + s * 1000 });
    }
    await t.app.outbox.drain();
    const sent = at(path).map((r) => (JSON.parse(r.body) as { data: { fixedAt: string; deviceName: unknown } }).data);
    expect(sent.map((p) => p.fixedAt)).toEqual([0, 61, 125].map((s) => new Date(start + s * 1000).toISOString()));
    expect(sent.map((p) => p.deviceName)).toEqual(['Helmet 7, crane B', 'Helmet 7, crane B', 'Helmet 7, crane B']);
  });

  it('acknowledged, handled and escalated alarms reach the endpoints that want them', async () => {
    const { path } = await addHook(['alarm.acknowledged', 'alarm.escalated', 'alarm.handled']);
    const raisedAt = t.clock.now();
    const { alarmId } = await sos();
    await t.app.escalation.drain();
    t.clock.advance(raisedAt + 15_000 - t.clock.now());
    await t.app.escalation.drain();
    const ack = await post(t.app, '/api/device/alarm/ack', { ids: [alarmId] }, { token: demo });
    expect(ack.code, ack.msg).toBe(0);
    const handled = await post(
      t.app,
      '/api/device/alarm/handle',
      { ids: [alarmId], state: ALARM_HANDLE.handled },
      { token: demo },
    );
    expect(handled.code, handled.msg).toBe(0);
    await t.app.outbox.drain();
    // Earlier tests' alarms escalate on this clock too: this alarm's events only.
    const mine = rx.bodies().filter((b, i) => rx.received[i]!.path === path && b.data.alarmId === alarmId);
    // Handling acknowledges too; the acknowledgement was sent already (one event id, one delivery).
    // Deliveries run in parallel, so they may arrive in any order (docs/integrations.md "Ordering").
    expect(mine.map((b) => b.type).sort()).toEqual(['alarm.acknowledged', 'alarm.escalated', 'alarm.handled']);
    const of = (type: string) => mine.find((b) => b.type === type)!;
    expect(of('alarm.handled').data).toMatchObject({ alarmId, handleState: ALARM_HANDLE.handled });
    expect(of('alarm.escalated').id).toMatch(new RegExp(`^alarm\\.escalated:${alarmId}:`));
    // The demo SOS policy's two 15 s steps fire together.
    expect(of('alarm.escalated').data.steps).toEqual([1, 2]);
    expect(of('alarm.acknowledged').data).toMatchObject({ alarmId, acknowledgedBy: expect.any(String) });
  });

  it('keeps the last 1,000 deliveries of an endpoint', async () => {
    const { id } = await addHook(['door.call']);
    const [tenant] = await t.app.db.select({ tenantId: webhooks.tenantId }).from(webhooks).where(eq(webhooks.id, id));
    const now = new Date(t.clock.now());
    const rows = Array.from({ length: KEEP_PER_TARGET + 5 }, (_, i) => ({
      tenantId: tenant!.tenantId,
      targetKind: 'webhook',
      targetId: id,
      eventId: `e${i}`,
      eventType: 'door.call',
      payload: {
        id: `e${i}`,
        version: 1 as const,
        type: 'door.call' as const,
        tenantId: tenant!.tenantId,
        occurredAt: now.toISOString(),
        data: {},
      },
      state: OUTBOX_STATE.delivered,
      nextAt: now,
      retryUntil: now,
      createdAt: now,
    }));
    for (let i = 0; i < rows.length; i += 500) await t.app.db.insert(integrationOutbox).values(rows.slice(i, i + 500));
    await t.app.outbox.prune('webhook', id, true);
    const left = await rowsOf(id);
    expect(left).toHaveLength(KEEP_PER_TARGET);
    expect(left[0]!.eventId).toBe('e5');
  });
});

/** The app's webhook kind over its database, with a transport of the test's choosing. */
function kindWith(transport: Transport<WebhookTarget>): TargetKind<unknown> {
  return webhookKind({ db: t.app.db, clock: t.clock, transport }) as TargetKind<unknown>;
}
const realTransport = () => new WebhookTransport({ allowPrivate: true, userAgent: 'test', clock: t.clock });
const outboxWith = (transport: Transport<WebhookTarget>) =>
  new Outbox({ db: t.app.db, clock: t.clock, log: t.app.log, kinds: [kindWith(transport)] });

describe('restarts and replicas', () => {
  it('a restart between two attempts neither loses nor repeats the delivery', async () => {
    const { id, path } = await addHook(['alarm.raised']);
    rx.answer(path, { status: 500 });
    await sos();
    await t.app.outbox.drain();
    expect(at(path)).toHaveLength(1);
    // The process that made the first attempt is gone; another starts on the same database.
    const next = outboxWith(realTransport());
    t.clock.advance(BACKOFF_MS[0]);
    await next.drain();
    await next.drain();
    await t.app.outbox.drain();
    await next.close();
    expect(at(path)).toHaveLength(2);
    expect(at(path)[1]!.headers['x-idempotency-key']).toBe(at(path)[0]!.headers['x-idempotency-key']);
    const [row] = await rowsOf(id);
    expect(row).toMatchObject({ state: OUTBOX_STATE.delivered, attempts: 2 });
  });

  it('a dispatcher that dies mid-delivery: its claim comes back after the lease, to another', async () => {
    const { id, path } = await addHook(['door.call']);
    const [unit] = await addDevices(t.app, 1, { kind: 'doorUnit' });
    // The dying one never answers: its requests hang like a process killed while sending.
    const hung: Transport<WebhookTarget> = { deliver: () => new Promise(() => {}), close: async () => {} };
    const dying = outboxWith(hung);
    const [tenant] = await t.app.db.select({ tenantId: webhooks.tenantId }).from(webhooks).where(eq(webhooks.id, id));
    dying.publish({
      event: {
        id: `door.call:${unit!.id}:1`,
        version: 1,
        type: 'door.call',
        tenantId: tenant!.tenantId,
        occurredAt: new Date(t.clock.now()).toISOString(),
        data: {},
      },
    });
    await until(async () => (await rowsOf(id)).length === 1);
    await until(async () => (await rowsOf(id))[0]!.nextAt.getTime() > t.clock.now());
    const other = outboxWith(realTransport());
    await other.drain();
    expect(at(path)).toHaveLength(0);
    t.clock.advance(LEASE_MS);
    await other.drain();
    expect(at(path)).toHaveLength(1);
    expect((await rowsOf(id))[0]).toMatchObject({ state: OUTBOX_STATE.delivered });
    await other.close();
  });

  it('two dispatchers on one database deliver each event once', async () => {
    const { id, path } = await addHook(['door.call']);
    const [tenant] = await t.app.db.select({ tenantId: webhooks.tenantId }).from(webhooks).where(eq(webhooks.id, id));
    const a = outboxWith(realTransport());
    const b = outboxWith(realTransport());
    for (let i = 0; i < 40; i++)
      (i % 2 ? a : b).publish({
        event: {
          id: `door.call:two:${i}`,
          version: 1,
          type: 'door.call',
          tenantId: tenant!.tenantId,
          occurredAt: new Date(t.clock.now()).toISOString(),
          data: { i },
        },
      });
    // The same events published by both (a retry of the source, a second replica): one row each.
    for (let i = 0; i < 40; i++)
      (i % 2 ? b : a).publish({
        event: {
          id: `door.call:two:${i}`,
          version: 1,
          type: 'door.call',
          tenantId: tenant!.tenantId,
          occurredAt: new Date(t.clock.now()).toISOString(),
          data: { i },
        },
      });
    await Promise.all([a.drain(), b.drain()]);
    await Promise.all([a.drain(), b.drain()]);
    const keys = at(path).map((r) => r.headers['x-idempotency-key']);
    expect(keys).toHaveLength(40);
    expect(new Set(keys).size).toBe(40);
    await Promise.all([a.close(), b.close()]);
  });
});

describe('tenants', () => {
  it('another company cannot see, test or read the deliveries of my webhook', async () => {
    const { id } = await addHook(['alarm.raised']);
    const other = await tenantWithAdmin(t.app, 'Hooks Other Co', 'hooksother');
    const listed = await post<{ rows: { id: number }[] }>(t.app, `${BASE}/list`, {}, { token: other.token });
    expect(listed.data.rows.map((r) => r.id)).not.toContain(id);
    expect((await post(t.app, `${BASE}/get`, { id }, { token: other.token })).code).not.toBe(0);
    const before = rx.received.length;
    const tested = await testEvent(id, other.token);
    expect(tested.key).toBe('notFound');
    expect((await post(t.app, `${BASE}/deliveries`, { id }, { token: other.token })).key).toBe('notFound');
    expect((await post(t.app, `${BASE}/sendAgain`, { id, deliveryId: 1 }, { token: other.token })).key).toBe(
      'notFound',
    );
    expect(rx.received.length).toBe(before);
  });

  it('test event and send again answer the outcome; the deliveries list shows them', async () => {
    const { id, path } = await addHook(['alarm.raised']);
    rx.answer(path, { status: 500, body: 'down' });
    const tested = await testEvent(id);
    expect(tested.data).toMatchObject({ ok: false, status: 500, excerpt: 'down' });
    const list = await post<{ total: number; rows: { id: number; eventType: string; status: number }[] }>(
      t.app,
      `${BASE}/deliveries`,
      { id },
      { token: demo },
    );
    expect(list.data.total).toBe(1);
    expect(list.data.rows[0]).toMatchObject({ eventType: 'test', status: 500 });
    const again = await post<{ ok: boolean; status: number }>(
      t.app,
      `${BASE}/sendAgain`,
      { id, deliveryId: list.data.rows[0]!.id },
      { token: demo },
    );
    expect(again.data).toMatchObject({ ok: true, status: 200 });
    expect(at(path)).toHaveLength(2);
  });
});

describe('server-side request forgery (WEBHOOK_ALLOW_PRIVATE=false)', () => {
  let strict: TestApp;
  let token: string;
  beforeAll(async () => {
    strict = await buildTestApp({ config: { webhookAllowPrivate: false } });
    token = (await login(strict.app, 'demo', 'demo123')).token;
  });
  afterAll(() => strict?.close());

  it('refuses private, loopback, link-local and unspecified addresses and names that resolve to them at add', async () => {
    for (const url of [
      'http://127.0.0.1:8080/x',
      'http://10.1.2.3/x',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/x',
      'http://[::ffff:127.0.0.1]/x',
      'http://0.0.0.0/x',
      'http://localhost/x',
      'https://192.168.1.10/x',
    ]) {
      const res = await post(
        strict.app,
        `${BASE}/add`,
        { name: 'x', url, events: ['alarm.raised'], secret: SECRET },
        { token },
      );
      expect(res.key, url).toBe('webhookUrlPrivate');
    }
  });

  it('refuses them at delivery too (a row written before, DNS rebinding): nothing reaches the receiver', async () => {
    // Rows written past the add's check: a name that pointed elsewhere when it was added.
    const tenantId = await tenantIdOf(strict.app, 'Demo Site');
    const sealed = seal(await integrationKey(strict.app.db), SECRET);
    const before = rx.received.length;
    const port = new URL(rx.url).port;
    for (const host of ['127.0.0.1', 'localhost']) {
      const [w] = await strict.app.db
        .insert(webhooks)
        .values({
          tenantId,
          name: host,
          url: `http://${host}:${port}/rebound`,
          events: ['alarm.raised'],
          secret: sealed,
          secretHint: '••••',
        })
        .returning({ id: webhooks.id });
      const res = await post<{ ok: boolean; excerpt: string }>(strict.app, `${BASE}/test`, { id: w!.id }, { token });
      expect(res.data.ok, host).toBe(false);
      expect(res.data.excerpt, host).toMatch(/refused: .* private, loopback or link-local/);
    }
    expect(rx.received.length).toBe(before);
  });
});

async function until<T>(check: () => Promise<T> | T, ms = 5_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (Array.isArray(v) ? v.length : v) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}
