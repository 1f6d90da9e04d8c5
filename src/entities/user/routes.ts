import { and, count, eq, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Code } from '../../shared/api';
import { STATUS } from '../../shared/codes';
import { idBody } from '../../shared/resources/list';
import { users } from './table';
import { scopedWhere } from '../../server/db/scope';
import { superOnly } from '../../server/engine/guards';
import type { ResourceChange } from '../../server/events';
import { fail } from '../../server/lib/api-error';
import { authed } from '../../server/auth/request';
import { revokeUserSessions } from '../../server/repos/sessions';
import { hideSupers, setUserRoles } from './users';

const ids = z.array(z.number().int().positive()).max(1000);
const assignRolesBody = z.object({ id: z.number().int().positive(), roleIds: ids });
const resetPasswordBody = z.object({
  id: z.number().int().positive(),
  password: z.string().min(6, 'passwordLength').max(64, 'passwordLength'),
});

async function userInScope(request: FastifyRequest, id: number) {
  const { scope } = authed(request);
  const [row] = await request.server.db
    .select({ id: users.id, tenantId: users.tenantId, kind: users.kind })
    .from(users)
    .where(scopedWhere(scope, users, eq(users.id, id), hideSupers(scope)));
  return row ?? fail(Code.NOT_FOUND, 'notFound');
}

/**
 * A user's roles, password and super administration (docs/requirements/entities.md#organisation,
 * docs/requirements/roles-and-permissions.md#administration), under /api/user/user.
 */
const userActions: FastifyPluginAsyncZod = async (app) => {
  const tags = ['user'];

  // A user disabled through the registry (server.ts revokes the sessions in the write): their live
  // connections go once it committed.
  const onChange = (c: ResourceChange) => {
    if (
      c.name === 'user' &&
      c.action === 'update' &&
      c.after?.status === STATUS.disabled &&
      c.before?.status !== STATUS.disabled
    )
      app.events.emit('sessions.revoked', { userId: c.id });
  };
  app.events.on('resource.changed', onChange);
  app.addHook('onClose', async () => {
    app.events.off('resource.changed', onChange);
  });

  app.post(
    '/assignRoles',
    { config: { mark: 'user:grantRole' }, schema: { tags, summary: "Replace a user's roles", body: assignRolesBody } },
    async (request, reply) => {
      const u = await userInScope(request, request.body.id);
      await app.db.transaction((tx) => setUserRoles(tx, u.id, u.tenantId, request.body.roleIds));
      return reply.ok(null);
    },
  );

  app.post(
    '/resetPassword',
    {
      config: { mark: 'user:resetPassword' },
      schema: { tags, summary: "Set a user's password and end their sessions", body: resetPasswordBody },
    },
    async (request, reply) => {
      const u = await userInScope(request, request.body.id);
      const now = app.clock.now();
      await app.db
        .update(users)
        .set({ passwordHash: await app.hasher.hash(request.body.password), updatedAt: new Date(now) })
        .where(eq(users.id, u.id));
      await revokeUserSessions(app.db, u.id, now);
      app.events.emit('sessions.revoked', { userId: u.id });
      return reply.ok(null);
    },
  );

  app.post(
    '/grantSuper',
    {
      config: { write: true },
      schema: { tags, summary: 'Make a user a super administrator (super administrators only)', body: idBody },
    },
    async (request, reply) => {
      superOnly(authed(request));
      const u = await userInScope(request, request.body.id);
      await app.db
        .update(users)
        .set({ kind: 'super', updatedAt: new Date(app.clock.now()) })
        .where(eq(users.id, u.id));
      return reply.ok(null);
    },
  );

  app.post(
    '/cancelSuper',
    {
      config: { write: true },
      schema: { tags, summary: 'Take super administration back (never the last one, never yourself)', body: idBody },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      superOnly({ scope });
      const u = await userInScope(request, request.body.id);
      if (u.id === scope.userId) fail(Code.CONFLICT, 'notOnSelf');
      if (u.kind !== 'super') return reply.ok(null);
      await app.db.transaction(async (tx) => {
        const [others] = await tx
          .select({ n: count() })
          .from(users)
          .where(and(eq(users.kind, 'super'), ne(users.id, u.id), eq(users.status, 1)));
        if ((others?.n ?? 0) === 0) fail(Code.CONFLICT, 'lastSuper');
        await tx
          .update(users)
          .set({ kind: 'admin', updatedAt: new Date(app.clock.now()) })
          .where(eq(users.id, u.id));
      });
      return reply.ok(null);
    },
  );
};

export default userActions;
