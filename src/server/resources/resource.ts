import { eq } from 'drizzle-orm';
import { Code } from '../../shared/api';
import { resourceResource } from '../../shared/resources/org';
import { resources } from '../db/schema';
import { registerBinding } from '../engine/registry';
import { fail } from '../lib/api-error';
import { deleteResource } from '../repos/resources';
import { superOnly } from '../engine/guards';

/** The platform-wide catalogue: everyone reads it, only super administrators change it. */
export const resourceBinding = registerBinding({
  def: resourceResource,
  table: resources,
  id: resources.id,
  columns: {
    name: resources.name,
    enName: resources.enName,
    type: resources.type,
    pid: resources.pid,
    icon: resources.icon,
    uri: resources.uri,
    value: resources.value,
    mark: resources.mark,
    status: resources.status,
    sort: resources.sort,
  },
  hooks: {
    guard: (ctx) => superOnly(ctx),
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
