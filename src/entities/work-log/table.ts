import { date, index, integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes } from '../../server/db/columns';
import { tenants } from '../tenant/table';
import { users } from '../user/table';
import { workPlans } from '../work-plan/table';

/** Daily logs of a construction site (/workLog), optionally under a work plan. */
export const workLogs = pgTable(
  'work_logs',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    logDate: date('log_date', { mode: 'string' }).notNull(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    workPlanId: integer('work_plan_id').references(() => workPlans.id, { onDelete: 'set null' }),
    /** WEATHER_TABLE code. */
    weather: smallint('weather'),
    content: text('content').notNull(),
    image1: text('image1'),
    image2: text('image2'),
    image3: text('image3'),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('work_logs', t.content),
    index('work_logs_tenant_id_idx').on(t.tenantId, t.id),
    index('work_logs_tenant_date_idx').on(t.tenantId, t.logDate, t.id.desc()),
    index('work_logs_tenant_plan_idx').on(t.tenantId, t.workPlanId, t.logDate),
    index('work_logs_tenant_author_idx').on(t.tenantId, t.authorId),
    index('work_logs_tenant_weather_idx').on(t.tenantId, t.weather),
    index('work_logs_tenant_created_idx').on(t.tenantId, t.createdAt),
    index('work_logs_plan_idx').on(t.workPlanId),
  ],
);
