import { and, eq } from 'drizzle-orm';
import { Code } from '../../shared/api';
import { defineEntity } from '../../server/engine/registry';
import { fail } from '../../server/lib/api-error';
import { communities } from '../community/table';
import building from './resource';
import { buildings } from './table';

export default defineEntity({
  def: building,
  table: buildings,
  hooks: {
    async beforeWrite(_ctx, tx, values, _input, tenantId) {
      if (values.communityId === undefined) return;
      const [c] = await tx
        .select({ id: communities.id })
        .from(communities)
        .where(and(eq(communities.id, Number(values.communityId)), eq(communities.tenantId, tenantId)));
      if (!c) fail(Code.BAD_REQUEST, 'refInvalid');
    },
  },
});
