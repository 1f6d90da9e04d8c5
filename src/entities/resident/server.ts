import { and, eq, inArray } from 'drizzle-orm';
import { Code } from '../../shared/api';
import { doorUnitsOfResident, pushSoon } from '../access-right';
import { users } from '../user/table';
import { defineEntity } from '../../server/engine/registry';
import { fail } from '../../server/lib/api-error';
import { rooms } from '../room/table';
import resident from './resource';
import { residents } from './table';

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
