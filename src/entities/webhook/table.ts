import { boolean, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes } from '../../server/db/columns';
import { tenants } from '../tenant/table';

/** Webhook endpoints (docs/integrations.md); their deliveries are integration_outbox rows of kind 'webhook'. */
export const webhooks = pgTable(
  'webhooks',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    url: text('url').notNull(),
    /** IntegrationEventType values (never 'test'). */
    events: jsonb('events').$type<string[]>().notNull().default([]),
    /** device.position: at most one per device every this many seconds (0: every fix). */
    positionEverySec: integer('position_every_sec').notNull().default(60),
    /** Sealed with the integration key (server/integrations/secret-box.ts); never answered. */
    secret: text('secret').notNull(),
    secretHint: text('secret_hint').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('webhooks', t.name),
    index('webhooks_tenant_id_idx').on(t.tenantId, t.id),
    index('webhooks_tenant_name_idx').on(t.tenantId, t.name, t.id),
    index('webhooks_tenant_enabled_idx').on(t.tenantId, t.enabled, t.id),
  ],
);
