import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes, ts } from '../../server/db/columns';
import { tenants } from '../tenant/table';
import { users } from '../user/table';

/** Duty records (/dutyUser); `dutyDate` is the day at UTC midnight, the times HH:MM of that day. */
export const dutyRecords = pgTable(
  'duty_records',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    dutyDate: ts('duty_date').notNull(),
    area: text('area').notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    situation: text('situation'),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('duty_records', t.area, t.situation),
    index('duty_records_tenant_id_idx').on(t.tenantId, t.id),
    index('duty_records_tenant_date_idx').on(t.tenantId, t.dutyDate, t.id.desc()),
    index('duty_records_tenant_area_idx').on(t.tenantId, t.area),
    index('duty_records_tenant_user_date_idx').on(t.tenantId, t.userId, t.dutyDate),
    index('duty_records_tenant_created_idx').on(t.tenantId, t.createdAt),
  ],
);
