import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APPLICATION_STATUS } from '../../shared/codes';
import { REVIEW_MACHINE } from '../../shared/state-machine';
import { tenantApplications } from './table';
import { superOnly } from '../../server/engine/guards';
import { moveState } from '../../server/engine/transition';
import { authed } from '../../server/auth/request';

const reviewBody = z.object({
  id: z.number().int().positive(),
  status: z.union([z.literal(APPLICATION_STATUS.passed), z.literal(APPLICATION_STATUS.failed)]),
});

/**
 * The review of enterprise applications (docs/requirements/entities.md#organisation), under
 * /api/user/tenantApplication; tenant administrators apply through src/entities/tenant.
 */
const tenantApplicationActions: FastifyPluginAsyncZod = async (app) => {
  const tags = ['user'];

  app.post(
    '/review',
    {
      config: { write: true },
      schema: {
        tags,
        summary: 'Pass (2) or fail (3) a pending application (super administrators only)',
        body: reviewBody,
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      superOnly({ scope });
      // Only a pending application can be passed or failed (REVIEW_MACHINE); anything else is 'noSuchTransition'.
      await moveState(
        app.db,
        { table: tenantApplications, id: tenantApplications.id, state: tenantApplications.status },
        REVIEW_MACHINE,
        request.body.id,
        request.body.status,
        {
          set: { reviewerId: scope.userId, reviewedAt: new Date(app.clock.now()) },
        },
      );
      return reply.ok(null);
    },
  );
};

export default tenantApplicationActions;
