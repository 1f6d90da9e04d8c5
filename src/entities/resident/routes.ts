import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Code } from '../../shared/api';
import type { PermissionMark } from '../../shared/permissions';
import { formSchema } from '../../shared/resources/schema';
import { tenantWhere, type Scope } from '../../server/db/scope';
import { ApiError, fail } from '../../server/lib/api-error';
import { moveState } from '../../server/engine/transition';
import type { ResourceChange } from '../../server/events';
import { authed } from '../../server/auth/request';
import { doorUnitsOfResident, pushSoon } from '../access-right';
import { rooms } from '../room';
import resident, { BINDING, BINDING_MACHINE } from './resource';
import { facePicture, queueFaceReview } from './faces';
import { residents } from './table';

const tags = ['user'];
const id = z.number().int().positive();
const REVIEW: PermissionMark = 'resident:review';
const reason = z.string().trim().max(200).optional();

interface ReviewResult {
  id: number;
  ok: boolean;
  key?: string;
}

/**
 * Approve: an application to join (or one in review) passes; an application to exit ends the
 * binding (the row, its rights and cards go). Reject: an application to join is rejected; an
 * application to exit is refused (the resident stays, passed). Anything else: noSuchTransition.
 */
async function review(
  app: FastifyInstance,
  scope: Scope,
  rowId: number,
  approve: boolean,
  why?: string,
): Promise<void> {
  const [row] = await app.db
    .select()
    .from(residents)
    .where(and(eq(residents.id, rowId), tenantWhere(scope, residents)));
  if (!row) fail(Code.NOT_FOUND, 'notFound');
  const before = await doorUnitsOfResident(app.db, row!.id);
  if (approve && row!.reviewState === BINDING.applyExit) {
    await app.db.delete(residents).where(and(eq(residents.id, row!.id), eq(residents.reviewState, BINDING.applyExit)));
    pushSoon(app, row!.tenantId, before);
    return;
  }
  const to = approve ? BINDING.pass : row!.reviewState === BINDING.applyExit ? BINDING.pass : BINDING.reject;
  await moveState(
    app.db,
    { table: residents, id: residents.id, state: residents.reviewState },
    BINDING_MACHINE,
    row!.id,
    to,
    {
      scope: eq(residents.tenantId, row!.tenantId),
      set: { reviewReason: why || null },
    },
  );
  pushSoon(app, row!.tenantId, before);
}

const applyBody = formSchema(resident, 'add');

