import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { navigationBody } from '../../../shared/auth';
import { authed } from '../../auth/request';
import { navigationFor } from '../../repos/navigation';

/** `POST /api/user/per/getNavigationBar`: the caller's menu tree (docs/requirements/entities.md#navigation-entry). */
const per: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/getNavigationBar',
    {
      schema: {
        tags: ['user'],
        summary: "The caller's menu tree: directories and menus of their roles, pid 0 at the top, children in `list`",
        body: navigationBody,
      },
    },
    async (request, reply) => reply.ok(await navigationFor(app.db, authed(request).scope)),
  );
};

export default per;
