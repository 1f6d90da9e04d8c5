import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { connect, type ChannelModel } from 'amqplib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../src/server/db/schema';
import { forwardTargetKind, loadForwardTarget } from '../../../src/server/integrations/forward';
import { alarmsOf, send } from '../../server/alarms-helper';
import { addTenant, addUser, tenantId } from '../../server/fixtures';
import { addDevices } from '../../server/ingest-helper';
import { buildTestApp, login, post, type TestApp } from '../../server/helper';
import { forwardTargets } from '../../../src/entities/forward-target/table';

/**
 * Forwarding targets (docs/integrations.md "Forwarding to a broker"): the platform's super
 * administrators alone add, list and test them; the URL's password is stored apart, answered and
 * audited masked, and never logged. The test connection publishes to the machine's RabbitMQ
 * (127.0.0.1:5672, guest/guest), which CI runs as a service.
 */
const AMQP_URL = process.env.FORWARD_TEST_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
const RUN = randomBytes(4).toString('hex');
const EXCHANGE = `console.events.entity-${RUN}`;
const SECRET = 'Pa55-w0rd-never-shown';
const API = '/api/integration/forwardTarget';

let t: TestApp;
let su: string;
let demoAdmin: string;
let otherAdmin: string;
let demoTenant: number;
let otherTenant: number;
let logged = '';
let rabbit: ChannelModel;

interface Target {
  id: number;
  url: string;
  tenantId: number;
  events: string[];
  exchange: string;
  routingKey: string;
  [k: string]: unknown;
}

const api = <T = unknown>(action: string, body: unknown, token = su) =>
  post<T>(t.app, `${API}/${action}`, body, { token });

beforeAll(async () => {
  try {
    rabbit = await connect(AMQP_URL, { timeout: 5_000 });
  } catch (err) {
    throw new Error(
      `RabbitMQ is not reachable at 127.0.0.1:5672 (${(err as Error).message}): the forwarding tests need it (CI runs it as a service)`,
    );
  }
  const stream = new Writable({
    write(chunk, _enc, next) {
      logged += String(chunk);
      next();
    },
  });
  t = await buildTestApp({ logger: { level: 'trace', stream } });
  // The SOS below escalates on the test clock: its voice calls and mails are recorded, not rendered.
  Object.assign(t.app.voiceCalls, { name: 'recording', call: async () => {} });
  Object.assign(t.app.email, { name: 'recording', send: async () => {} });
  su = (await login(t.app, 'admin', 'admin123')).token;
  demoAdmin = (await login(t.app, 'demo', 'demo123')).token;
  demoTenant = await tenantId(t.app, 'Demo Site');
  otherTenant = await addTenant(t.app, 'Other Forwarding Co');
  await addUser(t.app, { tenant: otherTenant, username: 'otherfwdadmin', kind: 'admin' });
  otherAdmin = (await login(t.app, 'otherfwdadmin', 'secret1')).token;
}, 300_000);

afterAll(async () => {
  await t?.close();
  const ch = await rabbit?.createChannel();
  await ch?.deleteExchange(EXCHANGE).catch(() => {});
  await rabbit?.close().catch(() => {});
});

