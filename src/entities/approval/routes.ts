import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Code } from '../../shared/api';
import { APPROVAL_COMMENT_MAX } from '../../shared/approvals';
import { fail } from '../../server/lib/api-error';
import { authed, grantsMenu } from '../../server/auth/request';
import { decideApproval, detailOf, inboxOf, submitApproval, withdrawApproval } from '../../server/approvals';

const tags = ['user'];
const id = z.number().int().positive();
const decision = z.object({ id, comment: z.string().trim().max(APPROVAL_COMMENT_MAX).nullish() });

/**
 * The approval entity's actions (/api/user/approval/...). Deciding needs no button mark: the
 * request's node says who decides (an approver of its current level), so any user of the company
 * may call, and the engine refuses who is not one ('approvalNotYourTurn').
 */
const plugin: FastifyPluginAsyncZod = async (app) => {
  for (const result of ['approved', 'rejected'] as const) {
    app.post(
      result === 'approved' ? '/approve' : '/reject',
      {
        config: { write: true },
        schema: {
          tags,
          summary:
            result === 'approved'
              ? 'Approve at the current level with a comment: the next level decides, or the last level ends it approved (approval.decided)'
              : 'Reject at the current level with a comment: ends it rejected (approval.decided)',
          body: decision,
        },
      },
      async (request, reply) => {
        const { scope } = authed(request);
        return reply.ok(
          await decideApproval(app, {
            tenantId: scope.tenantId,
            approvalId: request.body.id,
            userId: scope.userId,
            result,
            comment: request.body.comment,
          }),
        );
      },
    );
  }

  app.post(
    '/withdraw',
    {
      config: { write: true },
      schema: {
        tags,
        summary:
          "The applicant withdraws a pending request of kind 'other' (leave and announcements: their own withdraw)",
        body: z.object({ id }),
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      await withdrawApproval(app.db, {
        tenantId: scope.tenantId,
        approvalId: request.body.id,
        userId: scope.userId,
        kind: 'other',
      });
      return reply.ok(null);
    },
  );

  app.post(
    '/submit',
    {
      config: { write: true },
      schema: {
        tags,
        summary: "Submit another request (kind 'other') on a node of the company, the caller as applicant",
        body: z.object({ nodeId: id, title: z.string().trim().min(1).max(200) }),
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      return reply.ok(
        await submitApproval(app, {
          tenantId: scope.tenantId,
          kind: 'other',
          refId: 0,
          nodeId: request.body.nodeId,
          title: request.body.title,
          applicantId: scope.userId,
        }),
      );
    },
  );

  app.post(
    '/inbox/list',
    {
      schema: {
        tags,
        summary: "To me: the company's pending requests whose current level names the caller",
        body: z.object({}).optional(),
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      return reply.ok(await inboxOf(app.db, scope.tenantId, scope.userId));
    },
  );

  app.post(
    '/detail',
    {
      schema: {
        tags,
        summary: 'A request with its approvers per level and its steps: for /audit, its applicant and its approvers',
        body: z.object({ id }),
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const detail = await detailOf(app.db, scope.tenantId, request.body.id);
      const involved =
        detail.approval.applicantId === scope.userId ||
        detail.levels.some((l) => l.approvers.some((a) => a.id === scope.userId));
      if (!involved && !(await grantsMenu(request, ['audit']))) fail(Code.FORBIDDEN, 'noPermission');
      return reply.ok(detail);
    },
  );
};

export default plugin;
