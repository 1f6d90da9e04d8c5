import { index, integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { trigramIndexes, ts } from '../../server/db/columns';
import { tenants } from '../tenant/table';
import { users } from '../user/table';

export const attendancePunches = pgTable(
  'attendance_punches',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    at: ts('at').notNull(),
    /** PUNCH_SOURCE: 1 console, 2 helmet, 3 wristband (UWB), 4 face door unit. */
    source: smallint('source').notNull(),
    imei: text('imei'),
    note: text('note'),
  },
  (t) => [
    ...trigramIndexes('attendance_punches', t.imei),
    index('attendance_punches_tenant_at_idx').on(t.tenantId, t.at, t.id.desc()),
    index('attendance_punches_tenant_user_at_idx').on(t.tenantId, t.userId, t.at),
    index('attendance_punches_tenant_source_idx').on(t.tenantId, t.source, t.at),
  ],
);
