import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, gt, inArray, ne } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Code } from '../../../shared/api';
import { JOB_LINK_TTL_MS, JOB_STATE, jobIdBody, jobListBody } from '../../../shared/jobs';
import { idsBody } from '../../../shared/resources/list';
import { jobs } from '../../db/schema';
import { jobOf, type JobRow } from '../../jobs/rows';
import { jobFileKeys } from '../../jobs/runner';
import { fail } from '../../lib/api-error';
import { authed } from '../../auth/request';

const tags = ['user'];

/**
 * `POST /api/user/job/*`: the caller's own background jobs (the DownloadTask screen), a fresh
 * download link for a finished one, and deleting finished ones. `GET /api/user/job/file/:token`
 * serves the file without a session (a plain link downloads it) while the link has not expired.
 */
const jobRoutes: FastifyPluginAsyncZod = async (app) => {
  const own = async (userId: number, id: number): Promise<JobRow> => {
    const [row] = await app.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.id, id), eq(jobs.userId, userId)));
    return row ?? fail(Code.NOT_FOUND, 'notFound');
  };

  app.post(
    '/list',
    { schema: { tags, summary: "The caller's background jobs, newest first", body: jobListBody } },
    async (request, reply) => {
      const { page, size, state } = request.body;
      const where = and(
        eq(jobs.userId, authed(request).scope.userId),
        state === undefined ? undefined : eq(jobs.state, state),
      );
      const [rows, [total]] = await Promise.all([
        app.db
          .select()
          .from(jobs)
          .where(where)
          .orderBy(desc(jobs.id))
          .limit(size)
          .offset((page - 1) * size),
        app.db.select({ n: count() }).from(jobs).where(where),
      ]);
      const now = app.clock.now();
      return reply.ok({ rows: rows.map((r) => jobOf(r, now)), total: Number(total?.n ?? 0) });
    },
  );

  app.post('/get', { schema: { tags, summary: "One of the caller's jobs", body: jobIdBody } }, async (request, reply) =>
    reply.ok(jobOf(await own(authed(request).scope.userId, request.body.id), app.clock.now())),
  );

  app.post(
    '/link',
    { schema: { tags, summary: 'A download link for a finished job, valid for 10 minutes', body: jobIdBody } },
    async (request, reply) => {
      const row = await own(authed(request).scope.userId, request.body.id);
      if (row.state !== JOB_STATE.done || !row.fileKey) fail(Code.BAD_REQUEST, 'jobNotReady');
      const token = randomBytes(24).toString('base64url');
      const expiresAt = new Date(app.clock.now() + JOB_LINK_TTL_MS);
      await app.db.update(jobs).set({ linkToken: token, linkExpiresAt: expiresAt }).where(eq(jobs.id, row.id));
      return reply.ok({ url: `/api/user/job/file/${token}`, expiresAt: expiresAt.toISOString() });
    },
  );

  app.post(
    '/delete',
    {
      config: { write: true },
      schema: { tags, summary: 'Delete finished jobs of the caller and their files', body: idsBody },
    },
    async (request, reply) => {
      const userId = authed(request).scope.userId;
      const gone = await app.db
        .delete(jobs)
        .where(
          and(
            eq(jobs.userId, userId),
            inArray(jobs.id, request.body.ids),
            ne(jobs.state, JOB_STATE.running),
            ne(jobs.state, JOB_STATE.queued),
          ),
        )
        .returning({ fileKey: jobs.fileKey, params: jobs.params });
      await Promise.all(gone.flatMap((g) => jobFileKeys(g.fileKey, g.params)).map((key) => app.jobs.files.remove(key)));
      return reply.ok({ deleted: gone.length });
    },
  );

  app.get(
    '/file/:token',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'The file of a finished job, by its download link',
        params: z.object({ token: z.string().max(64) }),
      },
    },
    async (request, reply) => {
      const [row] = await app.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.linkToken, request.params.token), gt(jobs.linkExpiresAt, new Date(app.clock.now()))));
      const file = row?.fileKey ? await app.jobs.files.open(row.fileKey) : undefined;
      if (!row || !file) return reply.code(410).ok(null, 'downloadExpired');
      const name = row.fileName ?? 'download';
      return reply
        .header('content-type', row.contentType ?? 'application/octet-stream')
        .header('content-length', file.size)
        .header(
          'content-disposition',
          `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
        )
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );
};

export default jobRoutes;
