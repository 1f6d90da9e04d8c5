import { and, eq, or, sql } from 'drizzle-orm';
import { Code } from '../../shared/api';
import { qualified } from '../../server/engine/query';
import { defineEntity } from '../../server/engine/registry';
import type { Tx } from '../../server/engine/types';
import { fail } from '../../server/lib/api-error';
import { drawings } from '../drawing/table';
import { uwbBaseStations } from '../uwb-base-station/table';
import indoorMap from './resource';
import { indoorMaps } from './table';
import { num, requireOnAdd } from './write';

/** The tenant's indoor map `id` with its size, or refInvalid. */
export async function indoorMapOf(tx: Tx, id: number, tenantId: number) {
  const [map] = await tx
    .select({ id: indoorMaps.id, width: indoorMaps.width, height: indoorMaps.height })
    .from(indoorMaps)
    .where(and(eq(indoorMaps.id, id), eq(indoorMaps.tenantId, tenantId)));
  return map ?? fail(Code.BAD_REQUEST, 'refInvalid');
}

export default defineEntity({
  def: indoorMap,
  table: indoorMaps,
  hooks: {
    async beforeWrite(_ctx, tx, values, _input, _tenantId, existing) {
      requireOnAdd(indoorMap, values, existing);
      if (!existing) return;
      values.updatedAt = new Date();
      // Shrinking the floor must not strand base stations outside it.
      const [far] = await tx
        .select({
          x: sql<number | null>`max(${qualified(uwbBaseStations.x)})`,
          y: sql<number | null>`max(${qualified(uwbBaseStations.y)})`,
        })
        .from(uwbBaseStations)
        .leftJoin(drawings, eq(drawings.id, uwbBaseStations.drawingId))
        .where(or(eq(uwbBaseStations.indoorMapId, existing.id), eq(drawings.indoorMapId, existing.id)));
      const width = num(values.width);
      const height = num(values.height);
      if (width !== undefined && far?.x != null && far.x > width)
        fail(Code.BAD_REQUEST, 'tooSmall', `width: a base station stands at x = ${far.x} m`);
      if (height !== undefined && far?.y != null && far.y > height)
        fail(Code.BAD_REQUEST, 'tooSmall', `height: a base station stands at y = ${far.y} m`);
    },
  },
});
