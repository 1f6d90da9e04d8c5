import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes } from '../../server/db/columns';
import { tenants } from '../tenant/table';

export const attendanceRules = pgTable(
  'attendance_rules',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 2, 4 or 6 punches a day. */
    punchCount: smallint('punch_count').notNull().default(4),
    /** ATTENDANCE_TYPE: 1 big week (Mon-Fri), 2 small week (Mon-Sat), 3 alternating by ISO week. */
    type: smallint('type').notNull().default(1),
    amStart: text('am_start'),
    amLate: text('am_late'),
    amEnd: text('am_end'),
    noonCutoff: text('noon_cutoff'),
    pmStart: text('pm_start'),
    pmLate: text('pm_late'),
    pmEnd: text('pm_end'),
    eveningStart: text('evening_start'),
    eveningLate: text('evening_late'),
    eveningEnd: text('evening_end'),
    /** Days off, YYYY-MM-DD separated by commas. */
    holidays: text('holidays').notNull().default(''),
    departmentIds: integer('department_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    userIds: integer('user_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** STATUS: 1 enabled, 0 disabled. */
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('attendance_rules', t.name),
    index('attendance_rules_tenant_idx').on(t.tenantId, t.id),
    index('attendance_rules_tenant_name_idx').on(t.tenantId, t.name),
    index('attendance_rules_tenant_type_idx').on(t.tenantId, t.type, t.id),
    index('attendance_rules_tenant_punch_idx').on(t.tenantId, t.punchCount, t.id),
  ],
);

export type AttendanceRuleRow = typeof attendanceRules.$inferSelect;
