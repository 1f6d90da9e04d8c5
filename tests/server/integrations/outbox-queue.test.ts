import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../../src/server/db/driver';
import { Outbox } from '../../../src/server/integrations/outbox';
import type { IntegrationEventType, Subscriber, TargetKind } from '../../../src/server/integrations/target';

const AT = Date.parse('2026-03-01T08:00:00.000Z');

/**
 * The outbox's queue when the database falls behind (docs/integrations.md "Delivery"): a kind whose
 * subscriber lookup waits until released holds the writer's first batch in flight, so what is
 * published next stays queued. No statement reaches the database while it waits.
 */
function stalledOutbox(positionQueueMax: number) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const kind: TargetKind<unknown> = {
    kind: 'webhook',
    subscribers: async (): Promise<Subscriber[]> => {
      await gate;
      return [];
    },
    wants: () => undefined,
    load: async () => undefined,
    invalidate: () => {},
    batch: 1,
    transport: { deliver: async () => [], close: async () => {} },
  };
  const warnings: unknown[] = [];
  const log = { warn: (o: unknown) => warnings.push(o), error: () => {}, info: () => {}, debug: () => {} };
  const outbox = new Outbox({
    db: {} as Db,
    clock: { now: () => AT },
    log: log as unknown as FastifyBaseLogger,
    kinds: [kind],
    positionQueueMax,
  });
  const publish = (type: IntegrationEventType) =>
    outbox.publish({
      event: { id: randomUUID(), version: 1, type, tenantId: 1, occurredAt: new Date(AT).toISOString(), data: {} },
    });
  return { outbox, publish, release, warnings };
}

describe('the outbox queue under a flood of positions', () => {
  it('keeps the last room for alarms: positions past their depth are dropped, counted and warned once per burst', async () => {
    const { outbox, publish, release, warnings } = stalledOutbox(5);
    expect(publish('device.position')).toBe(true);
    // The first batch leaves the queue for the writer, which waits on the stalled lookup.
    await new Promise((r) => setTimeout(r, 50));
    for (let i = 0; i < 5; i++) expect(publish('device.position')).toBe(true);
    expect(publish('device.position')).toBe(false);
    expect(publish('device.position')).toBe(false);
    // Alarms and the other events still find room.
    expect(publish('alarm.raised')).toBe(true);
    expect(publish('door.call')).toBe(true);
    expect(publish('device.offline')).toBe(true);
    expect(outbox.stats).toMatchObject({ published: 11, dropped: 2 });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ type: 'device.position', dropped: 1 });
    release();
    await outbox.drain();
    // Room again: positions are taken.
    expect(publish('device.position')).toBe(true);
    expect(outbox.stats.dropped).toBe(2);
    await outbox.close();
  });
});

describe('events no target wants', () => {
  it('are not queued once the kinds know the tenant has no target for them', async () => {
    /** The tenant's types a target takes, as a kind's cache knows them (undefined: not loaded). */
    let known: IntegrationEventType[] | undefined;
    const looked: IntegrationEventType[] = [];
    const kind: TargetKind<unknown> = {
      kind: 'forward',
      subscribers: async (_tenant, type) => {
        looked.push(type);
        known = ['alarm.raised'];
        return [];
      },
      wants: (_tenant, type) => known?.includes(type),
      load: async () => undefined,
      invalidate: () => (known = undefined),
      batch: 500,
      transport: { deliver: async () => [], close: async () => {} },
    };
    const quiet = { warn: () => {}, error: () => {}, info: () => {}, debug: () => {} };
    const outbox = new Outbox({
      db: {} as Db,
      clock: { now: () => AT },
      log: quiet as unknown as FastifyBaseLogger,
      kinds: [kind],
    });
    const publish = (type: IntegrationEventType) =>
      outbox.publish({
        event: { id: randomUUID(), version: 1, type, tenantId: 1, occurredAt: new Date(AT).toISOString(), data: {} },
      });
    // Nothing cached yet: the position is queued, and the writer's lookup fills the cache.
    expect(outbox.wants(1, 'device.position')).toBe(true);
    expect(publish('device.position')).toBe(true);
    await outbox.drain();
    expect(looked).toEqual(['device.position']);
    // Known now: positions are neither queued nor looked up; the alarm a target takes still is.
    expect(outbox.wants(1, 'device.position')).toBe(false);
    expect(publish('device.position')).toBe(false);
    expect(publish('device.position')).toBe(false);
    expect(publish('alarm.raised')).toBe(true);
    await outbox.drain();
    expect(looked).toEqual(['device.position', 'alarm.raised']);
    expect(outbox.stats).toMatchObject({ published: 4, unwanted: 2, dropped: 0 });
    // A target changed (invalidate): the next position is queued and looked up again.
    outbox.invalidate('forward', 1);
    expect(publish('device.position')).toBe(true);
    await outbox.close();
  });
});
