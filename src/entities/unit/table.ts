import { doublePrecision, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes } from '../../server/db/columns';
import { devices } from '../device/table';
import { tenants } from '../tenant/table';
import { buildings } from '../building/table';
import { communities } from '../community/table';

export const units = pgTable(
  'units',
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
    number: integer('number').notNull(),
    name: text('name').notNull(),
    floorCount: integer('floor_count').notNull().default(0),
    /** Overrides of the community's rates (null: the community's). */
    electricityRate: doublePrecision('electricity_rate'),
    waterRate: doublePrecision('water_rate'),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('units', t.name),
    uniqueIndex('units_building_number_uq').on(t.buildingId, t.number),
    index('units_tenant_id_idx').on(t.tenantId, t.id),
    index('units_tenant_community_idx').on(t.tenantId, t.communityId, t.id),
    index('units_tenant_building_idx').on(t.tenantId, t.buildingId, t.number),
    index('units_tenant_number_idx').on(t.tenantId, t.number),
    index('units_tenant_name_idx').on(t.tenantId, t.name),
  ],
);

/** The door units (devices of kind doorUnit) installed at a unit's entrance; a device is at one unit at most. */
export const unitDoorUnits = pgTable(
  'unit_door_units',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('unit_door_units_device_uq').on(t.deviceId),
    index('unit_door_units_unit_idx').on(t.unitId),
    index('unit_door_units_tenant_community_idx').on(t.tenantId, t.communityId),
  ],
);
