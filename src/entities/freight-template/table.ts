import { doublePrecision, index, integer, jsonb, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes } from '../../server/db/columns';
import { tenants } from '../tenant/table';
import type { FreightRule } from '../../shared/freight';

/** Freight templates. Their own file (tables only) so orders read them without the binding. */
export const freightTemplates = pgTable(
  'freight_templates',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** FREIGHT_MODE: 0 by weight (kg), 1 by piece. */
    mode: smallint('mode').notNull().default(0),
    firstUnit: doublePrecision('first_unit').notNull().default(1),
    /** Yuan. */
    firstPrice: doublePrecision('first_price').notNull().default(0),
    addUnit: doublePrecision('add_unit').notNull().default(1),
    addPrice: doublePrecision('add_price').notNull().default(0),
    freeAmount: doublePrecision('free_amount'),
    freePieces: integer('free_pieces'),
    /** Per-region overrides (FreightRule[]), edited with freightTemplate/setRules. */
    rules: jsonb('rules').$type<FreightRule[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('freight_templates', t.name),
    index('freight_templates_tenant_idx').on(t.tenantId, t.id),
    index('freight_templates_tenant_name_idx').on(t.tenantId, t.name),
    index('freight_templates_tenant_mode_idx').on(t.tenantId, t.mode),
  ],
);
