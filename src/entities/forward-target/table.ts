import { boolean, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes } from '../../server/db/columns';
import { tenants } from '../tenant/table';
import { FORWARD_DEFAULTS, type ForwardKind } from './resource';

/**
 * A tenant's forwarding to a broker (docs/integrations.md "Forwarding to a broker"). `url` is
 * kept with its password masked (what lists, gets and the audit log show); the password itself
 * is `secret`, a column no field names, so the engine never reads it back.
 */
export const forwardTargets = pgTable(
  'forward_targets',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').$type<ForwardKind>().notNull(),
    url: text('url').notNull(),
    /** The URL's password; null: none. Joined back into the URL only to connect (forward/target.ts). */
    secret: text('secret'),
    exchange: text('exchange').notNull().default(FORWARD_DEFAULTS.exchange),
    routingKey: text('routing_key').notNull().default(FORWARD_DEFAULTS.routingKey),
    topicPrefix: text('topic_prefix').notNull().default(FORWARD_DEFAULTS.topicPrefix),
    events: jsonb('events').$type<string[]>().notNull().default([]),
    positionEverySec: integer('position_every_sec').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('forward_targets', t.name),
    index('forward_targets_tenant_id_idx').on(t.tenantId, t.id),
    index('forward_targets_kind_idx').on(t.kind, t.id),
  ],
);
