import { boolean, index, integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../server/db/columns';
import { roles } from '../role/table';
import { tenants } from '../tenant/table';
import { users } from '../user/table';
import { escalationPolicies } from '../escalation-policy/table';

/** The steps of escalation policies, fired in order of their delay. */
export const escalationSteps = pgTable(
  'escalation_steps',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    policyId: integer('policy_id')
      .notNull()
      .references(() => escalationPolicies.id, { onDelete: 'cascade' }),
    delaySeconds: integer('delay_seconds').notNull(),
    /** ESCALATION_TARGETS. */
    target: text('target').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    roleId: integer('role_id').references(() => roles.id, { onDelete: 'set null' }),
    /** target 'address': a mobile number or an e-mail address. */
    address: text('address'),
    viaConsole: boolean('via_console').notNull().default(false),
    viaSms: boolean('via_sms').notNull().default(false),
    viaVoice: boolean('via_voice').notNull().default(false),
    viaEmail: boolean('via_email').notNull().default(false),
    /** Web Push to the users' phones (docs/alarms.md "Push to phones"). */
    viaPush: boolean('via_push').notNull().default(false),
    /** target 'nearest': the N on-duty staff nearest to the alarm, within this many metres. */
    nearestCount: smallint('nearest_count'),
    nearestMeters: integer('nearest_meters'),
    createdAt: createdAt(),
  },
  (t) => [
    index('escalation_steps_tenant_delay_idx').on(t.tenantId, t.delaySeconds, t.id),
    index('escalation_steps_policy_idx').on(t.tenantId, t.policyId, t.delaySeconds, t.id),
    index('escalation_steps_tenant_target_idx').on(t.tenantId, t.target, t.id),
  ],
);
