import { and, eq } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { Code } from '../../shared/api';
import { createdAt, trigramIndexes, ts } from '../../server/db/columns';
import { tenants } from '../../server/db/schema-tenancy';
import { defineEntity } from '../../server/engine/registry';
import type { Row, Tx } from '../../server/engine/types';
import { fail } from '../../server/lib/api-error';
import { drawings } from '../drawing/server';
import { indoorMapOf, indoorMaps } from '../indoor-map/server';
import { num, requireOnAdd } from '../indoor-map';
import uwbBaseStation from './resource';

const updatedAt = () => ts('updated_at').notNull().defaultNow();

/** UWB base stations (anchors); x/y/z in metres on their drawing's or map's floor. */
export const uwbBaseStations = pgTable(
  'uwb_base_stations',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    drawingId: integer('drawing_id').references(() => drawings.id, { onDelete: 'cascade' }),
    indoorMapId: integer('indoor_map_id').references(() => indoorMaps.id, { onDelete: 'cascade' }),
    /** The anchor's own number (what the UWB engine reports). */
    code: text('code'),
    /** Indoor location name. */
    name: text('name').notNull(),
    floor: text('floor'),
    x: doublePrecision('x').notNull().default(0),
    y: doublePrecision('y').notNull().default(0),
    z: doublePrecision('z').notNull().default(0),
    /** UWB_STATUS: 0 default, 1 disabled, 2 normal (docs/requirements/states-and-codes.md#default-status-variant). */
    status: smallint('status').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...trigramIndexes('uwb_base_stations', t.name, t.code),
    index('uwb_base_stations_tenant_idx').on(t.tenantId, t.drawingId),
    index('uwb_base_stations_tenant_id_idx').on(t.tenantId, t.id),
    index('uwb_base_stations_floor_idx').on(t.tenantId, t.floor, t.id),
    index('uwb_base_stations_map_idx').on(t.indoorMapId),
  ],
);

/**
 * The floor a station stands on: its own map, else its drawing's map. A station's x/y must lie on
 * that floor; a station with neither (not placed yet) is not checked.
 */
async function checkPlacement(tx: Tx, values: Row, tenantId: number, existingId?: number): Promise<void> {
  let current: Row = {};
  if (existingId) {
    const [row] = await tx.select().from(uwbBaseStations).where(eq(uwbBaseStations.id, existingId));
    current = row ?? {};
  }
  const merged = { ...current, ...values };
  const drawingId = num(merged.drawingId);
  let mapId = num(merged.indoorMapId);
  if (drawingId) {
    const [drawing] = await tx
      .select({ indoorMapId: drawings.indoorMapId })
      .from(drawings)
      .where(and(eq(drawings.id, drawingId), eq(drawings.tenantId, tenantId)));
    if (!drawing) fail(Code.BAD_REQUEST, 'refInvalid');
    mapId ??= drawing!.indoorMapId ?? undefined;
  }
  if (!mapId) return;
  const map = await indoorMapOf(tx, mapId, tenantId);
  for (const [axis, size] of [
    ['x', map.width],
    ['y', map.height],
  ] as const) {
    const v = num(merged[axis]) ?? 0;
    if (v > size) fail(Code.BAD_REQUEST, 'tooLarge', `${axis}: outside the floor (0 to ${size} m)`);
  }
}

export default defineEntity({
  def: uwbBaseStation,
  table: uwbBaseStations,
  hooks: {
    async beforeWrite(_ctx, tx, values, _input, tenantId, existing) {
      requireOnAdd(uwbBaseStation, values, existing);
      if (existing) values.updatedAt = new Date();
      await checkPlacement(tx, values, tenantId, existing?.id);
    },
  },
});
