import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Code } from '../../shared/api';
import { isPlatformScope, type Scope } from '../../server/db/scope';
import { XLSX_TYPE } from '../../server/engine/files';
import { fail } from '../../server/lib/api-error';
import { startSweep } from '../../server/lib/sweep';
import { authed } from '../../server/auth/request';
import reportSchedule, { REPORT_MARK_RUN } from './resource';
import { queueRunNow, REPORT_SWEEP_MS, retryRun, sweepReports } from './runs';
import { reportRuns, reportSchedules, type ReportRunRow, type ReportScheduleRow } from './table';

const tags = ['user'];
const id = z.number().int().positive();
const menus = reportSchedule.routes;

/** The caller's tenant condition on a table's tenant column (super administrators: none). */
const ofTenant = (
  scope: Scope,
  column: typeof reportSchedules.tenantId | typeof reportRuns.tenantId,
): SQL | undefined => (isPlatformScope(scope) ? undefined : eq(column, scope.tenantId));

/** Schedule or run `id` in the caller's tenant (super administrators: any), else 404 notFound. */
async function own(
  app: FastifyInstance,
  scope: Scope,
  table: typeof reportSchedules,
  id: number,
): Promise<ReportScheduleRow>;
async function own(app: FastifyInstance, scope: Scope, table: typeof reportRuns, id: number): Promise<ReportRunRow>;
async function own(
  app: FastifyInstance,
  scope: Scope,
  table: typeof reportSchedules | typeof reportRuns,
  id: number,
): Promise<ReportScheduleRow | ReportRunRow> {
  const [row] = await app.db
    .select()
    .from(table as typeof reportRuns)
    .where(and(eq(table.id, id), ofTenant(scope, table.tenantId)));
  return row ?? fail(Code.NOT_FOUND, 'notFound');
}

/** A run as the console's history shows it (no storage key, no message bodies). */
const runOf = (r: ReportRunRow) => ({
  id: r.id,
  scheduleId: r.scheduleId,
  kind: r.kind,
  periodFrom: r.periodFrom.toISOString(),
  periodTo: r.periodTo.toISOString(),
  manual: r.manual,
  state: r.state,
  attempts: r.attempts,
  nextAttemptAt: r.state === 'queued' ? r.nextAttemptAt.toISOString() : null,
  error: r.error,
  startedAt: r.startedAt?.toISOString() ?? null,
  finishedAt: r.finishedAt?.toISOString() ?? null,
  fileName: r.fileKey ? r.fileName : null,
  bytes: r.fileKey ? r.bytes : null,
});

/** One sweep pass at a time in this process; "run now" starts one (outside the tests, which sweep on their clock). */
function kicker(app: FastifyInstance) {
  let busy: Promise<void> | undefined;
  return () => {
    busy ??= sweepReports(app)
      .catch((err: unknown) => app.log.warn({ err }, 'scheduled reports failed'))
      .finally(() => (busy = undefined));
    return busy;
  };
}

/**
 * Scheduled reports beyond CRUD (docs/integrations.md "Scheduled reports"): "run now", a
 * schedule's run history, a run's file; and the sweep that sends due reports on every replica.
 */
const plugin: FastifyPluginAsyncZod = async (app) => {
  const kick = kicker(app);

  app.post(
    '/runNow',
    {
      config: { mark: REPORT_MARK_RUN },
      schema: {
        tags,
        summary: "Queue a run of the schedule now, covering the period that ends now (its kind's span)",
        body: z.object({ id }),
      },
    },
    async (request, reply) => {
      const schedule = await own(app, authed(request).scope, reportSchedules, request.body.id);
      const run = await queueRunNow(app, schedule);
      if (app.config.env !== 'test') void kick();
      return reply.ok(runOf(run));
    },
  );

  app.post(
    '/retryRun',
    {
      config: { mark: REPORT_MARK_RUN },
      schema: {
        tags,
        summary:
          'Queue a failed run again, with its attempts anew: the file it wrote is sent, or written if it has none',
        body: z.object({ id }),
      },
    },
    async (request, reply) => {
      const run = await own(app, authed(request).scope, reportRuns, request.body.id);
      const queued = await retryRun(app, run.id);
      if (!queued) fail(Code.BAD_REQUEST, 'reportRunNotFailed');
      if (app.config.env !== 'test') void kick();
      return reply.ok(runOf(queued));
    },
  );

  app.post(
    '/runs',
    {
      config: { menus },
      schema: {
        tags,
        summary: 'The runs of a schedule, newest first: period, state, attempts, last error, file',
        body: z.object({
          scheduleId: id,
          page: z.number().int().min(1).default(1),
          size: z.number().int().min(1).max(100).default(20),
        }),
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const { scheduleId, page, size } = request.body;
      const where = and(eq(reportRuns.scheduleId, scheduleId), ofTenant(scope, reportRuns.tenantId));
      const [total] = await app.db.select({ n: count() }).from(reportRuns).where(where);
      const rows = await app.db
        .select()
        .from(reportRuns)
        .where(where)
        .orderBy(desc(reportRuns.id))
        .limit(size)
        .offset((page - 1) * size);
      return reply.ok({ rows: rows.map(runOf), total: total?.n ?? 0 });
    },
  );

  app.post(
    '/download',
    {
      config: { menus },
      schema: { tags, summary: "A run's XLSX file", body: z.object({ id }) },
    },
    async (request, reply) => {
      const run = await own(app, authed(request).scope, reportRuns, request.body.id);
      const file = run.fileKey ? await app.jobs.files.open(run.fileKey) : undefined;
      if (!file) fail(Code.NOT_FOUND, 'reportFileGone');
      const name = run.fileName ?? 'report.xlsx';
      return reply
        .header('content-type', XLSX_TYPE)
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

  startSweep(app, 'scheduled reports', REPORT_SWEEP_MS, kick, { runAtStart: true });
};

export default plugin;
