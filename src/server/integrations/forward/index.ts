import { eq } from 'drizzle-orm';
import { forwardTargets, joinUrl } from '../../../entities/forward-target';
import type { Db } from '../../db/driver';
import type {
  Delivery,
  DeliveryResult,
  IntegrationEventType,
  Subscriber,
  TargetKind,
  TargetKindFactory,
  Transport,
} from '../target';
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

/**
 * How long a replica trusts its cached subscribers: another replica's change reaches this one
 * within it, where no invalidate() was called here.
 */
export const SUBSCRIBERS_TTL_MS = 30_000;

/** Deliveries a broker takes per call: one batch of publishes, one wait for their confirms. */
export const FORWARD_BATCH = 500;

interface Cached {
  at: number;
  rows: { id: number; events: string[]; positionEverySec: number; enabled: boolean }[];
}

/**
 * The 'forward' kind of the outbox (src/server/integrations/target.ts): the enabled targets of a
 * tenant subscribed to an event type, cached per tenant; the transports of both brokers.
 */
export const forwardTargetKind: TargetKindFactory<ForwardTarget> = ({ db }): TargetKind<ForwardTarget> => {
  const cache = new Map<number, Cached>();
  return {
    kind: 'forward',
    batch: FORWARD_BATCH,
    transport: new ForwardTransport(),
    async subscribers(tenantId: number, type: IntegrationEventType): Promise<Subscriber[]> {
      let hit = cache.get(tenantId);
      if (!hit || performance.now() - hit.at > SUBSCRIBERS_TTL_MS) {
        const rows = await db
          .select({
            id: forwardTargets.id,
            events: forwardTargets.events,
            positionEverySec: forwardTargets.positionEverySec,
            enabled: forwardTargets.enabled,
          })
          .from(forwardTargets)
          .where(eq(forwardTargets.tenantId, tenantId));
        hit = { at: performance.now(), rows };
        cache.set(tenantId, hit);
      }
      return hit.rows
        .filter((r) => r.enabled && r.events.includes(type))
        .map((r) => ({ id: r.id, positionEverySec: r.positionEverySec }));
    },
    load: (id) => loadForwardTarget(db, id),
    invalidate(tenantId) {
      if (tenantId === undefined) cache.clear();
      else cache.delete(tenantId);
    },
  };
};
