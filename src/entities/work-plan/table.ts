import { date, index, integer, pgTable, serial, smallint, text, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes } from '../../server/db/columns';
import { tenants } from '../tenant/table';
import { users } from '../user/table';
import { WORK_PLAN_STATE } from './resource';

/**
 * Work plans and their sub-plans (/workPlan). `state` is what was last set (1 not completed,
 * 2 completed, 3 reported abnormal); reads turn a not-completed plan whose `end_date` has passed
 * into abnormal (`effectiveState`), so there is no sweep to wait for and a plan whose period is
 * extended is back to not completed at once. `end_date` = start + period - 1, kept by the hook.
 */
export const workPlans = pgTable(
  'work_plans',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** The parent plan (null: a top-level plan); deleting a plan deletes its sub-plans. */
    parentId: integer('parent_id').references((): AnyPgColumn => workPlans.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The user in charge. */
    superiorId: integer('superior_id').references(() => users.id, { onDelete: 'set null' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    periodDays: integer('period_days').notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    progress: smallint('progress').notNull().default(0),
    /** WORK_PLAN_STATE as set: 1 not completed, 2 completed, 3 abnormal. */
    state: smallint('state').notNull().default(WORK_PLAN_STATE.open),
    content: text('content'),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('work_plans', t.name),
    index('work_plans_tenant_id_idx').on(t.tenantId, t.id),
    index('work_plans_tenant_start_idx').on(t.tenantId, t.startDate, t.id),
    index('work_plans_tenant_end_idx').on(t.tenantId, t.endDate),
    index('work_plans_tenant_name_idx').on(t.tenantId, t.name),
    index('work_plans_tenant_parent_idx').on(t.tenantId, t.parentId),
    index('work_plans_tenant_superior_idx').on(t.tenantId, t.superiorId),
    index('work_plans_tenant_state_idx').on(t.tenantId, t.state, t.endDate),
    index('work_plans_tenant_period_idx').on(t.tenantId, t.periodDays),
    index('work_plans_tenant_progress_idx').on(t.tenantId, t.progress),
    index('work_plans_tenant_created_idx').on(t.tenantId, t.createdAt),
    index('work_plans_parent_idx').on(t.parentId),
  ],
);
