import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { Code } from '../../shared/api';
import { defineEntity } from '../../server/engine/registry';
import { fail } from '../../server/lib/api-error';
import reportSchedule from './resource';
import { cronValid, nextRunAfter, type ScheduleTiming } from './schedule';
import { reportSchedules, reportRuns, ReportScheduleRow } from './table';

/** The timing fields of a schedule must say when it runs; a cron expression must parse. */
function checkTiming(s: ScheduleTiming): void {
  if (s.frequency === 'cron') {
    if (!s.cron || !cronValid(s.cron)) fail(Code.BAD_REQUEST, 'cronInvalid');
    return;
  }
  if (!s.time) fail(Code.BAD_REQUEST, 'reportScheduleIncomplete');
  if (s.frequency === 'weekly' && !s.weekday) fail(Code.BAD_REQUEST, 'reportScheduleIncomplete');
  if (s.frequency === 'monthly' && !s.monthday) fail(Code.BAD_REQUEST, 'reportScheduleIncomplete');
}

export default defineEntity({
  def: reportSchedule,
  table: reportSchedules,
  hooks: {
    // The runs go with their schedule (the foreign key); their files leave the storage after the commit.
    async remove(ctx, ids) {
      const files = await ctx.db
        .select({ id: reportRuns.id, fileKey: reportRuns.fileKey })
        .from(reportRuns)
        .where(and(inArray(reportRuns.scheduleId, ids), isNotNull(reportRuns.fileKey)));
      await ctx.db.delete(reportSchedules).where(inArray(reportSchedules.id, ids));
      for (const { id, fileKey } of files)
        await ctx.app.jobs.files
          .remove(fileKey!)
          .catch((err: unknown) => ctx.app.log.warn({ err, runId: id }, 'report file not removed'));
    },
    // Every write recomputes the next run from now on the service's clock and TIME_ZONE.
    async beforeWrite(ctx, tx, values, _input, _tenantId, existing) {
      const [row] = existing ? await tx.select().from(reportSchedules).where(eq(reportSchedules.id, existing.id)) : [];
      const merged = { ...(row ?? {}), ...values } as unknown as ReportScheduleRow;
      checkTiming(merged);
      const enabled = merged.enabled ?? true;
      values.nextRunAt = enabled
        ? (nextRunAfter(merged, new Date(ctx.app.clock.now()), ctx.app.config.timeZone) ?? null)
        : null;
    },
  },
});
