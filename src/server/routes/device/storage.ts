import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_RETENTION_DAYS } from '../../../shared/storage';
import { tenants } from '../../db/schema';
import { storageUsage } from '../../media-library/retention';
import { authed } from '../../auth/request';

const tags = ['device'];
const menus = ['CloudStorage'];

/** /CloudStorage: the tenant's stored media against its quota, its retention, and a clean-up now. */
const storageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/storage/usage',
    {
      config: { menus },
      schema: {
        tags,
        summary: "The company's uploads, recordings and photos against its quota, the storage in use and the retention",
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      return reply.ok(await storageUsage(app, scope.tenantId));
    },
  );

  app.post(
    '/storage/retention',
    {
      config: { menus, write: true },
      schema: {
        tags,
        summary: 'Days recordings and photos are kept (pinned ones always; 0 forever)',
        body: z.object({ days: z.number().int().min(0).max(MAX_RETENTION_DAYS) }),
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      await app.db.update(tenants).set({ mediaRetentionDays: request.body.days }).where(eq(tenants.id, scope.tenantId));
      return reply.ok({ days: request.body.days });
    },
  );

  app.post(
    '/storage/purge',
    {
      config: { menus, write: true },
      schema: { tags, summary: 'Delete what is past the retention now, as a job with progress' },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      return reply.ok(await app.jobs.enqueue(scope, 'purge', 'Media clean-up', {}));
    },
  );
};

export default storageRoutes;
