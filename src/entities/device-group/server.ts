import { count, inArray, sql } from 'drizzle-orm';
import { Code } from '../../shared/api';
import { devices } from '../device/table';
import { qualified } from '../../server/engine/query';
import { defineEntity } from '../../server/engine/registry';
import { fail } from '../../server/lib/api-error';
import deviceGroup from './resource';
import { deviceGroups } from './table';

/** Device groups; a group that still holds devices is not deleted (groupNotEmpty). */
export default defineEntity({
  def: deviceGroup,
  table: deviceGroups,
  computed: {
    deviceCount: sql<number>`(select count(*)::int from ${devices} where ${qualified(devices.groupId)} = ${qualified(deviceGroups.id)})`,
  },
  hooks: {
    async remove(ctx, ids) {
      await ctx.db.transaction(async (tx) => {
        const [held] = await tx.select({ n: count() }).from(devices).where(inArray(devices.groupId, ids));
        if ((held?.n ?? 0) > 0) fail(Code.CONFLICT, 'groupNotEmpty');
        await tx.delete(deviceGroups).where(inArray(deviceGroups.id, ids));
      });
    },
  },
});
