import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { IntegrationEvent } from '../integrations/target';
import { ts } from './columns';
import { tenants } from './schema-tenancy';

/** Outbox row states (src/server/integrations/outbox.ts). */
export const OUTBOX_STATE = { pending: 0, delivered: 1, failed: 2 } as const;

/**
 * The durable outbox of the integrations (docs/integrations.md "Delivery"): one row per event and
 * target (a broker's positions: one row per batch of them), written off the hot path and delivered by the dispatcher of any replica. The unique key
 * makes an event reach a target once however often it is written; a pending row's `next_at` is
 * both when it falls due and, once claimed, the end of the claim's lease. The rows of a target are
 * its deliveries list (the last 1,000 kept).
 */
export const integrationOutbox = pgTable(
  'integration_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** TargetKind.kind: 'webhook', 'forward'. */
    targetKind: text('target_kind').notNull(),
    targetId: integer('target_id').notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    /** One event; a batching kind's (forwarding's) positions are rows of many (src/server/integrations/outbox.ts). */
    payload: jsonb('payload').$type<IntegrationEvent | IntegrationEvent[]>().notNull(),
    state: smallint('state').notNull().default(OUTBOX_STATE.pending),
    attempts: integer('attempts').notNull().default(0),
    nextAt: ts('next_at').notNull(),
    /** Retried until then (24 h from the write, or from a "send again"); failed after. */
    retryUntil: ts('retry_until').notNull(),
    lastStatus: integer('last_status'),
    lastDurationMs: integer('last_duration_ms'),
    lastExcerpt: text('last_excerpt'),
    lastAt: ts('last_at'),
    createdAt: ts('created_at').notNull(),
    deliveredAt: ts('delivered_at'),
  },
  (t) => [
    uniqueIndex('integration_outbox_event_uq').on(t.targetKind, t.targetId, t.eventId),
    index('integration_outbox_due_idx')
      .on(t.targetKind, t.nextAt, t.id)
      .where(sql`state = 0`),
    index('integration_outbox_target_idx').on(t.targetKind, t.targetId, t.id),
    index('integration_outbox_tenant_idx').on(t.tenantId),
  ],
);
