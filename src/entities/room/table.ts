import { doublePrecision, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes } from '../../server/db/columns';
import { tenants } from '../tenant/table';
import { buildings } from '../building/table';
import { communities } from '../community/table';
import { units } from '../unit/table';

export const rooms = pgTable(
  'rooms',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    buildingId: integer('building_id')
      .notNull()
      .references(() => buildings.id, { onDelete: 'cascade' }),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    floor: integer('floor').notNull(),
    /** The room on its floor (1, 2 ...). */
    number: integer('number').notNull(),
    /** The generated room name (the community's naming rule) or one given by hand. */
    name: text('name').notNull(),
    /** m². */
    area: doublePrecision('area'),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('rooms', t.name),
    uniqueIndex('rooms_unit_floor_number_uq').on(t.unitId, t.floor, t.number),
    index('rooms_tenant_id_idx').on(t.tenantId, t.id),
    index('rooms_tenant_community_idx').on(t.tenantId, t.communityId, t.id),
    index('rooms_tenant_building_idx').on(t.tenantId, t.buildingId, t.id),
    index('rooms_tenant_unit_idx').on(t.tenantId, t.unitId, t.id),
    index('rooms_tenant_floor_idx').on(t.tenantId, t.floor),
    index('rooms_tenant_name_idx').on(t.tenantId, t.name),
  ],
);
