import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Code } from '../../shared/api';
import { APPLICATION_STATUS } from '../../shared/codes';
import { PHONE_RE } from '../../shared/validation';
import { tenantApplications } from '../../server/db/schema';
import { fail } from '../../server/lib/api-error';
import { authed } from '../../server/auth/request';

const applyEnterpriseBody = z.object({
  contact: z.string().trim().min(1, 'required').max(64, 'tooLong'),
  phone: z.string().trim().regex(PHONE_RE, 'phoneInvalid'),
  note: z.string().trim().max(500, 'tooLong').optional(),
});

/**
 * A tenant administrator's application for an enterprise account (docs/requirements/entities.md#organisation),
 * under /api/user/tenant; super administrators review it (src/entities/tenant-application).
 */
const tenantActions: FastifyPluginAsyncZod = async (app) => {
  const tags = ['user'];

  app.post(
    '/applyEnterprise',
    {
      config: { write: true },
      schema: {
        tags,
        summary: "A tenant administrator's application for an enterprise account",
        body: applyEnterpriseBody,
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      if (scope.kind !== 'admin' && scope.kind !== 'super') fail(Code.FORBIDDEN, 'noPermission');
      const [pending] = await app.db
        .select({ id: tenantApplications.id })
        .from(tenantApplications)
        .where(
          and(
            eq(tenantApplications.tenantId, scope.tenantId),
            eq(tenantApplications.status, APPLICATION_STATUS.pending),
          ),
        );
      if (pending) fail(Code.CONFLICT, 'applicationPending');
      const [row] = await app.db
        .insert(tenantApplications)
        .values({
          tenantId: scope.tenantId,
          applicantId: scope.userId,
          contact: request.body.contact,
          phone: request.body.phone,
          note: request.body.note ?? null,
        })
        .returning({ id: tenantApplications.id });
      return reply.ok({ id: row!.id });
    },
  );
};

export default tenantActions;
