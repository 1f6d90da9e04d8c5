import { inArray, sql } from 'drizzle-orm';
import { devices } from '../device/table';
import { qualified } from '../../server/engine/query';
import { defineEntity } from '../../server/engine/registry';
import fence from './resource';
import { fences, fenceDevices, fenceGroups } from './table';

const fenceId = qualified(fences.id);

/**
 * Fences: list, get, delete and export; add and update are ./routes.ts. Deleting
 * drops the assignments and states with the rows (cascade) and rebuilds this replica's index.
 */
export default defineEntity({
  def: fence,
  table: fences,
  columns: { dwell: fences.dwellS },
  computed: {
    // Devices watched directly or through a group, each once.
    // A union of two index lookups: the OR form scanned every device for every listed fence.
    deviceCount: sql<number>`(select count(*)::int from (
      select device_id as id from ${fenceDevices} where fence_id = ${fenceId}
      union select d.id from ${devices} d join ${fenceGroups} fg on fg.group_id = d.group_id where fg.fence_id = ${fenceId}) watched)`,
  },
  hooks: {
    async remove(ctx, ids) {
      const gone = await ctx.db.delete(fences).where(inArray(fences.id, ids)).returning({ tenantId: fences.tenantId });
      await ctx.app.fenceIndex.reload(gone.map((g) => g.tenantId));
    },
  },
});
