import { boolean, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { Code } from '../../shared/api';
import { createdAt, trigramIndexes } from '../../server/db/columns';
import { tenants } from '../../server/db/schema-tenancy';
import { defineEntity } from '../../server/engine/registry';
import { urlProblem } from '../../server/integrations/address';
import { integrationKey, seal, secretHint } from '../../server/integrations/secret-box';
import { fail } from '../../server/lib/api-error';
import webhook from './resource';

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

export default defineEntity({
  def: webhook,
  table: webhooks,
  hooks: {
    // The URL is checked (shape, and every address its name resolves to) and the secret sealed.
    async beforeWrite(ctx, _tx, values, input) {
      if (typeof input.url === 'string') {
        const problem = await urlProblem(input.url, ctx.app.config.webhookAllowPrivate);
        if (problem) fail(Code.BAD_REQUEST, problem);
      }
      if (typeof input.secret === 'string' && input.secret) {
        values.secret = seal(await integrationKey(ctx.app.db), input.secret);
        values.secretHint = secretHint(input.secret);
      }
      if (values.positionEverySec === null) values.positionEverySec = 60;
      if (values.enabled === null) values.enabled = true;
    },
  },
});
