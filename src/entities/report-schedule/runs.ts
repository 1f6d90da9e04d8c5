import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { wallClockText } from '../../shared/wall-clock';
import { rowsOf } from '../../server/db/rows';
import { XLSX_TYPE } from '../../server/engine/files';
import { REPORT_KIND_TABLE, recipientsOf, type ReportKind } from './resource';
import { nextRunAfter, periodBefore } from './schedule';
import { reportRuns, reportSchedules, type ReportRunRow, type ReportScheduleRow, type RunMessage } from './table';
import { writeReport, type WrittenReport } from './reports';

/** How often every replica looks for due schedules and queued runs. */
export const REPORT_SWEEP_MS = 30_000;
/** Attempts of a run before it is failed, and the wait before each retry (after the 1st, 2nd failure). */
const REPORT_ATTEMPTS = 3;
export const REPORT_BACKOFF_MS = [60_000, 5 * 60_000] as const;
/** A run left running this long by a replica that died is taken up again. */
const REPORT_STALE_MS = 10 * 60_000;
/** A run's file is kept this long after the run finished, then removed from the storage (the run stays). */
export const REPORT_FILE_TTL_MS = 30 * 86_400_000;
/** Schedules claimed per pass. */
const CLAIM_BATCH = 50;

/** This process, as it is named in `report_runs.claimed_by`. */
const RUNNER_ID = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The e-mail of a written report: subject, plain text and the HTML summary (figures and the first rows). */
function messageOf(
  schedule: Pick<ReportScheduleRow, 'name' | 'kind'>,
  run: Pick<ReportRunRow, 'periodFrom' | 'periodTo'>,
  report: WrittenReport,
  tz: string,
): RunMessage {
  const kind = REPORT_KIND_TABLE.find((k) => k.value === schedule.kind);
  const period = `${wallClockText(run.periodFrom, tz).slice(0, 16)} - ${wallClockText(run.periodTo, tz).slice(0, 16)} (${tz})`;
  const subject = `${schedule.name} · ${kind?.cn ?? schedule.kind} ${kind?.en ?? ''} · ${period}`;
  const text = [
    `${schedule.name}: ${kind?.en ?? schedule.kind}`,
    period,
    '',
    ...report.figures.map(([k, v]) => `${k}: ${v}`),
    '',
    `${report.fileName} (XLSX)`,
  ].join('\n');
  const cells = (row: readonly unknown[], tag: 'td' | 'th') =>
    row
      .map((v) => `<${tag} style="border:1px solid #ccc;padding:4px 8px">${escapeHtml(String(v ?? ''))}</${tag}>`)
      .join('');
  const preview = report.preview
    ? `<h3>${escapeHtml(report.preview.name)}</h3><table style="border-collapse:collapse">` +
      `<tr>${cells(report.preview.head, 'th')}</tr>` +
      report.preview.rows.map((r) => `<tr>${cells(r, 'td')}</tr>`).join('') +
      '</table>'
    : '';
  const html =
    `<!doctype html><html><body style="font-family:sans-serif">` +
    `<h2>${escapeHtml(schedule.name)}</h2><p>${escapeHtml(kind?.cn ?? '')} ${escapeHtml(kind?.en ?? '')}<br>${escapeHtml(period)}</p>` +
    `<table style="border-collapse:collapse">${report.figures.map((f) => `<tr>${cells(f, 'td')}</tr>`).join('')}</table>` +
    `${preview}<p>${escapeHtml(report.fileName)}</p></body></html>`;
  return { subject, text, html };
}

/**
 * Claims the schedules that are due (enabled, next_run_at passed) and queues one run for each.
 * Every replica sweeps: `for update skip locked` plus moving next_run_at on in the same
 * transaction means a due instant is claimed by exactly one of them (the pattern of the job
 * runner, src/server/jobs/runner.ts). Instants missed while no replica ran collapse into one run,
 * and the next one is computed from now.
 */
