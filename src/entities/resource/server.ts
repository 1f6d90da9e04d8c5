import { eq } from 'drizzle-orm';
import { Code } from '../../shared/api';
import { resources } from './table';
import { defineEntity } from '../../server/engine/registry';
import { fail } from '../../server/lib/api-error';
import { deleteResource } from '../../server/repos/resources';
import resourceResource from './resource';

/** The platform-wide catalogue: everyone reads it, only super administrators change it. */
export default defineEntity({
  def: resourceResource,
  table: resources,
  hooks: {
    async beforeWrite(_ctx, tx, values, _input, _tenantId, existing) {
      const pid = values.pid as number | undefined;
      if (!pid) return;
      const [parent] = await tx.select({ id: resources.id }).from(resources).where(eq(resources.id, pid));
      if (!parent || pid === existing?.id) fail(Code.BAD_REQUEST, 'refInvalid');
    },
    async remove(ctx, ids) {
      for (const id of ids) await deleteResource(ctx.db, ctx.scope, id);
    },
  },
});