const plugin: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/approve',
    {
      config: { mark: REVIEW },
      schema: {
        tags,
        summary: 'Approve an application to join (passed) or to exit (the binding ends)',
        body: z.object({ id, reason }),
      },
    },
    async (request, reply) => {
      await review(app, authed(request).scope, request.body.id, true, request.body.reason);
      return reply.ok(null);
    },
  );

  app.post(
    '/reject',
    {
      config: { mark: REVIEW },
      schema: {
        tags,
        summary: 'Reject an application to join, or refuse one to exit, with a reason',
        body: z.object({ id, reason: z.string().trim().min(1).max(200) }),
      },
    },
    async (request, reply) => {
      await review(app, authed(request).scope, request.body.id, false, request.body.reason);
      return reply.ok(null);
    },
  );

  app.post(
    '/batchApprove',
    {
      config: { mark: REVIEW },
      schema: {
        tags,
        summary: 'Approve many; each row answered on its own',
        body: z.object({ ids: z.array(id).min(1).max(200) }),
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const results: ReviewResult[] = [];
      for (const rowId of [...new Set(request.body.ids)]) {
        try {
          await review(app, scope, rowId, true);
          results.push({ id: rowId, ok: true });
        } catch (err) {
          if (!(err instanceof ApiError)) throw err;
          results.push({ id: rowId, ok: false, key: err.key });
        }
      }
      return reply.ok({ results });
    },
  );

  app.post(
    '/move',
    {
      config: { mark: REVIEW },
      schema: {
        tags,
        summary:
          'Any move the binding machine allows (take into review, re-apply, apply to exit ...); others answer noSuchTransition',
        body: z.object({ id, to: z.number().int().min(1).max(6), reason }),
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const [row] = await app.db
        .select({ tenantId: residents.tenantId })
        .from(residents)
        .where(and(eq(residents.id, request.body.id), tenantWhere(scope, residents)));
      if (!row) fail(Code.NOT_FOUND, 'notFound');
      await moveState(
        app.db,
        { table: residents, id: residents.id, state: residents.reviewState },
        BINDING_MACHINE,
        request.body.id,
        request.body.to,
        {
          scope: eq(residents.tenantId, row!.tenantId),
          set: request.body.reason !== undefined ? { reviewReason: request.body.reason || null } : {},
        },
      );
      pushSoon(app, row!.tenantId, await doorUnitsOfResident(app.db, request.body.id));
      return reply.ok(null);
    },
  );

  app.post(
    '/apply',
    {
      config: { write: true },
      schema: {
        tags,
        summary:
          "An application to bind the caller to a room (owner, family, tenant): listed in /bindingReview as 'apply to join'",
        body: applyBody,
      },
    },
    async (request, reply) => {
      const { scope, user } = authed(request);
      const body = request.body as Record<string, unknown>;
      const [room] = await app.db
        .select({ communityId: rooms.communityId, tenantId: rooms.tenantId })
        .from(rooms)
        .where(and(eq(rooms.id, Number(body.roomId)), tenantWhere(scope, rooms)));
      if (!room) fail(Code.BAD_REQUEST, 'refInvalid');
      const [row] = await app.db
        .insert(residents)
        .values({
          tenantId: room!.tenantId,
          communityId: room!.communityId,
          roomId: Number(body.roomId),
          name: String(body.name),
          phone: String(body.phone),
          idNumber: (body.idNumber as string | undefined) || null,
          role: Number(body.role),
          userId: user.id,
          facePhoto: (body.facePhoto as string | undefined) || null,
          reviewState: BINDING.applyJoin,
        })
        .returning({ id: residents.id });
      await queueFaceReview(app, room!.tenantId, {
        name: String(body.name),
        roomId: Number(body.roomId),
        facePhoto: body.facePhoto,
      });
      return reply.ok({ id: row!.id });
    },
  );

  // A face photo given (or changed) in the console goes to face review; a face that passed reaches
  // the door units of the resident's rights.
  const onChange = (c: ResourceChange) => {
    if (c.tenantId === undefined || !c.after) return;
    const tenantId = c.tenantId;
    if (c.kind === resident.kind && c.name === resident.name && c.action !== 'delete') {
      if (!facePicture(c.after.facePhoto) || facePicture(c.after.facePhoto) === facePicture(c.before?.facePhoto))
        return;
      queueFaceReview(app, tenantId, {
        name: String(c.after.name),
        roomId: Number(c.after.roomId),
        facePhoto: c.after.facePhoto,
      }).catch((err: unknown) => app.log.warn({ err }, 'queueing a face review failed'));
    } else if (c.name === 'faceSample' && c.action === 'add' && typeof c.after.picture === 'string') {
      void pushResidentsWithPicture(tenantId, c.after.picture).catch((err: unknown) =>
        app.log.warn({ err }, 'pushing a passed face failed'),
      );
    }
  };
  const pushResidentsWithPicture = async (tenantId: number, picture: string) => {
    const people = await app.db
      .select({ id: residents.id, facePhoto: residents.facePhoto })
      .from(residents)
      .where(and(eq(residents.tenantId, tenantId), isNotNull(residents.facePhoto)));
    const doors: number[] = [];
    for (const p of people)
      if (facePicture(p.facePhoto) === picture) doors.push(...(await doorUnitsOfResident(app.db, p.id)));
    pushSoon(app, tenantId, doors);
  };
  app.events.on('resource.changed', onChange);
  app.addHook('onClose', async () => {
    app.events.off('resource.changed', onChange);
  });

  app.post(
    '/applyExit',
    {
      config: { write: true },
      schema: {
        tags,
        summary: "A bound resident's application to leave the room (goes to /bindingReview)",
        body: z.object({ id }),
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const [row] = await app.db
        .select({ tenantId: residents.tenantId })
        .from(residents)
        .where(and(eq(residents.id, request.body.id), tenantWhere(scope, residents)));
      if (!row) fail(Code.NOT_FOUND, 'notFound');
      await moveState(
        app.db,
        { table: residents, id: residents.id, state: residents.reviewState },
        BINDING_MACHINE,
        request.body.id,
        BINDING.applyExit,
        { scope: eq(residents.tenantId, row!.tenantId) },
      );
      return reply.ok(null);
    },
  );
};

export default plugin;
