import { and, eq } from 'drizzle-orm';
import { forwardTargets } from '../../../entities/forward-target/table';
import { joinUrl } from './url';
import type { Db } from '../../db/driver';
import {
  SUBSCRIBERS_TTL_MS,
  type Delivery,
  type DeliveryResult,
  type IntegrationEventType,
  type Subscriber,
  type TargetKind,
  type TargetKindFactory,
  type Transport,
} from '../target';
import { TenantCache } from '../../lib/tenant-cache';
import { AmqpTransport, type AmqpOptions } from './amqp';
import { MqttTransport, type MqttOptions } from './mqtt';
import type { ForwardTarget } from './types';

export { AmqpTransport } from './amqp';
export { MqttTransport } from './mqtt';
export { routingKeyOf, topicOf, type ForwardTarget } from './types';

/** Both brokers behind one transport: each target goes to the one its kind names. */
export class ForwardTransport implements Transport<ForwardTarget> {
  readonly amqp: AmqpTransport;
  readonly mqtt: MqttTransport;

  constructor(opts: AmqpOptions & MqttOptions = {}) {
    this.amqp = new AmqpTransport(opts);
    this.mqtt = new MqttTransport(opts);
  }

  deliver(target: ForwardTarget, deliveries: Delivery[]): Promise<DeliveryResult[]> {
    return (target.kind === 'amqp' ? this.amqp : this.mqtt).deliver(target, deliveries);
  }

  async close(): Promise<void> {
    await Promise.all([this.amqp.close(), this.mqtt.close()]);
  }
}

/** The target as the transports use it, its password joined back into the URL. */
export async function loadForwardTarget(db: Db, id: number): Promise<ForwardTarget | undefined> {
  const [row] = await db.select().from(forwardTargets).where(eq(forwardTargets.id, id));
  if (!row) return undefined;
  return {
    id: row.id,
    tenantId: row.tenantId,
    kind: row.kind,
    url: joinUrl(row.url, row.secret),
    exchange: row.exchange,
    routingKey: row.routingKey,
    topicPrefix: row.topicPrefix,
  };
}

/** Deliveries a broker takes per call: one batch of publishes, one wait for their confirms. */
export const FORWARD_BATCH = 500;

type Subscribed = Subscriber & { events: string[] };

/**
 * The 'forward' kind of the outbox (src/server/integrations/target.ts): the enabled targets of a
 * tenant subscribed to an event type, cached per tenant; the transports of both brokers.
 */
export const forwardTargetKind: TargetKindFactory<ForwardTarget> = ({ db, clock }): TargetKind<ForwardTarget> => {
  const cache = new TenantCache<Subscribed[]>(
    // async: a Drizzle query is a thenable that runs again each time it is awaited; the cache keeps a promise.
    async (tenantId) =>
      await db
        .select({
          id: forwardTargets.id,
          events: forwardTargets.events,
          positionEverySec: forwardTargets.positionEverySec,
        })
        .from(forwardTargets)
        .where(and(eq(forwardTargets.tenantId, tenantId), eq(forwardTargets.enabled, true))),
    clock,
    SUBSCRIBERS_TTL_MS,
  );
  return {
    kind: 'forward',
    batch: FORWARD_BATCH,
    transport: new ForwardTransport(),
    async subscribers(tenantId: number, type: IntegrationEventType): Promise<Subscriber[]> {
      return (await cache.get(tenantId))
        .filter((r) => r.events.includes(type))
        .map((r) => ({ id: r.id, positionEverySec: r.positionEverySec }));
    },
    wants: (tenantId, type) => cache.peek(tenantId)?.some((r) => r.events.includes(type)),
    load: (id) => loadForwardTarget(db, id),
    invalidate: (tenantId) => cache.invalidate(tenantId),
  };
};
