import { doublePrecision, index, integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes, ts } from './columns';
import { tenants } from './schema-tenancy';

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

/** The drawing library (/drawingList) and the UWB drawings (/uwbDrawingList, kind 'uwb'). */
export const drawings = pgTable(
  'drawings',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    project: text('project').notNull(),
    customer: text('customer'),
    building: text('building'),
    unit: text('unit'),
    floor: text('floor'),
    picture: text('picture'),
    /** The floor it draws: its real size places base stations and tags. */
    indoorMapId: integer('indoor_map_id').references(() => indoorMaps.id, { onDelete: 'set null' }),
    /** 'normal' or 'uwb'. */
    kind: text('kind').notNull().default('normal'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...trigramIndexes('drawings', t.project, t.customer),
    index('drawings_tenant_idx').on(t.tenantId, t.kind, t.id),
    index('drawings_tenant_id_idx').on(t.tenantId, t.id),
    index('drawings_building_idx').on(t.tenantId, t.building, t.id),
  ],
);

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
