// The contract between the outbox (outbox.ts) and each kind of target it delivers to: webhooks
// (src/entities/webhook/target.ts) and the broker forwarding (forward/).
import type { Db } from '../db/driver';
import type { Clock } from '../lib/clock';
import type { IntegrationEvent, IntegrationEventType } from '../../shared/integration-events';

// The events and their envelope are shared (src/shared/integration-events.ts): the outbox table's payload is one.
export { INTEGRATION_EVENT_TYPES } from '../../shared/integration-events';
export type { IntegrationEvent, IntegrationEventType } from '../../shared/integration-events';

/** One outbox row claimed for delivery to one target. */
export interface Delivery {
  outboxId: number;
  event: IntegrationEvent;
  /** Attempts made before this one. */
  attempts: number;
}

export interface DeliveryResult {
  ok: boolean;
  /** Worth another attempt later (5xx, timeout, refused, 408, 429, broker away); false = final. */
  retry: boolean;
  status?: number;
  durationMs: number;
  /** The first bytes of the answer or the error, for the deliveries screen. */
  excerpt?: string;
}

/** Sends claimed deliveries to one target; the results are in the same order. */
export interface Transport<T> {
  deliver(target: T, deliveries: Delivery[]): Promise<DeliveryResult[]>;
  close(): Promise<void>;
}

/** A subscribed target of one tenant for one event type. */
export interface Subscriber {
  id: number;
  /** For device.position: at most one position per device every this many seconds (0: all). */
  positionEverySec: number;
}

/** A kind of target ('webhook', 'forward') the outbox delivers to. */
export interface TargetKind<T> {
  kind: string;
  /** Enabled targets of a tenant that want this event type (cached; see invalidate). */
  subscribers(tenantId: number, type: IntegrationEventType): Promise<Subscriber[]>;
  /**
   * Without waiting: false when the tenant's cached targets of this kind hold none for this type,
   * true when they do, undefined when nothing is cached (the outbox then queues the event, and the
   * writer's subscribers() loads the cache).
   */
  wants(tenantId: number, type: IntegrationEventType): boolean | undefined;
  /** The target as it is now; undefined when deleted (its pending deliveries are dropped). */
  load(id: number): Promise<T | undefined>;
  /** Drop cached subscribers of a tenant (a target was added, changed or deleted). */
  invalidate(tenantId: number | undefined): void;
  /** Deliveries claimed per call for this kind (a broker takes hundreds, a webhook one). */
  batch: number;
  transport: Transport<T>;
}

export type TargetKindFactory<T> = (deps: { db: Db; clock: Clock }) => TargetKind<T>;

/**
 * How long a replica trusts a tenant's cached subscribers of a kind: another replica's change
 * reaches this one within it, where no invalidate() was called here (docs/integrations.md).
 */
export const SUBSCRIBERS_TTL_MS = 30_000;
