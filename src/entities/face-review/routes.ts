import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Code } from '../../shared/api';
import { scopedWhere } from '../../server/db/scope';
import { addRow } from '../../server/engine/write';
import { ApiError, fail } from '../../server/lib/api-error';
import { moveState } from '../../server/engine/transition';
import { authed } from '../../server/auth/request';
import { faceSampleEntity } from '../face-sample';
import { FACE_REVIEW, FACE_REVIEW_MACHINE } from './resource';
import { faceReviews } from './table';

const idBody = z.object({ id: z.number().int().positive() });
const rejectBody = idBody.extend({ reason: z.string().trim().min(1).max(200) });
const target = { table: faceReviews, id: faceReviews.id, state: faceReviews.state };

const plugin: FastifyPluginAsyncZod = async (app) => {
  /**
   * Approve: the face goes through face processing and joins its library as a sample labelled
   * "<resident>,<room>". A face processing refuses (no face, several, blurry, too small, too
   * similar to another person) stays pending with the reason noted, and the answer says why.
   */
  app.post(
    '/approve',
    {
      config: { mark: 'faceReview:review' },
      schema: {
        tags: ['user'],
        summary: "Pass a resident's face: processed and added to its library as a sample",
        body: idBody,
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const [review] = await app.db
        .select()
        .from(faceReviews)
        .where(scopedWhere(scope, faceReviews, eq(faceReviews.id, request.body.id)));
      if (!review) return fail(Code.NOT_FOUND, 'notFound');
      if (review.state !== FACE_REVIEW.pending) return fail(Code.BAD_REQUEST, 'noSuchTransition');
      const labels = [review.residentName, review.room].filter(Boolean).join(',');
      let sample;
      try {
        sample = await addRow({ app, db: app.db, scope }, faceSampleEntity.binding, {
          tenantId: review.tenantId,
          libraryId: review.libraryId,
          labels,
          picture: review.picture,
        });
      } catch (err) {
        if (err instanceof ApiError)
          await app.db.update(faceReviews).set({ reason: err.key }).where(eq(faceReviews.id, review.id));
        throw err;
      }
      await moveState(app.db, target, FACE_REVIEW_MACHINE, review.id, FACE_REVIEW.passed, {
        set: { sampleId: sample.id, reason: null },
      });
      return reply.ok({ id: review.id, sampleId: sample.id, warning: sample.warning ?? null });
    },
  );

  app.post(
    '/reject',
    {
      config: { mark: 'faceReview:review' },
      schema: { tags: ['user'], summary: "Fail a resident's face with the reviewer's reason", body: rejectBody },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      await moveState(app.db, target, FACE_REVIEW_MACHINE, request.body.id, FACE_REVIEW.failed, {
        scope: scopedWhere(scope, faceReviews),
        set: { reason: request.body.reason },
      });
      return reply.ok({ id: request.body.id });
    },
  );
};

export default plugin;
