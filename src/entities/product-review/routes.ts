import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Code } from '../../shared/api';
import { fail } from '../../server/lib/api-error';
import { moveState } from '../../server/engine/transition';
import { authed } from '../../server/auth/request';
import { REVIEW_MARK_REVIEW, REVIEW_STATE, REVIEW_STATE_MACHINE } from './resource';
import { productReviews } from './table';

const tags = ['mall'];
const reviewBody = z.object({
  ids: z.array(z.number().int().positive()).min(1, 'nothingSelected').max(500, 'tooLarge'),
  /** 1 approve, 2 reject, 3 hide (an approved one). */
  state: z.union([z.literal(REVIEW_STATE.approved), z.literal(REVIEW_STATE.rejected), z.literal(REVIEW_STATE.hidden)]),
  reason: z.string().trim().max(200, 'tooLong').optional(),
});
const replyBody = z.object({
  id: z.number().int().positive(),
  reply: z.string().trim().min(1, 'required').max(500, 'tooLong'),
});

const plugin: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/review',
    {
      config: { mark: REVIEW_MARK_REVIEW },
      schema: {
        tags,
        summary:
          "Moderate reviews: approve (shown in the storefront), reject, or hide an approved one; each move the machine refuses is 'noSuchTransition'",
        body: reviewBody,
      },
    },
    async (request, reply) => {
      const { scope, user } = authed(request);
      const { ids, state, reason } = request.body;
      const set = { reviewReason: reason ?? null, reviewerName: user.name || user.username, reviewedAt: new Date() };
      // All or nothing: a refused one stops the batch before anything changed.
      await app.db.transaction(async (tx) => {
        for (const id of ids)
          await moveState(
            tx as unknown as typeof app.db,
            { table: productReviews, id: productReviews.id, state: productReviews.state },
            REVIEW_STATE_MACHINE,
            id,
            state,
            { scope: eq(productReviews.tenantId, scope.tenantId), set },
          );
      });
      for (const id of ids)
        app.events.emit('resource.changed', {
          kind: 'mall',
          name: 'productReview',
          action: 'update',
          id,
          tenantId: scope.tenantId,
          scope,
        });
      return reply.ok({ changed: ids.length });
    },
  );

  app.post(
    '/reply',
    {
      config: { mark: REVIEW_MARK_REVIEW },
      schema: { tags, summary: "The shop's reply to a review (replaces an earlier one)", body: replyBody },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const rows = await app.db
        .update(productReviews)
        .set({ reply: request.body.reply, repliedAt: new Date() })
        .where(and(inArray(productReviews.id, [request.body.id]), eq(productReviews.tenantId, scope.tenantId)))
        .returning({ id: productReviews.id });
      if (!rows.length) fail(Code.NOT_FOUND, 'notFound');
      return reply.ok(null);
    },
  );
};

export default plugin;
