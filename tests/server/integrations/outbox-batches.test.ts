import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationOutbox, OUTBOX_STATE } from '../../../src/server/db/tables';
import { BACKOFF_MS, Outbox } from '../../../src/server/integrations/outbox';
import type {
  Delivery,
  DeliveryResult,
  IntegrationEvent,
  IntegrationEventType,
  TargetKind,
} from '../../../src/server/integrations/target';
import { tenantId } from '../fixtures';
import { buildTestApp, manualClock, type TestApp } from '../helper';

const AT = Date.parse('2026-03-01T08:00:00.000Z');
const BATCH = 3;

/**
 * A batching kind's positions in the outbox (docs/integrations.md "Delivery"): a broker takes
 * positions by the hundred, so they are written as rows of up to its `batch` events, one insert,
 * claim and outcome per batch instead of per position; every other event keeps a row of its own.
 * A kind of its own name here, with a transport that records what it is handed and answers from
 * the test's script, on the test app's database.
 */
let t: TestApp;
let site: number;
let kindSeq = 0;

beforeAll(async () => {
  t = await buildTestApp();
  site = await tenantId(t.app, 'Demo Site');
}, 300_000);

afterAll(async () => {
  await t?.close();
});

function broker(
  answer: (d: Delivery, call: number) => DeliveryResult = () => ({ ok: true, retry: false, durationMs: 1 }),
) {
  const name = `test-broker-${++kindSeq}`;
  const calls: Delivery[][] = [];
  const kind: TargetKind<{ id: number }> = {
    kind: name,
    batch: BATCH,
    subscribers: async (_tenant: number, type: IntegrationEventType) =>
      type === 'device.position' || type === 'alarm.raised' ? [{ id: 7, positionEverySec: 0 }] : [],
    wants: () => undefined,
    load: async (id) => ({ id }),
    invalidate: () => {},
    transport: {
      deliver: async (_target, deliveries) => {
        calls.push(deliveries);
        return deliveries.map((d) => answer(d, calls.length));
      },
      close: async () => {},
    },
  };
  const clock = manualClock(AT);
  const quiet = { warn: () => {}, error: () => {}, info: () => {}, debug: () => {} };
  const outbox = new Outbox({
    db: t.app.db,
    clock,
    log: quiet as unknown as FastifyBaseLogger,
    kinds: [kind as TargetKind<unknown>],
  });
  const rows = () =>
    t.app.db
      .select()
      .from(integrationOutbox)
      .where(and(eq(integrationOutbox.targetKind, name), eq(integrationOutbox.targetId, 7)))
      .orderBy(asc(integrationOutbox.id));
  return { outbox, calls, clock, rows };
}

const position = (device: number, i: number): IntegrationEvent => ({
  id: `device.position:${device}:${AT + i * 1000}`,
  version: 1,
  type: 'device.position',
  tenantId: site,
  occurredAt: new Date(AT + i * 1000).toISOString(),
  data: { deviceId: device, lat: 22.5, lng: 114 },
});

describe("a batching kind's positions", () => {
  it('are written as rows of up to its batch, beside a row per alarm, and each reaches the broker once', async () => {
    const { outbox, calls, rows } = broker();
    for (let i = 0; i < 7; i++) outbox.publish({ event: position(900_000 + i, i) });
    outbox.publish({
      event: {
        id: 'alarm.raised:batches-1',
        version: 1,
        type: 'alarm.raised',
        tenantId: site,
        occurredAt: new Date(AT).toISOString(),
        data: {},
      },
    });
    await outbox.drain();
    const stored = await rows();
    expect(stored.map((r) => [r.eventType, Array.isArray(r.payload) ? r.payload.length : 1]).sort()).toEqual([
      ['alarm.raised', 1],
      ['device.position', 1],
      ['device.position', 3],
      ['device.position', 3],
    ]);
    expect(stored.every((r) => r.state === OUTBOX_STATE.delivered && r.attempts === 1)).toBe(true);
    const sent = calls.flat().map((d) => d.event.id);
    expect(sent).toHaveLength(8);
    expect(new Set(sent).size).toBe(8);
    // No call of the transport holds more than a batch.
    expect(Math.max(...calls.map((c) => c.length))).toBeLessThanOrEqual(BATCH);
    // The figures count events, not rows.
    expect(outbox.stats).toMatchObject({ published: 8, written: 8, delivered: 8, retried: 0, failed: 0 });
    await outbox.close();
  });

  it('written again in the same batch (the writer retried it) are one row, delivered once', async () => {
    const { outbox, calls, rows } = broker();
    const events = [0, 1, 2].map((i) => position(910_000, i));
    for (const event of events) outbox.publish({ event: structuredClone(event) });
    await outbox.drain();
    for (const event of events) outbox.publish({ event: structuredClone(event) });
    await outbox.drain();
    expect(await rows()).toHaveLength(1);
    expect(calls.flat().map((d) => d.event.id)).toEqual(events.map((e) => e.id));
    expect(outbox.stats).toMatchObject({ written: 3, delivered: 3 });
    await outbox.close();
  });

  it('go again whole when the broker did not confirm one of them, after the backoff, and fail whole when none may be retried', async () => {
    // The first call loses the second position (a nack); the next attempt confirms everything.
    const { outbox, calls, clock, rows } = broker((d, call) =>
      call === 1 && d.event.id.endsWith(`:${AT + 1000}`)
        ? { ok: false, retry: true, durationMs: 2, excerpt: 'nack' }
        : { ok: true, retry: false, durationMs: 1 },
    );
    for (let i = 0; i < 3; i++) outbox.publish({ event: position(920_000, i) });
    await outbox.drain();
    let [row] = await rows();
    expect(row).toMatchObject({ state: OUTBOX_STATE.pending, attempts: 1, lastExcerpt: '1 of 3 not delivered: nack' });
    expect(outbox.stats).toMatchObject({ delivered: 0, retried: 3 });
    // Not due before its backoff.
    await outbox.dispatch();
    expect(calls).toHaveLength(1);
    clock.advance(BACKOFF_MS[0]);
    await outbox.dispatch();
    expect(calls).toHaveLength(2);
    expect(calls[1]!.map((d) => d.event.id)).toEqual(calls[0]!.map((d) => d.event.id));
    [row] = await rows();
    expect(row).toMatchObject({ state: OUTBOX_STATE.delivered, attempts: 2 });
    expect(outbox.stats).toMatchObject({ delivered: 3, retried: 3, failed: 0 });
    await outbox.close();

    const refused = broker(() => ({ ok: false, retry: false, durationMs: 1, excerpt: 'refused' }));
    for (let i = 0; i < 2; i++) refused.outbox.publish({ event: position(930_000, i) });
    await refused.outbox.drain();
    expect(await refused.rows()).toMatchObject([{ state: OUTBOX_STATE.failed, attempts: 1 }]);
    expect(refused.outbox.stats).toMatchObject({ delivered: 0, failed: 2 });
    await refused.outbox.close();
  });
});
