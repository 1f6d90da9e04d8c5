import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { JOB_FILE_TTL_MS, JOB_STALE_MS, JOB_STATE, JOB_TIMEOUT_MS } from '../../shared/jobs';
import type { MsgKey } from '../../shared/messages';
import { rowsOf } from '../db/rows';
import { ApiError } from '../lib/api-error';
import { jobs } from '../db/schema';
import type { Scope } from '../db/scope';
import { jobOf, type JobRow } from './rows';
import type { JobFiles } from './files';

interface JobRun {
  app: FastifyInstance;
  /** The scope of the user who asked, as it was then. */
  scope: Scope;
  signal: AbortSignal;
  files: JobFiles;
  /** Report how far it got; written and pushed at most twice a second. */
  progress(rows: number, total: number): void;
}

export interface JobResult {
  file?: { key: string; name: string; contentType: string; bytes: number };
  rows?: number;
  /** What the console shows of the outcome (an import's report); kept in `jobs.result`. */
  result?: Record<string, unknown>;
}

/**
 * A failure the user should read: its message key (src/shared/messages.ts) is recorded as the
 * job's error instead of the generic jobFailed. ApiErrors (fail()) are taken the same way.
 */
export class JobError extends Error {
  constructor(readonly key: MsgKey) {
    super(key);
  }
}

export type JobHandler = (job: JobRow, run: JobRun) => Promise<JobResult>;

export interface RunnerOptions {
  pollMs?: number;
  timeoutMs?: number;
  staleMs?: number;
}

const PROGRESS_EVERY_MS = 500;
const HEARTBEAT_EVERY_MS = 10_000;
const SWEEP_EVERY_MS = 30_000;

/**
 * Claims queued jobs one at a time (`for update skip locked`, so replicas on PostgreSQL never run
 * the same job; on PGlite there is one process anyway), runs the handler of its kind with a
 * timeout, and records progress, the file and the outcome in the row. Every change is announced
 * as `job.changed`, which the push plugin turns into 9030 for the job's user.
 */
export class JobRunner {
  readonly id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private timer: NodeJS.Timeout | undefined;
  private busy: Promise<void> | undefined;
  private stopped = false;
  private lastSweep = 0;
  private current: AbortController | undefined;
  private readonly pollMs: number;
  private readonly timeoutMs: number;
  private readonly staleMs: number;

  constructor(
    private readonly app: FastifyInstance,
    private readonly files: JobFiles,
    private readonly handlers: Readonly<Record<string, JobHandler>>,
    opts: RunnerOptions = {},
  ) {
    this.pollMs = opts.pollMs ?? 1_000;
    this.timeoutMs = opts.timeoutMs ?? JOB_TIMEOUT_MS;
    this.staleMs = opts.staleMs ?? JOB_STALE_MS;
  }

  start(): void {
    this.timer = setInterval(() => this.kick(), this.pollMs);
    this.timer.unref();
    this.kick();
  }

  /** Look for work now (after an enqueue in this process). */
  kick(): void {
    if (this.stopped || this.busy) return;
    this.busy = this.drain()
      .catch((err: unknown) => this.app.log.warn({ err }, 'job runner pass failed'))
      .finally(() => (this.busy = undefined));
  }

  /** Resolves when nothing runs (tests). */
  async idle(): Promise<void> {
    while (this.busy) await this.busy;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.current?.abort(new Error('service stopping'));
    await this.busy;
  }

  private async drain(): Promise<void> {
    if (this.app.clock.now() - this.lastSweep >= SWEEP_EVERY_MS) await this.sweep();
    while (!this.stopped) {
      const job = await this.claim();
      if (!job) return;
      await this.run(job);
    }
  }

  private async claim(): Promise<JobRow | undefined> {
    const now = new Date(this.app.clock.now()).toISOString();
    const res = await this.app.db.execute(sql`
      update jobs set state = ${JOB_STATE.running}, claimed_by = ${this.id}, started_at = ${now}, heartbeat_at = ${now}
      where id = (select id from jobs where state = ${JOB_STATE.queued} order by id limit 1 for update skip locked)
      returning id`);
    const id = rowsOf<{ id: number }>(res)[0]?.id;
    if (id === undefined) return undefined;
    const [row] = await this.app.db.select().from(jobs).where(eq(jobs.id, id));
    if (row) this.announce(row);
    return row;
  }

