import { and, eq, or, sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { Code } from '../../shared/api';
import { createdAt, trigramIndexes, ts } from '../../server/db/columns';
import { tenants } from '../../server/db/schema-tenancy';
import { qualified } from '../../server/engine/query';
import { defineEntity } from '../../server/engine/registry';
import type { Tx } from '../../server/engine/types';
import { fail } from '../../server/lib/api-error';
import indoorMap from './resource';
import { num, requireOnAdd } from './write';

const updatedAt = () => ts('updated_at').notNull().defaultNow();

/**
 * Indoor maps (docs/requirements/entities.md#indoor-positioning): a floor picture and its real size in
 * metres, which is
 * what turns a UWB fix (x/y metres from the floor's origin, top-left) into a point on the picture.
 */
export const indoorMaps = pgTable(
  'indoor_maps',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    address: text('address'),
    floor: text('floor'),
    /** URL of the uploaded picture (or a shipped one under /indoor/). */
    picture: text('picture'),
    width: doublePrecision('width').notNull(),
    height: doublePrecision('height').notNull(),
    /** Drawing scale (1:scale); informational, the real size decides placement. */
    scale: doublePrecision('scale'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...trigramIndexes('indoor_maps', t.title, t.address),
    index('indoor_maps_tenant_idx').on(t.tenantId, t.id),
    index('indoor_maps_floor_idx').on(t.tenantId, t.floor, t.id),
  ],
);

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
      // Shrinking the floor must not strand base stations outside it. The two tables are loaded
      // here: their folders read this one's table (a static import both ways is a cycle).
      const { drawings } = await import('../drawing/server');
      const { uwbBaseStations } = await import('../uwb-base-station/server');
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
