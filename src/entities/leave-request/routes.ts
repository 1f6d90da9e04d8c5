import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PermissionMark } from '../../shared/permissions';
import type { DomainEventMap, ResourceChange } from '../../server/events';
import { notifyPending, pendingOf, withdrawApproval } from '../../server/approvals';
import { moveState } from '../../server/engine/transition';
import { authed } from '../../server/auth/request';
import leaveRequest, { LEAVE_MACHINE, LEAVE_STATE } from './resource';
import { leaveRequests } from './table';

const target = { table: leaveRequests, id: leaveRequests.id, state: leaveRequests.state };

/**
 * Leave's actions and subscribers: cancel (pending or approved -> cancelled, its pending approval
 * withdrawn); a new request's approvers are told once it committed; a deleted one's approval is
 * withdrawn; 'approval.decided' of kind 'leave' sets the state.
 */
const plugin: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/cancel',
    {
      config: { mark: `${leaveRequest.mark}:update` as PermissionMark },
      schema: {
        tags: ['user'],
        summary:
          'Cancel a pending or approved leave request (its pending approval is withdrawn); anything else is noSuchTransition',
        body: z.object({ id: z.number().int().positive() }),
      },
    },
    async (request, reply) => {
      const { tenantId } = authed(request).scope;
      await app.db.transaction(async (tx) => {
        await moveState(tx, target, LEAVE_MACHINE, request.body.id, LEAVE_STATE.cancelled, {
          scope: eq(leaveRequests.tenantId, tenantId),
        });
        for (const approvalId of await pendingOf(tx, tenantId, 'leave', request.body.id))
          await withdrawApproval(tx, { tenantId, approvalId });
      });
      const [row] = await app.db.select().from(leaveRequests).where(eq(leaveRequests.id, request.body.id));
      return reply.ok(row);
    },
  );

  const onChange = (c: ResourceChange) => {
    if (
      c.kind !== leaveRequest.kind ||
      c.name !== leaveRequest.name ||
      c.tenantId === undefined ||
      c.action === 'update'
    )
      return;
    const tenantId = c.tenantId;
    void (async () => {
      for (const approvalId of await pendingOf(app.db, tenantId, 'leave', c.id)) {
        if (c.action === 'add') await notifyPending(app, approvalId);
        else await withdrawApproval(app.db, { tenantId, approvalId });
      }
    })().catch((err: unknown) => app.log.error({ err, leaveId: c.id }, 'leave approval follow-up failed'));
  };

  const onDecided = (d: DomainEventMap['approval.decided'][0]) => {
    if (d.kind !== 'leave') return;
    const to = d.result === 'approved' ? LEAVE_STATE.approved : LEAVE_STATE.rejected;
    moveState(app.db, target, LEAVE_MACHINE, d.refId, to, {
      scope: and(eq(leaveRequests.tenantId, d.tenantId), eq(leaveRequests.approvalId, d.approvalId)),
    }).catch((err: unknown) =>
      app.log.warn({ err, leaveId: d.refId, approvalId: d.approvalId }, 'leave state not moved by its approval'),
    );
  };

  app.events.on('resource.changed', onChange);
  app.events.on('approval.decided', onDecided);
  app.addHook('onClose', async () => {
    app.events.off('resource.changed', onChange);
    app.events.off('approval.decided', onDecided);
  });
};

export default plugin;
