import { and, eq } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { Code } from '../../shared/api';
import { createdAt, trigramIndexes } from '../../server/db/columns';
import { tenants } from '../../server/db/schema-tenancy';
import { defineEntity } from '../../server/engine/registry';
import { fail } from '../../server/lib/api-error';
import { propertyCompanies } from '../property-company/table';
import { checkSizes, parseNamingRule } from '../../shared/community-naming';
import { isKnownRegion } from './regions';
import community from './resource';

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

export default defineEntity({
  def: community,
  table: communities,
  hooks: {
    // The rule must parse, the counts stay within COMMUNITY_LIMITS, the region is one of the bundled data's.
    async beforeWrite(_ctx, tx, values, _input, tenantId, existing) {
      if (typeof values.namingRule === 'string' && values.namingRule) {
        const rule = parseNamingRule(values.namingRule);
        if (!rule.ok) fail(Code.BAD_REQUEST, rule.key);
      }
      const [before] = existing ? await tx.select().from(communities).where(eq(communities.id, existing.id)) : [];
      const merged = { ...before, ...values } as Record<string, unknown>;
      const sizes = checkSizes({
        buildingCount: Number(merged.buildingCount ?? 0),
        unitCount: Number(merged.unitCount ?? 0),
        floorCount: Number(merged.floorCount ?? 0),
        roomCount: Number(merged.roomCount ?? 0),
      });
      if (!sizes.ok && sizes.key === 'communityTooLarge') fail(Code.BAD_REQUEST, 'communityTooLarge');
      if (
        !isKnownRegion(merged.province as string | null, merged.city as string | null, merged.district as string | null)
      )
        fail(Code.BAD_REQUEST, 'regionInvalid');
      if (values.propertyCompanyId !== undefined && values.propertyCompanyId !== null) {
        const [p] = await tx
          .select({ id: propertyCompanies.id })
          .from(propertyCompanies)
          .where(
            and(eq(propertyCompanies.id, Number(values.propertyCompanyId)), eq(propertyCompanies.tenantId, tenantId)),
          );
        if (!p) fail(Code.BAD_REQUEST, 'refInvalid');
      }
    },
  },
});
