import { and, eq } from 'drizzle-orm';
import { Code } from '../../shared/api';
import { defineEntity } from '../../server/engine/registry';
import { fail } from '../../server/lib/api-error';
import { units } from '../unit/table';
import room from './resource';
import { rooms } from './table';

export default defineEntity({
  def: room,
  table: rooms,
  hooks: {
    // The unit must be the row's tenant's; its building and community are copied.
    async beforeWrite(_ctx, tx, values, _input, tenantId) {
      if (values.unitId === undefined) return;
      const [u] = await tx
        .select({ buildingId: units.buildingId, communityId: units.communityId })
        .from(units)
        .where(and(eq(units.id, Number(values.unitId)), eq(units.tenantId, tenantId)));
      if (!u) fail(Code.BAD_REQUEST, 'refInvalid');
      values.buildingId = u!.buildingId;
      values.communityId = u!.communityId;
    },
  },
});
