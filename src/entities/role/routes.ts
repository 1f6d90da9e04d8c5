import { asc, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Code } from '../../shared/api';
import { idBody } from '../../shared/resources/list';
import { resources } from '../../server/db/schema';
import { roleResources, roles } from './table';
import { scopedWhere } from '../../server/db/scope';
import { fail } from '../../server/lib/api-error';
import { authed } from '../../server/auth/request';
import { assertHeldResources, notIntegrationRole } from '../../server/repos/roles';

const ids = z.array(z.number().int().positive()).max(1000);
const grantBody = z.object({ id: z.number().int().positive(), resourceIds: ids });

async function roleInScope(request: FastifyRequest, id: number) {
  const { scope } = authed(request);
  const [row] = await request.server.db
    .select({ id: roles.id, tenantId: roles.tenantId })
    .from(roles)
    .where(scopedWhere(scope, roles, eq(roles.id, id), notIntegrationRole()));
  return row ?? fail(Code.NOT_FOUND, 'notFound');
}

/**
 * A role's granted resources and the grant (docs/requirements/roles-and-permissions.md#administration),
 * under /api/user/role.
 */
const roleActions: FastifyPluginAsyncZod = async (app) => {
  const tags = ['user'];

  app.post(
    '/resourceIds',
    { schema: { tags, summary: 'Resource ids granted to a role', body: idBody } },
    async (request, reply) => {
      const role = await roleInScope(request, request.body.id);
      const rows = await app.db
        .select({ id: roleResources.resourceId })
        .from(roleResources)
        .where(eq(roleResources.roleId, role.id))
        .orderBy(asc(roleResources.resourceId));
      return reply.ok(rows.map((r) => r.id));
    },
  );

  app.post(
    '/grant',
    {
      config: { mark: 'role:grant' },
      schema: {
        tags,
        summary: "Replace a role's resources (tenant administrators: only resources they hold)",
        body: grantBody,
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const role = await roleInScope(request, request.body.id);
      const wanted = [...new Set(request.body.resourceIds)];
      if (wanted.length) {
        const existing = await app.db.select({ id: resources.id }).from(resources).where(inArray(resources.id, wanted));
        if (existing.length !== wanted.length) fail(Code.BAD_REQUEST, 'refInvalid');
      }
      await assertHeldResources(app.db, scope, wanted);
      await app.db.transaction(async (tx) => {
        await tx.delete(roleResources).where(eq(roleResources.roleId, role.id));
        if (wanted.length)
          await tx
            .insert(roleResources)
            .values(wanted.map((resourceId) => ({ tenantId: role.tenantId, roleId: role.id, resourceId })));
      });
      return reply.ok(null);
    },
  );
};

export default roleActions;
