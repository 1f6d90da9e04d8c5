import { boolean, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes } from '../../server/db/columns';
import { tenants } from '../tenant/table';
import { users } from '../user/table';
import { communities } from '../community/table';
import { propertyCompanies } from '../property-company/table';

export const propertyStaffs = pgTable(
  'property_staff',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** The console user this person logs in as (their consoles receive the routed calls). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    propertyCompanyId: integer('property_company_id').references(() => propertyCompanies.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    phone: text('phone'),
    post: text('post'),
    onDuty: boolean('on_duty').notNull().default(false),
    /** Daily duty hours "HH:MM" (local time of the service); both set: on duty inside them as well. */
    dutyStart: text('duty_start'),
    dutyEnd: text('duty_end'),
    receiveDoorCalls: boolean('receive_door_calls').notNull().default(true),
    receiveSos: boolean('receive_sos').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('property_staff', t.name, t.phone, t.post),
    index('property_staff_tenant_id_idx').on(t.tenantId, t.id),
    index('property_staff_tenant_name_idx').on(t.tenantId, t.name),
    index('property_staff_tenant_user_idx').on(t.tenantId, t.userId),
    index('property_staff_tenant_on_duty_idx').on(t.tenantId, t.onDuty),
  ],
);

/** The communities a staff member serves. */
export const propertyStaffCommunities = pgTable(
  'property_staff_communities',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id')
      .notNull()
      .references(() => propertyStaffs.id, { onDelete: 'cascade' }),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.staffId, t.communityId] }),
    index('property_staff_communities_community_idx').on(t.communityId),
  ],
);
