import { boolean, index, integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes } from '../../server/db/columns';
import { tenants } from '../tenant/table';

/** Escalation policies (docs/alarms.md#acknowledgement-and-escalation); their steps are escalation_steps. */
export const escalationPolicies = pgTable(
  'escalation_policies',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** An ALARM_TYPES number; null: every critical type. */
    alarmType: smallint('alarm_type'),
    /** Local times of day (HH:MM) it applies between; both null: all day. */
    fromTime: text('from_time'),
    toTime: text('to_time'),
    enabled: boolean('enabled').notNull().default(true),
    remark: text('remark'),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('escalation_policies', t.name),
    index('escalation_policies_tenant_id_idx').on(t.tenantId, t.id),
    index('escalation_policies_tenant_name_idx').on(t.tenantId, t.name, t.id),
    index('escalation_policies_tenant_type_idx').on(t.tenantId, t.alarmType, t.id),
  ],
);
