import { eq, sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { Code } from '../../shared/api';
import { createdAt, trigramIndexes, ts } from '../../server/db/columns';
import { tenants } from '../../server/db/schema-tenancy';
import { qualified } from '../../server/engine/query';
import { defineEntity } from '../../server/engine/registry';
import { fail } from '../../server/lib/api-error';
import annualInspection, { DEFAULT_REMIND_DAYS, INSPECTION_DUE } from './resource';

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

const next = qualified(annualInspections.nextAt);
const days = qualified(annualInspections.remindDays);
/** Overdue once the next time has passed, due soon within its reminder days. */
const [overdue, dueSoon, ok] = [INSPECTION_DUE.overdue, INSPECTION_DUE.dueSoon, INSPECTION_DUE.ok].map((n) =>
  sql.raw(String(n)),
);
const dueSql = sql<number>`(case when ${next} < now() then ${overdue} when ${next} <= now() + ${days} * interval '1 day' then ${dueSoon} else ${ok} end)::int`;

export default defineEntity({
  def: annualInspection,
  table: annualInspections,
  computed: { due: dueSql },
  filters: {
    due: (v) => sql`${dueSql} = ${Number(v)}`,
  },
  hooks: {
    // The next time is after this one; a new next time (or reminder lead) re-arms the reminder.
    async beforeWrite(_ctx, tx, values, _input, _tenantId, existing) {
      const [current] = existing
        ? await tx.select().from(annualInspections).where(eq(annualInspections.id, existing.id))
        : [];
      const inspectedAt = (values.inspectedAt as Date | undefined) ?? current?.inspectedAt;
      const nextAt = (values.nextAt as Date | undefined) ?? current?.nextAt;
      if (inspectedAt && nextAt && nextAt.getTime() <= inspectedAt.getTime())
        fail(Code.BAD_REQUEST, 'inspectionNextBeforeTime');
      if (values.remindDays === null) values.remindDays = DEFAULT_REMIND_DAYS;
      if (
        current &&
        ((nextAt && nextAt.getTime() !== current.nextAt.getTime()) ||
          (values.remindDays !== undefined && values.remindDays !== current.remindDays))
      ) {
        values.remindedAt = null;
      }
    },
  },
  plugin: async (app) => {
    const { startInspectionReminders } = await import('./remind');
    startInspectionReminders(app);
  },
});
