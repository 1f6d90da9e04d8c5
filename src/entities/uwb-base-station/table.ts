import { doublePrecision, index, integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes, updatedAt } from '../../server/db/columns';
import { tenants } from '../tenant/table';
import { drawings } from '../drawing/table';
import { indoorMaps } from '../indoor-map/table';

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
