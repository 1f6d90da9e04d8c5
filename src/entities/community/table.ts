import { doublePrecision, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes } from '../../server/db/columns';
import { tenants } from '../tenant/table';
import { propertyCompanies } from '../property-company/table';

export const communities = pgTable(
  'communities',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Region names of public/data/regions.json (the RegionSelector's province / city / district). */
    province: text('province'),
    city: text('city'),
    district: text('district'),
    address: text('address'),
    /** m². */
    area: doublePrecision('area'),
    buildingCount: integer('building_count').notNull().default(0),
    /** Units per building. */
    unitCount: integer('unit_count').notNull().default(0),
    floorCount: integer('floor_count').notNull().default(0),
    /** Rooms per floor. */
    roomCount: integer('room_count').notNull().default(0),
    /** e.g. "{building}栋{unit}单元{floor}{room:02}" (src/shared/community-naming.ts). */
    namingRule: text('naming_rule'),
    /** Yuan per kWh. */
    electricityRate: doublePrecision('electricity_rate'),
    /** Yuan per ton. */
    waterRate: doublePrecision('water_rate'),
    propertyCompanyId: integer('property_company_id').references(() => propertyCompanies.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('communities', t.name, t.address),
    index('communities_tenant_id_idx').on(t.tenantId, t.id),
    index('communities_tenant_name_idx').on(t.tenantId, t.name),
    index('communities_tenant_province_idx').on(t.tenantId, t.province),
    index('communities_tenant_company_idx').on(t.tenantId, t.propertyCompanyId),
  ],
);
