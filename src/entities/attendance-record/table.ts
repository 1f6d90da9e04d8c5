import { date, index, integer, pgTable, serial, smallint, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from '../../server/db/columns';
import { departments } from '../department/table';
import { tenants } from '../tenant/table';
import { users } from '../user/table';
import { attendanceRules } from '../attendance-rule/table';

export const attendanceRecords = pgTable(
  'attendance_records',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The worker's department when the day was computed. */
    departmentId: integer('department_id').references(() => departments.id, { onDelete: 'set null' }),
    ruleId: integer('rule_id').references(() => attendanceRules.id, { onDelete: 'set null' }),
    /** The TIME_ZONE day. */
    day: date('day', { mode: 'string' }).notNull(),
    /** PERIOD_STATE per punch; null where the rule has none or it is not due yet. */
    amAtState: smallint('am_at_state'),
    amEndState: smallint('am_end_state'),
    pmAtState: smallint('pm_at_state'),
    pmEndState: smallint('pm_end_state'),
    eveningAtState: smallint('evening_at_state'),
    eveningEndState: smallint('evening_end_state'),
    /** RECORD_STATUS: 1 on work, 2 off work, 3 abnormal. */
    status: smallint('status').notNull(),
    late: smallint('late').notNull().default(0),
    early: smallint('early').notNull().default(0),
    absent: smallint('absent').notNull().default(0),
    leave: smallint('leave').notNull().default(0),
    firstPunch: ts('first_punch'),
    lastPunch: ts('last_punch'),
    punches: smallint('punches').notNull().default(0),
    computedAt: ts('computed_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('attendance_records_user_day_uq').on(t.tenantId, t.userId, t.day),
    index('attendance_records_tenant_day_idx').on(t.tenantId, t.day, t.id.desc()),
    index('attendance_records_tenant_dept_day_idx').on(t.tenantId, t.departmentId, t.day),
    index('attendance_records_tenant_status_day_idx').on(t.tenantId, t.status, t.day),
    index('attendance_records_tenant_rule_idx').on(t.tenantId, t.ruleId),
  ],
);

export type AttendanceRecordRow = typeof attendanceRecords.$inferSelect;
