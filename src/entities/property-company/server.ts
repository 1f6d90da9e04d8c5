import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { Code } from '../../shared/api';
import { idList, qualified } from '../../server/engine/query';
import { defineEntity } from '../../server/engine/registry';
import { fail } from '../../server/lib/api-error';
import { communities } from '../community/table';
import propertyCompany from './resource';
import { propertyCompanies } from './table';

export default defineEntity({
  def: propertyCompany,
  table: propertyCompanies,
  filters: {
    communityIds: (v) => {
      const list = idList(v);
      if (!list.length) return undefined;
      return sql`exists (select 1 from ${communities} where ${qualified(communities.propertyCompanyId)} = ${qualified(propertyCompanies.id)} and ${inArray(communities.id, list)})`;
    },
  },
  hooks: {
    // The communities it manages are the communities pointing at it (communities.property_company_id).
    async afterWrite(_ctx, tx, id, input, tenantId) {
      if (input.communityIds === undefined) return;
      const list = [...new Set((input.communityIds as number[] | null) ?? [])];
      if (list.length) {
        const found = await tx
          .select({ id: communities.id })
          .from(communities)
          .where(and(inArray(communities.id, list), eq(communities.tenantId, tenantId)));
        if (found.length !== list.length) fail(Code.BAD_REQUEST, 'refInvalid');
        await tx.update(communities).set({ propertyCompanyId: id }).where(inArray(communities.id, list));
      }
      const others = eq(communities.propertyCompanyId, id);
      await tx
        .update(communities)
        .set({ propertyCompanyId: null })
        .where(list.length ? and(others, notInArray(communities.id, list)) : others);
    },
    async decorate(db, rows) {
      if (!rows.length) return;
      const links = await db
        .select({ id: communities.id, companyId: communities.propertyCompanyId })
        .from(communities)
        .where(
          inArray(
            communities.propertyCompanyId,
            rows.map((r) => r.id as number),
          ),
        )
        .orderBy(communities.id);
      for (const r of rows) r.communityIds = links.filter((l) => l.companyId === r.id).map((l) => l.id);
    },
  },
});
