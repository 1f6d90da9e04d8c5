import { inArray, sql } from 'drizzle-orm';
import { fenceResource } from '../../shared/resources/fence';
import { devices, fenceDevices, fenceGroups, fences } from '../db/schema';
import { qualified } from '../engine/query';
import { registerBinding } from '../engine/registry';

const COLUMN_NAMES = [
  'name',
  'type',
  'shape',
  'status',
  'radius',
  'longitude',
  'latitude',
  'description',
  'tenantId',
  'createdAt',
] as const;
const fenceId = qualified(fences.id);

/**
 * Fences: list, get, delete and export; add and update are routes/device/fence.ts. Deleting
 * drops the assignments and states with the rows (cascade) and rebuilds this replica's index.
 */
export const fenceBinding = registerBinding({
  def: fenceResource,
  table: fences,
  id: fences.id,
  tenantId: fences.tenantId,
  columns: { ...Object.fromEntries(COLUMN_NAMES.map((n) => [n, fences[n]])), dwell: fences.dwellS },
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
