import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes, ts } from '../../server/db/columns';
import { tenants } from '../tenant/table';
import { DEFAULT_REMIND_DAYS } from './resource';

/** Annual inspections; dates at UTC midnight. `remindedAt`: when the due reminder went out (null: not yet for this next time). */
export const annualInspections = pgTable(
  'annual_inspections',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    inspector: text('inspector').notNull(),
    inspectedAt: ts('inspected_at').notNull(),
    nextAt: ts('next_at').notNull(),
    remindDays: integer('remind_days').notNull().default(DEFAULT_REMIND_DAYS),
    remindedAt: ts('reminded_at'),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('annual_inspections', t.name, t.inspector),
    index('annual_inspections_tenant_id_idx').on(t.tenantId, t.id),
    index('annual_inspections_tenant_name_idx').on(t.tenantId, t.name),
    index('annual_inspections_tenant_inspected_idx').on(t.tenantId, t.inspectedAt),
    index('annual_inspections_tenant_next_idx').on(t.tenantId, t.nextAt, t.id),
    index('annual_inspections_tenant_created_idx').on(t.tenantId, t.createdAt),
    // The reminder's scan: those not reminded yet, by next time.
    index('annual_inspections_unreminded_idx')
      .on(t.nextAt)
      .where(sql`${t.remindedAt} is null`),
  ],
);
