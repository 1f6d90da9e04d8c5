import { boolean, index, integer, jsonb, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes, ts } from '../../server/db/columns';
import { tenants } from '../tenant/table';
import { type ReportRunState } from './resource';

/** Scheduled reports (docs/integrations.md "Scheduled reports"); their runs are report_runs. */
export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** REPORT_KINDS. */
    kind: text('kind').notNull(),
    /** REPORT_FREQUENCIES. */
    frequency: text('frequency').notNull(),
    time: text('time'),
    weekday: smallint('weekday'),
    monthday: smallint('monthday'),
    cron: text('cron'),
    /** E-mail addresses, comma-separated. */
    recipients: text('recipients').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** When the sweep next sends it (null: disabled); claimed by moving it on (./runs.ts). */
    nextRunAt: ts('next_run_at'),
    /** The scheduled instant of its last scheduled run: the start of a cron schedule's next period. */
    lastRunAt: ts('last_run_at'),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('report_schedules', t.name),
    index('report_schedules_tenant_id_idx').on(t.tenantId, t.id),
    index('report_schedules_tenant_name_idx').on(t.tenantId, t.name, t.id),
    index('report_schedules_tenant_kind_idx').on(t.tenantId, t.kind, t.id),
    index('report_schedules_tenant_frequency_idx').on(t.tenantId, t.frequency, t.id),
    index('report_schedules_tenant_enabled_idx').on(t.tenantId, t.enabled, t.id),
    index('report_schedules_tenant_next_idx').on(t.tenantId, t.nextRunAt, t.id),
    index('report_schedules_due_idx').on(t.nextRunAt),
  ],
);

/** What a run's e-mail said, kept so a retry sends the same summary with the file already written. */
export interface RunMessage {
  subject: string;
  text: string;
  html: string;
}

/**
 * Each run of a schedule (scheduled or "run now"): the period it covers, its state, attempts and
 * last error, and the XLSX it wrote (a job file key in app.storage, downloadable from the console).
 */
export const reportRuns = pgTable(
  'report_runs',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => reportSchedules.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    periodFrom: ts('period_from').notNull(),
    periodTo: ts('period_to').notNull(),
    /** Started from the console's "run now" rather than the schedule. */
    manual: boolean('manual').notNull().default(false),
    state: text('state').$type<ReportRunState>().notNull().default('queued'),
    attempts: smallint('attempts').notNull().default(0),
    /** A queued run waits until then (a retry's backoff). */
    nextAttemptAt: ts('next_attempt_at').notNull(),
    /** The last attempt's failure (the SMTP server's answer, or what went wrong writing the file). */
    error: text('error'),
    /** The replica running it (runs.ts RUNNER_ID). */
    claimedBy: text('claimed_by'),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
    fileKey: text('file_key'),
    fileName: text('file_name'),
    bytes: integer('bytes'),
    message: jsonb('message').$type<RunMessage>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('report_runs_schedule_idx').on(t.tenantId, t.scheduleId, t.id),
    index('report_runs_queue_idx').on(t.state, t.nextAttemptAt, t.id),
  ],
);

export type ReportScheduleRow = typeof reportSchedules.$inferSelect;

export type ReportRunRow = typeof reportRuns.$inferSelect;
