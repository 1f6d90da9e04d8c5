import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Code } from '../../shared/api';
import { isoDate } from '../../shared/dates';
import { sql } from 'drizzle-orm';
import { finaliseRecent, recomputeRange, ATTENDANCE_RECOMPUTE_JOB, attendanceStats } from '../../server/attendance';
import { rowsOf } from '../../server/db/rows';
import { localDayOf } from '../../shared/attendance/days';
import { ATTENDANCE_REPORT_JOB } from '../../server/jobs/attendance-report';
import { fail } from '../../server/lib/api-error';
import { authed } from '../../server/auth/request';
import { startSweep } from '../../server/lib/sweep';

const tags = ['attendance'];
const day = isoDate.transform((v) => v.slice(0, 10));
const spanBody = z.object({
  from: day.optional(),
  to: day.optional(),
  departmentId: z.number().int().positive().optional(),
});
const MAX_DAYS = 366;
/** Minutes between finalisation runs (yesterday and today recomputed). */
const FINALISE_EVERY_MS = 15 * 60_000;

/**
 * The attendance routes beside the records' list: statistics (`attendance`), the monthly report
 * and the recompute of a span (jobs, DownloadTask), and the periodic finalisation that turns a
 * workday without punches into absent records once its periods are past.
 */
const plugin: FastifyPluginAsyncZod = async (app) => {
  const tz = app.config.timeZone;
  /**
   * [from, to] with the defaults of docs/requirements/constants.md#attendance (first of the month,
   * today), in order and at most a year.
   */
  const spanOf = (b: { from?: string; to?: string }) => {
    const today = localDayOf(new Date(app.clock.now()), tz);
    const from = b.from ?? `${today.slice(0, 7)}-01`;
    const to = b.to ?? today;
    if (from > to) fail(Code.BAD_REQUEST, 'rangeInvalid');
    if ((Date.parse(to) - Date.parse(from)) / 86_400_000 > MAX_DAYS) fail(Code.BAD_REQUEST, 'rangeInvalid');
    return { from, to };
  };

  app.post(
    '/stats',
    {
      config: { menus: ['attendance', 'AttendanceInfoList'] },
      schema: { tags, summary: 'Attendance statistics: per day, per department, the most often late', body: spanBody },
    },
    async (request, reply) =>
      reply.ok(
        await attendanceStats(app.db, authed(request).scope, {
          ...spanOf(request.body),
          departmentId: request.body.departmentId,
        }),
      ),
  );

  app.post(
    '/reportJob',
    {
      config: { write: true, menus: ['AttendanceInfoList', 'attendance'] },
      schema: {
        tags,
        summary: 'The monthly attendance report (XLSX) as a background job; the file appears in DownloadTask',
        body: z.object({
          month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
          departmentId: z.number().int().positive().optional(),
        }),
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const job = await app.jobs.enqueue(scope, ATTENDANCE_REPORT_JOB, `考勤月报：${request.body.month}`, {
        ...request.body,
      });
      return reply.ok(job);
    },
  );

  app.post(
    '/recompute',
    {
      config: { write: true, menus: ['AttendanceList'] },
      schema: {
        tags,
        summary: 'Recompute the attendance records of a span (after a rule changed) as a background job',
        body: spanBody.omit({ departmentId: true }),
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const span = spanOf(request.body);
      const job = await app.jobs.enqueue(scope, ATTENDANCE_RECOMPUTE_JOB, `考勤重算：${span.from} ~ ${span.to}`, span);
      return reply.ok(job);
    },
  );

  // Approved leave changes the days it covers (up to today): on leave instead of absent.
  const onDecided = (d: { tenantId: number; kind: string; refId: number; result: string }) => {
    if (d.kind !== 'leave' || d.result !== 'approved') return;
    void (async () => {
      const [leave] = rowsOf<{ user_id: number; start_at: string | Date; end_at: string | Date }>(
        await app.db.execute(
          sql`select user_id, start_at, end_at from leave_requests where id = ${d.refId} and tenant_id = ${d.tenantId}`,
        ),
      );
      if (!leave) return;
      const today = localDayOf(new Date(app.clock.now()), tz);
      const from = localDayOf(new Date(leave.start_at), tz);
      const to = [localDayOf(new Date(leave.end_at), tz), today].sort()[0]!;
      if (from <= to) await recomputeRange(app, d.tenantId, from, to, { userIds: [Number(leave.user_id)] });
    })().catch((err: unknown) => app.log.warn({ err }, 'attendance recompute after leave failed'));
  };
  app.events.on('approval.decided', onDecided);
  app.addHook('onClose', async () => {
    app.events.off('approval.decided', onDecided);
  });

  startSweep(app, 'attendance finalisation', FINALISE_EVERY_MS, () => finaliseRecent(app));
};

export default plugin;
