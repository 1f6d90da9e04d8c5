import { and, eq, inArray, sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { Code } from '../../shared/api';
import { createdAt, trigramIndexes } from '../../server/db/columns';
import { tenants, users } from '../../server/db/schema-tenancy';
import { idList, qualified } from '../../server/engine/query';
import { defineEntity } from '../../server/engine/registry';
import { fail } from '../../server/lib/api-error';
import { communities } from '../community/server';
import { propertyCompanies } from '../property-company/server';
import propertyStaff from './resource';

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

export default defineEntity({
  def: propertyStaff,
  table: propertyStaffs,
  filters: {
    communityIds: (v) => {
      const list = idList(v);
      if (!list.length) return undefined;
      return sql`exists (select 1 from ${propertyStaffCommunities} where ${qualified(propertyStaffCommunities.staffId)} = ${qualified(propertyStaffs.id)} and ${inArray(propertyStaffCommunities.communityId, list)})`;
    },
  },
  hooks: {
    // The console user and the property company must be the row's tenant's.
    async beforeWrite(_ctx, tx, values, _input, tenantId) {
      if (typeof values.userId === 'number') {
        const [u] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.id, values.userId), eq(users.tenantId, tenantId)));
        if (!u) fail(Code.BAD_REQUEST, 'refInvalid');
      }
      if (typeof values.propertyCompanyId === 'number') {
        const [p] = await tx
          .select({ id: propertyCompanies.id })
          .from(propertyCompanies)
          .where(and(eq(propertyCompanies.id, values.propertyCompanyId), eq(propertyCompanies.tenantId, tenantId)));
        if (!p) fail(Code.BAD_REQUEST, 'refInvalid');
      }
    },
    async afterWrite(_ctx, tx, id, input, tenantId) {
      if (input.communityIds === undefined) return;
      const list = [...new Set((input.communityIds as number[] | null) ?? [])];
      if (list.length) {
        const found = await tx
          .select({ id: communities.id })
          .from(communities)
          .where(and(inArray(communities.id, list), eq(communities.tenantId, tenantId)));
        if (found.length !== list.length) fail(Code.BAD_REQUEST, 'refInvalid');
      }
      await tx.delete(propertyStaffCommunities).where(eq(propertyStaffCommunities.staffId, id));
      if (list.length)
        await tx
          .insert(propertyStaffCommunities)
          .values(list.map((communityId) => ({ tenantId, staffId: id, communityId })));
    },
    async decorate(db, rows) {
      if (!rows.length) return;
      const links = await db
        .select({ staffId: propertyStaffCommunities.staffId, communityId: propertyStaffCommunities.communityId })
        .from(propertyStaffCommunities)
        .where(
          inArray(
            propertyStaffCommunities.staffId,
            rows.map((r) => r.id as number),
          ),
        )
        .orderBy(propertyStaffCommunities.communityId);
      for (const r of rows) r.communityIds = links.filter((l) => l.staffId === r.id).map((l) => l.communityId);
    },
  },
});
