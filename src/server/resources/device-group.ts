import { count, inArray, sql } from 'drizzle-orm';
import { Code } from '../../shared/api';
import { deviceGroupResource } from '../../shared/resources/device';
import { deviceGroups, devices } from '../db/schema';
import { qualified } from '../engine/query';
import { registerBinding } from '../engine/registry';
import { fail } from '../lib/api-error';

export const deviceGroupBinding = registerBinding({
  def: deviceGroupResource,
  table: deviceGroups,
  id: deviceGroups.id,
  tenantId: deviceGroups.tenantId,
  columns: {
    name: deviceGroups.name,
    description: deviceGroups.description,
    tenantId: deviceGroups.tenantId,
    createdAt: deviceGroups.createdAt,
  },
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
