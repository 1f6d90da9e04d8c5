import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Code } from '../../../shared/api';
import { isPlatformScope } from '../../db/scope';
import { fail } from '../../lib/api-error';
import { authed } from '../../auth/request';

/**
 * POST /api/device/ingest/stats: this process's ingest counters, and its protocol listeners'
 * (connections, frames, errors, refused logins, irregularities by kind; docs/protocols.md)
 * (super administrators).
 */
const ingestStatsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/ingest/stats',
    { schema: { tags: ['device'], summary: 'Device ingest counters of this service process (super administrators)' } },
    async (request, reply) => {
      if (!isPlatformScope(authed(request).scope)) fail(Code.FORBIDDEN, 'noPermission');
      const protocols = Object.fromEntries(
        [...app.protocols.counters].map(([name, c]) => [name, { ...c, irregular: { ...c.irregular } }]),
      );
      return reply.ok({
        ...app.ingestStats,
        dropped: { ...app.ingestStats.dropped },
        queued: app.ingest.depth(),
        protocols,
      });
    },
  );
};

export default ingestStatsRoutes;
