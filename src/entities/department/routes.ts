import { eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Code } from '../../shared/api';
import { departments } from './table';
import { users } from '../../server/db/schema';
import { scopedWhere } from '../../server/db/scope';
import { fail } from '../../server/lib/api-error';
import { authed } from '../../server/auth/request';
import { hideSupers } from '../user';

const ids = z.array(z.number().int().positive()).max(1000);
const assignUsersBody = z.object({ id: z.number().int().positive(), userIds: ids.min(1, 'nothingSelected') });

/**
 * Moving users into a department (docs/requirements/entities.md#organisation), under /api/user/department.
 */
const departmentActions: FastifyPluginAsyncZod = async (app) => {
  const tags = ['user'];

  app.post(
    '/assignUsers',
    {
      config: { mark: 'department:update' },
      schema: { tags, summary: 'Move users into a department (bulk)', body: assignUsersBody },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const [dept] = await app.db
        .select({ id: departments.id, tenantId: departments.tenantId })
        .from(departments)
        .where(scopedWhere(scope, departments, eq(departments.id, request.body.id)));
      if (!dept) fail(Code.NOT_FOUND, 'notFound');
      const userIds = [...new Set(request.body.userIds)];
      await app.db.transaction(async (tx) => {
        const found = await tx
          .select({ id: users.id })
          .from(users)
          .where(
            scopedWhere(
              scope,
              users,
              inArray(users.id, userIds),
              eq(users.tenantId, dept!.tenantId),
              hideSupers(scope),
            ),
          );
        if (found.length !== userIds.length) fail(Code.NOT_FOUND, 'notFound');
        await tx.update(users).set({ departmentId: dept!.id }).where(inArray(users.id, userIds));
      });
      return reply.ok(null);
    },
  );
};

export default departmentActions;