describe('forwarding targets', () => {
  it('are added by the super administrator for a tenant, with the defaults, and the password masked everywhere', async () => {
    const added = await api<Target>('add', {
      name: 'Dispatch RabbitMQ',
      tenantId: demoTenant,
      kind: 'amqp',
      url: `amqp://forwarder:${SECRET}@rabbit.example:5672/site`,
      events: ['alarm.raised', 'device.position'],
    });
    expect(added.code, added.key).toBe(0);
    expect(added.data).toMatchObject({
      tenantId: demoTenant,
      url: 'amqp://forwarder:***@rabbit.example:5672/site',
      exchange: 'console.events',
      routingKey: '{tenantId}.{type}',
      topicPrefix: 'console/{tenantId}/',
      events: ['alarm.raised', 'device.position'],
      positionEverySec: 0,
      enabled: true,
    });
    const id = added.data.id;
    const listed = await api<{ rows: Target[] }>('list', { keyword: 'Dispatch' });
    const got = await api<Target>('get', { id });
    for (const answer of [listed, got]) expect(JSON.stringify(answer.data)).not.toContain(SECRET);
    expect(listed.data.rows.map((r) => r.url)).toEqual(['amqp://forwarder:***@rabbit.example:5672/site']);
    expect(got.data).not.toHaveProperty('secret');
    const [row] = await t.app.db.select().from(forwardTargets).where(eq(forwardTargets.id, id));
    expect(row!.secret).toBe(SECRET);

    // The form sends back the masked URL: the password stays; a new one replaces it.
    await api('update', { id, url: 'amqp://forwarder:***@rabbit.example:5672/site', positionEverySec: 10 });
    expect(await loadForwardTarget(t.app.db, id)).toMatchObject({
      url: `amqp://forwarder:${SECRET}@rabbit.example:5672/site`,
    });
    await api('update', { id, url: 'amqp://forwarder:n3w-pw@rabbit.example:5672/site' });
    expect(await loadForwardTarget(t.app.db, id)).toMatchObject({
      url: 'amqp://forwarder:n3w-pw@rabbit.example:5672/site',
    });

    // The audit log keeps what the list shows, not the password.
    await new Promise((r) => setTimeout(r, 400));
    const audited = await t.app.db.select().from(auditLog).where(eq(auditLog.resource, 'integration/forwardTarget'));
    expect(audited.length).toBeGreaterThanOrEqual(3);
    for (const a of audited) expect(JSON.stringify([a.before, a.after])).not.toMatch(/Pa55|n3w-pw/);
    expect(logged).not.toContain(SECRET);
    expect(logged).not.toContain('n3w-pw');
  });

  it('refuses a URL of another scheme than its kind, and an empty event list', async () => {
    const base = { name: 'x', tenantId: demoTenant, events: ['alarm.raised'] };
    expect((await api('add', { ...base, kind: 'mqtt', url: 'amqp://h:5672' })).key).toBe('forwardUrlInvalid');
    expect((await api('add', { ...base, kind: 'amqp', url: 'http://h' })).key).toBe('forwardUrlInvalid');
    expect((await api('add', { ...base, kind: 'amqp', url: 'amqp://h', events: [] })).key).toBe('required');
    expect((await api('add', { ...base, kind: 'amqp', url: 'amqp://h', events: ['test'] })).key).toBe('mustChooseOne');
    const mqttTarget = await api('add', { ...base, kind: 'mqtt', url: 'mqtts://broker.example:8883' });
    expect(mqttTarget.code, mqttTarget.key).toBe(0);
  });

  it('are neither read nor written by a tenant administrator, not even of their own tenant', async () => {
    const own = await api<Target>('add', {
      name: 'Own',
      tenantId: demoTenant,
      kind: 'mqtt',
      url: `mqtt://u:${SECRET}@127.0.0.1:1883`,
      events: ['alarm.raised'],
    });
    const id = own.data.id;
    for (const token of [demoAdmin, otherAdmin]) {
      const listed = await api('list', {}, token);
      expect([listed.status, listed.code, listed.key]).toEqual([200, 403, 'noPermission']);
      expect(JSON.stringify(listed.data ?? null)).not.toContain('Own');
      expect((await api('get', { id }, token)).key).toBe('notFound');
      const add = { name: 'Mine', tenantId: demoTenant, kind: 'amqp', url: 'amqp://h', events: ['alarm.raised'] };
      expect((await api('add', add, token)).key).toBe('noPermission');
      expect((await api('update', { id, name: 'Renamed' }, token)).key).toBe('noPermission');
      expect((await api('delete', { ids: [id] }, token)).key).toBe('noPermission');
      expect((await api('test', { id }, token)).key).toBe('noPermission');
    }
    const [row] = await t.app.db.select().from(forwardTargets).where(eq(forwardTargets.id, id));
    expect(row!.name).toBe('Own');
  });

  it("tests the connection: a 'test' event confirmed by RabbitMQ lands on a bound queue", async () => {
    const ch = await rabbit.createChannel();
    await ch.assertExchange(EXCHANGE, 'topic', { durable: true });
    const { queue } = await ch.assertQueue('', { exclusive: true });
    await ch.bindQueue(queue, EXCHANGE, `${demoTenant}.test`);
    const added = await api<Target>('add', {
      name: 'Local RabbitMQ',
      tenantId: demoTenant,
      kind: 'amqp',
      url: AMQP_URL,
      exchange: EXCHANGE,
      events: ['alarm.raised'],
    });
    const tested = await api<{ ok: boolean; retry: boolean; routingKey: string; eventId: string }>('test', {
      id: added.data.id,
    });
    expect(tested.code, tested.key).toBe(0);
    expect(tested.data).toMatchObject({ ok: true, retry: false, routingKey: `${demoTenant}.test`, exchange: EXCHANGE });
    const m = await ch.get(queue, { noAck: true });
    expect(m && JSON.parse(m.content.toString())).toMatchObject({
      id: tested.data.eventId,
      type: 'test',
      tenantId: demoTenant,
    });

    // A broker that refuses: the answer says so, to be retried, without the password.
    const refused = await api<Target>('add', {
      name: 'Nobody there',
      tenantId: demoTenant,
      kind: 'amqp',
      url: `amqp://u:${SECRET}@127.0.0.1:1/`,
      events: ['alarm.raised'],
    });
    const failed = await api<{ ok: boolean; retry: boolean; excerpt: string }>('test', { id: refused.data.id });
    expect(failed.data).toMatchObject({ ok: false, retry: true });
    expect(failed.data.excerpt).toMatch(/ECONNREFUSED/);
    expect(JSON.stringify(failed)).not.toContain(SECRET);
    expect(logged).not.toContain(SECRET);
    await ch.close();
  });

  it("are the outbox's 'forward' subscribers: enabled ones of the tenant that want the type, cached until invalidated", async () => {
    const kind = forwardTargetKind({ db: t.app.db, clock: t.app.clock });
    try {
      const tenant = await addTenant(t.app, 'Subscribed Co');
      const add = (events: string[], extra: Record<string, unknown> = {}) =>
        api<Target>('add', { name: 's', tenantId: tenant, kind: 'amqp', url: 'amqp://h', events, ...extra });
      const a = (await add(['alarm.raised', 'device.position'], { positionEverySec: 30 })).data.id;
      await add(['device.position'], { enabled: false });
      expect(await kind.subscribers(tenant, 'device.position')).toEqual([{ id: a, positionEverySec: 30 }]);
      expect(await kind.subscribers(tenant, 'fence.entry')).toEqual([]);
      const b = (await add(['fence.entry'])).data.id;
      expect(await kind.subscribers(tenant, 'fence.entry')).toEqual([]); // cached
      kind.invalidate(tenant);
      expect(await kind.subscribers(tenant, 'fence.entry')).toEqual([{ id: b, positionEverySec: 0 }]);
      expect(kind.batch).toBeGreaterThanOrEqual(100);
      await api('delete', { ids: [b] });
      expect(await kind.load(b)).toBeUndefined();
      expect(await kind.load(a)).toMatchObject({ id: a, tenantId: tenant, kind: 'amqp', url: 'amqp://h' });
    } finally {
      await kind.transport.close();
    }
  });

  it('carry an SOS of a demo helmet to RabbitMQ through the outbox once forwarding is on', async () => {
    // An exchange of its own: the other tests' targets of the demo site publish to EXCHANGE.
    const exchange = `${EXCHANGE}.sos`;
    const ch = await rabbit.createChannel();
    await ch.assertExchange(exchange, 'topic', { durable: true });
    const { queue } = await ch.assertQueue('', { exclusive: true });
    await ch.bindQueue(queue, exchange, `${demoTenant}.alarm.#`);
    const got: { id?: string; body: { id: string; type: string; tenantId: number; data: Record<string, unknown> } }[] =
      [];
    await ch.consume(queue, (m) => m && got.push({ id: m.properties.messageId, body: JSON.parse(String(m.content)) }), {
      noAck: true,
    });
    const added = await api<Target>('add', {
      name: 'SOS to RabbitMQ',
      tenantId: demoTenant,
      kind: 'amqp',
      url: AMQP_URL,
      exchange,
      events: ['alarm.raised'],
    });
    expect(added.code, added.key).toBe(0);
    try {
      const [d] = await addDevices(t.app, 1, { kind: 'helmet' });
      await send(t.app, d!.imei, { kind: 'alarm', alarm: 'sos', ts: t.clock.now() });
      const [alarm] = await alarmsOf(t.app, d!.id);
      await t.app.outbox.drain();
      const end = Date.now() + 10_000;
      while (got.length === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
      expect(got).toHaveLength(1);
      expect(got[0]!.body).toMatchObject({
        type: 'alarm.raised',
        tenantId: demoTenant,
        data: { alarmId: alarm!.id, imei: d!.imei, alarmTypeKey: 'sos' },
      });
      // The message id is the event's id: a consumer drops a redelivery by it.
      expect(got[0]!.id).toBe(got[0]!.body.id);
    } finally {
      await api('delete', { ids: [added.data.id] });
      await ch.deleteExchange(exchange);
      await ch.close();
    }
  });
});
