import { doublePrecision, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes, updatedAt } from '../../server/db/columns';
import { tenants } from '../tenant/table';

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
