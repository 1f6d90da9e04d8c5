import { and, eq, inArray } from 'drizzle-orm';
import { index, integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { Code } from '../../shared/api';
import { createdAt, trigramIndexes } from '../../server/db/columns';
import { tenants, users } from '../../server/db/schema-tenancy';
import { defineEntity } from '../../server/engine/registry';
import { fail } from '../../server/lib/api-error';
import { communities } from '../community/server';
import { rooms } from '../room/server';
import resident, { BINDING } from './resource';

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

export default defineEntity({
  def: resident,
  table: residents,
  hooks: {
    // The room and the console user must be the row's tenant's; the room's community is copied.
    async beforeWrite(_ctx, tx, values, _input, tenantId) {
      if (values.roomId !== undefined) {
        const [r] = await tx
          .select({ communityId: rooms.communityId })
          .from(rooms)
          .where(and(eq(rooms.id, Number(values.roomId)), eq(rooms.tenantId, tenantId)));
        if (!r) fail(Code.BAD_REQUEST, 'refInvalid');
        values.communityId = r!.communityId;
      }
      if (typeof values.userId === 'number') {
        const [u] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.id, values.userId), eq(users.tenantId, tenantId)));
        if (!u) fail(Code.BAD_REQUEST, 'refInvalid');
      }
    },
    // Their rights and cards go with them (cascade): the door units get their lists again.
    async remove(ctx, ids) {
      // Loaded when used: access-right's tables reference this file's (a static import is a cycle).
      const { doorUnitsOfResident, pushSoon } = await import('../access-right');
      const doors = new Map<number, number[]>();
      for (const id of ids) {
        const [r] = await ctx.db.select({ tenantId: residents.tenantId }).from(residents).where(eq(residents.id, id));
        if (r) doors.set(r.tenantId, [...(doors.get(r.tenantId) ?? []), ...(await doorUnitsOfResident(ctx.db, id))]);
      }
      await ctx.db.delete(residents).where(inArray(residents.id, ids));
      for (const [tenantId, list] of doors) pushSoon(ctx.app, tenantId, list);
    },
  },
});