async function claimDueSchedules(app: FastifyInstance): Promise<number> {
  const now = new Date(app.clock.now());
  const tz = app.config.timeZone;
  // Schedules written without the entity's hook (the demo seed, an import) get their next run first.
  const unset = await app.db
    .select()
    .from(reportSchedules)
    .where(and(eq(reportSchedules.enabled, true), isNull(reportSchedules.nextRunAt)));
  for (const s of unset)
    await app.db
      .update(reportSchedules)
      .set({ nextRunAt: nextRunAfter(s, now, tz) ?? null })
      .where(and(eq(reportSchedules.id, s.id), isNull(reportSchedules.nextRunAt)));
  return app.db.transaction(async (tx) => {
    const ids = rowsOf<{ id: number }>(
      await tx.execute(sql`
        select id from report_schedules
        where enabled and next_run_at <= ${now.toISOString()}
        order by next_run_at, id limit ${CLAIM_BATCH} for update skip locked`),
    ).map((r) => r.id);
    for (const id of ids) {
      const [s] = await tx.select().from(reportSchedules).where(eq(reportSchedules.id, id));
      if (!s?.nextRunAt) continue;
      const due = s.nextRunAt;
      const period = periodBefore(s, due, tz, s.lastRunAt);
      await tx
        .update(reportSchedules)
        .set({ nextRunAt: nextRunAfter(s, now, tz) ?? null, lastRunAt: due })
        .where(eq(reportSchedules.id, id));
      await tx.insert(reportRuns).values({
        tenantId: s.tenantId,
        scheduleId: s.id,
        kind: s.kind,
        periodFrom: period.from,
        periodTo: period.to,
        nextAttemptAt: now,
      });
    }
    return ids.length;
  });
}

/** "Run now": a run of the period ending now, queued for the next pass (which the caller may start). */
export async function queueRunNow(app: FastifyInstance, schedule: ReportScheduleRow): Promise<ReportRunRow> {
  const now = new Date(app.clock.now());
  const period = periodBefore(schedule, now, app.config.timeZone, schedule.lastRunAt);
  const [run] = await app.db
    .insert(reportRuns)
    .values({
      tenantId: schedule.tenantId,
      scheduleId: schedule.id,
      kind: schedule.kind,
      periodFrom: period.from,
      periodTo: period.to,
      manual: true,
      nextAttemptAt: now,
    })
    .returning();
  return run!;
}

/**
 * "Retry" on a failed run: queued again at once with REPORT_ATTEMPTS anew; its last error stays in
 * the history until the next attempt. Only a failed run (another replica may have retried it first).
 */
export async function retryRun(app: FastifyInstance, id: number): Promise<ReportRunRow | undefined> {
  const [run] = await app.db
    .update(reportRuns)
    .set({ state: 'queued', attempts: 0, nextAttemptAt: new Date(app.clock.now()), finishedAt: null, claimedBy: null })
    .where(and(eq(reportRuns.id, id), eq(reportRuns.state, 'failed')))
    .returning();
  return run;
}

/** Takes one queued run whose time has come; attempts counts this one. */
async function claimRun(app: FastifyInstance): Promise<ReportRunRow | undefined> {
  const now = new Date(app.clock.now()).toISOString();
  const res = await app.db.execute(sql`
    update report_runs set state = 'running', attempts = attempts + 1, claimed_by = ${RUNNER_ID},
      started_at = ${now}, finished_at = null
    where id = (
      select id from report_runs where state = 'queued' and next_attempt_at <= ${now}
      order by next_attempt_at, id limit 1 for update skip locked)
    returning id`);
  const id = rowsOf<{ id: number }>(res)[0]?.id;
  if (id === undefined) return undefined;
  const [row] = await app.db.select().from(reportRuns).where(eq(reportRuns.id, id));
  return row;
}

/** A short, single-line account of a failure (an SMTP answer, say) for the run history. */
function errorText(err: unknown): string {
  const e = err as { response?: unknown; message?: unknown };
  const text = typeof e.response === 'string' ? e.response : String(e.message ?? err);
  return text.replace(/\s+/g, ' ').slice(0, 500);
}

