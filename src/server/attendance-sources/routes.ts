import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUNCH_SOURCE } from '../../entities/attendance-punch/resource';
import { recordPunch } from '../attendance';
import { authed } from '../auth/request';

/**
 * `POST /api/user/attendancePunch/punch`: the console's punch button. The caller punches for
 * themselves (source 1, the service's time); the visitor, who writes nothing, is refused.
 */
const punchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/punch',
    {
      config: { write: true },
      schema: {
        tags: ['user'],
        summary: 'Punch in or out from the console (for the caller)',
        body: z.object({}).optional(),
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const at = new Date(app.clock.now());
      await recordPunch(app, { tenantId: scope.tenantId, userId: scope.userId, at, source: PUNCH_SOURCE.console });
      return reply.ok({ at: at.toISOString(), source: PUNCH_SOURCE.console });
    },
  );
};

export default punchRoutes;
