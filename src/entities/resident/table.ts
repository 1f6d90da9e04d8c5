import { index, integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes } from '../../server/db/columns';
import { tenants } from '../tenant/table';
import { users } from '../user/table';
import { communities } from '../community/table';
import { rooms } from '../room/table';
import { BINDING } from './resource';

export const residents = pgTable(
  'residents',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** Copied from the room, so lists filter by community without a join. */
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    idNumber: text('id_number'),
    /** RESIDENT_ROLE: 1 owner, 2 family, 3 tenant. */
    role: smallint('role').notNull(),
    /** The resident's own console account, if any. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    facePhoto: text('face_photo'),
    /** BINDING (./resource.ts); a console binding starts assigned. */
    reviewState: smallint('review_state').notNull().default(BINDING.assign),
    reviewReason: text('review_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('residents', t.name, t.phone),
    index('residents_tenant_id_idx').on(t.tenantId, t.id),
    index('residents_tenant_room_idx').on(t.tenantId, t.roomId),
    index('residents_tenant_community_idx').on(t.tenantId, t.communityId, t.id),
    index('residents_tenant_review_idx').on(t.tenantId, t.reviewState, t.id),
    index('residents_tenant_name_idx').on(t.tenantId, t.name),
    index('residents_tenant_phone_idx').on(t.tenantId, t.phone),
    index('residents_tenant_role_idx').on(t.tenantId, t.role),
    index('residents_tenant_created_idx').on(t.tenantId, t.createdAt),
  ],
);