/**
 * One attempt of a run: write the report (once: a retry sends the file and summary the first
 * attempt wrote), send it to the schedule's recipients with the XLSX attached, record the
 * outcome. A failure queues the run again after REPORT_BACKOFF_MS until REPORT_ATTEMPTS, then
 * marks it failed; the history shows the last error either way.
 */
async function attempt(app: FastifyInstance, run: ReportRunRow): Promise<void> {
  const tz = app.config.timeZone;
  const files = app.jobs.files;
  try {
    const [schedule] = await app.db.select().from(reportSchedules).where(eq(reportSchedules.id, run.scheduleId));
    if (!schedule) throw new Error('schedule deleted');
    let { fileKey, fileName, message } = run;
    if (!fileKey || !message) {
      const report = await writeReport({
        app,
        files,
        tenantId: run.tenantId,
        kind: run.kind as ReportKind,
        from: run.periodFrom,
        to: run.periodTo,
      });
      message = messageOf(schedule, run, report, tz);
      fileKey = report.fileKey;
      fileName = report.fileName;
      await app.db
        .update(reportRuns)
        .set({ fileKey, fileName, bytes: report.bytes, message })
        .where(eq(reportRuns.id, run.id));
    }
    const content = await files.read(fileKey);
    if (!content) throw new Error('report file missing from the storage');
    await app.email.send(recipientsOf(schedule.recipients).join(', '), message.subject, message.text, {
      html: message.html,
      attachments: [{ filename: fileName ?? 'report.xlsx', content, contentType: XLSX_TYPE }],
    });
    await app.db
      .update(reportRuns)
      .set({ state: 'sent', error: null, finishedAt: new Date(app.clock.now()) })
      .where(eq(reportRuns.id, run.id));
  } catch (err) {
    const retry = run.attempts < REPORT_ATTEMPTS;
    const now = app.clock.now();
    app.log.warn({ err, runId: run.id, attempt: run.attempts, retry }, 'scheduled report failed');
    await app.db
      .update(reportRuns)
      .set({
        state: retry ? 'queued' : 'failed',
        error: errorText(err),
        nextAttemptAt: new Date(now + (REPORT_BACKOFF_MS[run.attempts - 1] ?? 0)),
        finishedAt: retry ? null : new Date(now),
      })
      .where(eq(reportRuns.id, run.id));
  }
}

/** Runs left running by a replica that stopped are queued again (or failed, when out of attempts). */
async function recoverStale(app: FastifyInstance): Promise<void> {
  const now = app.clock.now();
  const stale = and(eq(reportRuns.state, 'running'), lt(reportRuns.startedAt, new Date(now - REPORT_STALE_MS)));
  await app.db
    .update(reportRuns)
    .set({
      state: sql`case when ${reportRuns.attempts} >= ${REPORT_ATTEMPTS} then 'failed' else 'queued' end`,
      error: 'interrupted',
      nextAttemptAt: new Date(now),
    })
    .where(stale);
}

/** Files of runs finished more than REPORT_FILE_TTL_MS ago leave the storage; the history says the file is gone. */
async function expireFiles(app: FastifyInstance): Promise<void> {
  const old = await app.db
    .select({ id: reportRuns.id, fileKey: reportRuns.fileKey })
    .from(reportRuns)
    .where(
      and(isNotNull(reportRuns.fileKey), lt(reportRuns.finishedAt, new Date(app.clock.now() - REPORT_FILE_TTL_MS))),
    )
    .limit(200);
  for (const { id, fileKey } of old) {
    try {
      await app.jobs.files.remove(fileKey!);
    } catch (err) {
      app.log.warn({ err, runId: id }, 'report file not removed');
      continue;
    }
    await app.db.update(reportRuns).set({ fileKey: null }).where(eq(reportRuns.id, id));
  }
}

/** One pass of the sweep: queue due schedules, then run every queued run whose time has come; old files go. */
export async function sweepReports(app: FastifyInstance): Promise<void> {
  await recoverStale(app);
  await expireFiles(app);
  await claimDueSchedules(app);
  for (;;) {
    const run = await claimRun(app);
    if (!run) return;
    await attempt(app, run);
  }
}
