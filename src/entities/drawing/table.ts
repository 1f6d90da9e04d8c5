import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes, updatedAt } from '../../server/db/columns';
import { tenants } from '../tenant/table';
import { indoorMaps } from '../indoor-map/table';

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
