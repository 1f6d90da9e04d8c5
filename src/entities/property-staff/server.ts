import { and, eq, inArray, sql } from 'drizzle-orm';
import { Code } from '../../shared/api';
import { users } from '../user/table';
import { idList, qualified } from '../../server/engine/query';
import { defineEntity } from '../../server/engine/registry';
import { fail } from '../../server/lib/api-error';
import { communities } from '../community/table';
import { propertyCompanies } from '../property-company/table';
import propertyStaff from './resource';
import { propertyStaffs, propertyStaffCommunities } from './table';

export default defineEntity({
  def: propertyStaff,
  table: propertyStaffs,
  filters: {
    communityIds: (v) => {
      const list = idList(v);
      if (!list.length) return undefined;
      return sql`exists (select 1 from ${propertyStaffCommunities} where ${qualified(propertyStaffCommunities.staffId)} = ${qualified(propertyStaffs.id)} and ${inArray(propertyStaffCommunities.communityId, list)})`;
    },
  },
  hooks: {
    // The console user and the property company must be the row's tenant's.
    async beforeWrite(_ctx, tx, values, _input, tenantId) {
      if (typeof values.userId === 'number') {
        const [u] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.id, values.userId), eq(users.tenantId, tenantId)));
        if (!u) fail(Code.BAD_REQUEST, 'refInvalid');
      }
      if (typeof values.propertyCompanyId === 'number') {
        const [p] = await tx
          .select({ id: propertyCompanies.id })
          .from(propertyCompanies)
          .where(and(eq(propertyCompanies.id, values.propertyCompanyId), eq(propertyCompanies.tenantId, tenantId)));
        if (!p) fail(Code.BAD_REQUEST, 'refInvalid');
      }
    },
    async afterWrite(_ctx, tx, id, input, tenantId) {
      if (input.communityIds === undefined) return;
      const list = [...new Set((input.communityIds as number[] | null) ?? [])];
      if (list.length) {
        const found = await tx
          .select({ id: communities.id })
          .from(communities)
          .where(and(inArray(communities.id, list), eq(communities.tenantId, tenantId)));
        if (found.length !== list.length) fail(Code.BAD_REQUEST, 'refInvalid');
      }
      await tx.delete(propertyStaffCommunities).where(eq(propertyStaffCommunities.staffId, id));
      if (list.length)
        await tx
          .insert(propertyStaffCommunities)
          .values(list.map((communityId) => ({ tenantId, staffId: id, communityId })));
    },
    async decorate(db, rows) {
      if (!rows.length) return;
      const links = await db
        .select({ staffId: propertyStaffCommunities.staffId, communityId: propertyStaffCommunities.communityId })
        .from(propertyStaffCommunities)
        .where(
          inArray(
            propertyStaffCommunities.staffId,
            rows.map((r) => r.id as number),
          ),
        )
        .orderBy(propertyStaffCommunities.communityId);
      for (const r of rows) r.communityIds = links.filter((l) => l.staffId === r.id).map((l) => l.communityId);
    },
  },
});
