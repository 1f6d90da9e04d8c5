import { and, eq } from 'drizzle-orm';
import { Code } from '../../shared/api';
import { defineEntity } from '../../server/engine/registry';
import { fail } from '../../server/lib/api-error';
import { propertyCompanies } from '../property-company/table';
import { checkSizes, parseNamingRule } from '../../shared/community-naming';
import { isKnownRegion } from './regions';
import community from './resource';
import { communities } from './table';

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
