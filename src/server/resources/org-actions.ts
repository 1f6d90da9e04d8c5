import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Code } from '../../shared/api';
import type { NavEntry, ResourceType } from '../../shared/session';
import { APPLICATION_STATUS } from '../../shared/codes';
import { REVIEW_MACHINE } from '../../shared/state-machine';
import { moveState } from '../lib/transition';
import { idBody } from '../../shared/resources/list';
import { PHONE_RE } from '../../shared/validation';
import { departments, resources, roleResources, roles, tenantApplications, userRoles, users } from '../db/schema';
import { isPlatformScope, scopedWhere, type Scope } from '../db/scope';
import { fail } from '../lib/api-error';
import { authed } from '../plugins/auth';
import { revokeUserSessions } from '../repos/sessions';
import { hideSupers, setUserRoles } from './user';

const ids = z.array(z.number().int().positive()).max(1000);
export const assignRolesBody = z.object({ id: z.number().int().positive(), roleIds: ids });
export const resetPasswordBody = z.object({
  id: z.number().int().positive(),
  password: z.string().min(6, 'passwordLength').max(64, 'passwordLength'),
});
export const assignUsersBody = z.object({ id: z.number().int().positive(), userIds: ids.min(1, 'nothingSelected') });
export const grantBody = z.object({ id: z.number().int().positive(), resourceIds: ids });
export const applyEnterpriseBody = z.object({
  contact: z.string().trim().min(1, 'required').max(64, 'tooLong'),
  phone: z.string().trim().regex(PHONE_RE, 'phoneInvalid'),
  note: z.string().trim().max(500, 'tooLong').optional(),
});
export const reviewBody = z.object({
  id: z.number().int().positive(),
  status: z.union([z.literal(APPLICATION_STATUS.passed), z.literal(APPLICATION_STATUS.failed)]),
});

/** A catalogue node with its buttons: the permission manager's and the grant dialog's tree. */
export interface ResourceNode extends NavEntry {
  mark: string | null;
  status: number;
  list: ResourceNode[];
}

const superOnly = (scope: Scope) => {
  if (!isPlatformScope(scope)) fail(Code.FORBIDDEN, 'noPermission');
};

async function userInScope(request: FastifyRequest, id: number) {
  const { scope } = authed(request);
  const [row] = await request.server.db
    .select({ id: users.id, tenantId: users.tenantId, kind: users.kind })
    .from(users)
    .where(scopedWhere(scope, users, eq(users.id, id), hideSupers(scope)));
  return row ?? fail(Code.NOT_FOUND, 'notFound');
}

async function roleInScope(request: FastifyRequest, id: number) {
  const { scope } = authed(request);
  const [row] = await request.server.db
    .select({ id: roles.id, tenantId: roles.tenantId })
    .from(roles)
    .where(scopedWhere(scope, roles, eq(roles.id, id)));
  return row ?? fail(Code.NOT_FOUND, 'notFound');
}

/**
 * Organisation actions beyond CRUD (docs/requirements/entities.md#organisation,
 * docs/requirements/roles-and-permissions.md#administration), under /api/user.
 */
const orgActions: FastifyPluginAsyncZod = async (app) => {
  const tags = ['user'];

  app.post(
    '/user/assignRoles',
    { config: { mark: 'user:grantRole' }, schema: { tags, summary: "Replace a user's roles", body: assignRolesBody } },
    async (request, reply) => {
      const u = await userInScope(request, request.body.id);
      await app.db.transaction((tx) => setUserRoles(tx, u.id, u.tenantId, request.body.roleIds));
      return reply.ok(null);
    },
  );

  app.post(
    '/user/resetPassword',
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
      return reply.ok(null);
    },
  );

  app.post(
    '/user/grantSuper',
    {
      config: { write: true },
      schema: { tags, summary: 'Make a user a super administrator (super administrators only)', body: idBody },
    },
    async (request, reply) => {
      superOnly(authed(request).scope);
      const u = await userInScope(request, request.body.id);
      await app.db
        .update(users)
        .set({ kind: 'super', updatedAt: new Date(app.clock.now()) })
        .where(eq(users.id, u.id));
      return reply.ok(null);
    },
  );

  app.post(
    '/user/cancelSuper',
    {
      config: { write: true },
      schema: { tags, summary: 'Take super administration back (never the last one, never yourself)', body: idBody },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      superOnly(scope);
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

  app.post(
    '/department/assignUsers',
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

  app.post(
    '/role/resourceIds',
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
    '/role/grant',
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
      if (!isPlatformScope(scope) && wanted.length) {
        const held = await app.db
          .selectDistinct({ id: roleResources.resourceId })
          .from(userRoles)
          .innerJoin(roleResources, eq(roleResources.roleId, userRoles.roleId))
          .where(
            and(
              eq(userRoles.userId, scope.userId),
              eq(userRoles.tenantId, scope.tenantId),
              inArray(roleResources.resourceId, wanted),
            ),
          );
        if (held.length !== wanted.length) fail(Code.FORBIDDEN, 'resourceNotHeld');
      }
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

  app.post(
    '/resource/tree',
    { schema: { tags, summary: 'The whole catalogue as a tree, buttons included' } },
    async (_request, reply) => {
      const rows = await app.db.select().from(resources).orderBy(asc(resources.sort), asc(resources.id));
      const nodes = new Map<number, ResourceNode>(
        rows.map((r) => [
          r.id,
          {
            id: r.id,
            pid: r.pid,
            name: r.name,
            enName: r.enName,
            value: r.value ?? '',
            icon: r.icon,
            uri: r.uri ?? '',
            type: r.type as ResourceType,
            sort: r.sort,
            mark: r.mark,
            status: r.status,
            list: [],
          },
        ]),
      );
      const roots: ResourceNode[] = [];
      for (const n of nodes.values()) (n.pid && nodes.get(n.pid) ? nodes.get(n.pid)!.list : roots).push(n);
      return reply.ok(roots);
    },
  );

  app.post(
    '/tenant/applyEnterprise',
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

  app.post(
    '/tenantApplication/review',
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
      superOnly(scope);
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

export default orgActions;