  private async run(job: JobRow): Promise<void> {
    const handler = this.handlers[job.kind];
    const abort = new AbortController();
    this.current = abort;
    const timeout = setTimeout(() => abort.abort(new JobTimeout()), this.timeoutMs);
    let last = 0;
    let pending: { rows: number; total: number } | undefined;
    let writing: Promise<void> = Promise.resolve();
    const write = (p: { rows: number; total: number }) => {
      last = this.app.clock.now();
      const progress = p.total > 0 ? Math.min(99, Math.floor((p.rows * 100) / p.total)) : 0;
      writing = writing
        .then(() => this.update(job.id, { rows: p.rows, total: p.total, progress, heartbeatAt: new Date(last) }))
        .catch(() => undefined);
    };
    const heartbeat = setInterval(() => write(pending ?? { rows: 0, total: 0 }), HEARTBEAT_EVERY_MS);
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      const params = job.params as { scope: Scope };
      const result = await handler(job, {
        app: this.app,
        scope: params.scope,
        signal: abort.signal,
        files: this.files,
        progress: (rows, total) => {
          pending = { rows, total };
          if (this.app.clock.now() - last >= PROGRESS_EVERY_MS) write(pending);
        },
      });
      clearInterval(heartbeat);
      await writing;
      await this.update(job.id, {
        state: JOB_STATE.done,
        progress: 100,
        rows: result.rows ?? pending?.rows ?? null,
        total: pending?.total ?? result.rows ?? null,
        fileKey: result.file?.key ?? null,
        fileName: result.file?.name ?? null,
        contentType: result.file?.contentType ?? null,
        bytes: result.file?.bytes ?? null,
        result: result.result ?? null,
        finishedAt: new Date(this.app.clock.now()),
      });
    } catch (err) {
      clearInterval(heartbeat);
      await writing;
      const timedOut = abort.signal.reason instanceof JobTimeout;
      const known = err instanceof JobError || err instanceof ApiError ? err.key : undefined;
      if (!timedOut && !known) this.app.log.warn({ err, jobId: job.id, kind: job.kind }, 'job failed');
      await this.update(job.id, {
        state: timedOut ? JOB_STATE.timedOut : JOB_STATE.failed,
        // The user sees a message key, never a stack or SQL.
        error: timedOut ? 'jobTimedOut' : (known ?? 'jobFailed'),
        finishedAt: new Date(this.app.clock.now()),
      }).catch((e: unknown) => this.app.log.warn({ err: e, jobId: job.id }, 'job outcome not recorded'));
    } finally {
      clearTimeout(timeout);
      this.current = undefined;
    }
  }

  private async update(id: number, patch: Partial<typeof jobs.$inferInsert>): Promise<void> {
    const [row] = await this.app.db.update(jobs).set(patch).where(eq(jobs.id, id)).returning();
    if (row) this.announce(row);
  }

  private announce(row: JobRow): void {
    this.app.events.emit('job.changed', { userId: row.userId, job: jobOf(row, this.app.clock.now()) });
  }

  /**
   * Jobs whose runner died are timed out; files past their keeping time are deleted from the
   * storage, with the uploads of imports that never got to run; temp files of a dead process go.
   */
  private async sweep(): Promise<void> {
    const now = this.app.clock.now();
    this.lastSweep = now;
    const dead = await this.app.db
      .update(jobs)
      .set({ state: JOB_STATE.timedOut, error: 'jobTimedOut', finishedAt: new Date(now) })
      .where(and(eq(jobs.state, JOB_STATE.running), lt(jobs.heartbeatAt, new Date(now - this.staleMs))))
      .returning();
    for (const row of dead) this.announce(row);
    const old = await this.app.db
      .select({ id: jobs.id, fileKey: jobs.fileKey, params: jobs.params })
      .from(jobs)
      .where(
        and(
          or(isNotNull(jobs.fileKey), sql`(${jobs.params} ->> 'upload') is not null`),
          lt(jobs.finishedAt, new Date(now - JOB_FILE_TTL_MS)),
        ),
      );
    for (const { id, fileKey, params } of old) {
      try {
        for (const key of jobFileKeys(fileKey, params)) await this.files.remove(key);
      } catch (err) {
        this.app.log.warn({ err, jobId: id }, 'job file not removed');
        continue;
      }
      const { upload: _gone, ...rest } = params as Record<string, unknown>;
      await this.app.db
        .update(jobs)
        .set({ fileKey: null, linkToken: null, linkExpiresAt: null, params: rest })
        .where(eq(jobs.id, id));
    }
    // Temp files carry the real time of their last write, not the app clock.
    await this.files.removeStaleTemp(Date.now(), JOB_FILE_TTL_MS);
  }
}

/** The storage keys a job row holds: its file and, for an import, the upload it reads. */
export function jobFileKeys(fileKey: string | null, params: unknown): string[] {
  const upload = (params as { upload?: unknown } | null)?.upload;
  return [fileKey, typeof upload === 'string' ? upload : null].filter((k): k is string => k !== null);
}

class JobTimeout extends Error {
  constructor() {
    super('job timed out');
  }
}
