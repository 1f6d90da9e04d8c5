import { and, eq } from 'drizzle-orm';
import { Code } from '../../shared/api';
import { defineEntity } from '../../server/engine/registry';
import { fail } from '../../server/lib/api-error';
import { buildings } from '../building/table';
import unit from './resource';
import { units } from './table';

export default defineEntity({
  def: unit,
  table: units,
  hooks: {
    // The building must be the row's tenant's; its community is copied so lists filter without a join.
    async beforeWrite(_ctx, tx, values, _input, tenantId) {
      if (values.buildingId === undefined) return;
      const [b] = await tx
        .select({ communityId: buildings.communityId })
        .from(buildings)
        .where(and(eq(buildings.id, Number(values.buildingId)), eq(buildings.tenantId, tenantId)));
      if (!b) fail(Code.BAD_REQUEST, 'refInvalid');
      values.communityId = b!.communityId;
    },
  },
});
