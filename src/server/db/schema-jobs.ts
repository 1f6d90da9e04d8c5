import { index, integer, jsonb, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { tenants, users } from './schema-tenancy';

/**
 * Background jobs (src/shared/jobs.ts): the queue every replica claims from and the user's
 * download-task list in one table, so the DownloadTask screen shows exactly what runs.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Handler name ('export'). */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    /** What the handler needs, including the scope the job acts with (captured at request time). */
    params: jsonb('params').notNull(),
    /** JOB_STATE. */
    state: smallint('state').notNull().default(0),
    progress: smallint('progress').notNull().default(0),
    rows: integer('rows'),
    total: integer('total'),
    fileName: text('file_name'),
    /** Where the file lives in the job store; null until done and after it expired. */
    fileKey: text('file_key'),
    contentType: text('content_type'),
    bytes: integer('bytes'),
    error: text('error'),
    /** What the console shows of the outcome: an import's counts and first errors. */
    result: jsonb('result'),
    /** The runner (process) holding it and when it last reported. */
    claimedBy: text('claimed_by'),
    heartbeatAt: ts('heartbeat_at'),
    /** Random token of the current download link, and when that link stops working. */
    linkToken: text('link_token'),
    linkExpiresAt: ts('link_expires_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('jobs_user_idx').on(t.userId, t.id),
    index('jobs_state_idx').on(t.state, t.id),
    uniqueIndex('jobs_link_uq').on(t.linkToken),
  ],
);
