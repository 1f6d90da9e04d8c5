import { eq, sql } from 'drizzle-orm';
import { Code } from '../../shared/api';
import { qualified } from '../../server/engine/query';
import { defineEntity } from '../../server/engine/registry';
import { fail } from '../../server/lib/api-error';
import { startInspectionReminders } from './remind';
import annualInspection, { DEFAULT_REMIND_DAYS, INSPECTION_DUE } from './resource';
import { annualInspections } from './table';

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
    startInspectionReminders(app);
  },
});
