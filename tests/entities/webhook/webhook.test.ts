import { createHmac } from 'node:crypto';
import { ALARM_HANDLE } from '../../../src/shared/alarms/types';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { devices } from '../../../src/server/db/schema';
import { integrationOutbox, OUTBOX_STATE } from '../../../src/server/db/tables';
import { BACKOFF_MS, KEEP_PER_TARGET } from '../../../src/server/integrations/outbox';
import { INTEGRATION_EVENT_TYPES } from '../../../src/server/integrations/target';
import { post, type TestApp } from '../../server/helper';
import { addDevices } from '../../server/ingest-helper';
import { send } from '../../server/alarms-helper';
import { tenantWithAdmin } from '../../server/org-helper';
import type { Receiver } from '../../server/webhook-receiver';
import { BASE, SECRET, until, webhookTestbed } from '../../server/webhook-testbed';
import { WEBHOOK_EVENT_TABLE } from '../../../src/entities/webhook/resource';
import { webhooks } from '../../../src/entities/webhook/table';

let t: TestApp;
let demo: string;
let rx: Receiver;
const { addHook, at, rowsOf, sos, testEvent } = webhookTestbed((bed) => ({ t, demo, rx } = bed));

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
