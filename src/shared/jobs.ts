import { z } from 'zod';
import type { CodeEntry } from './codes';
import { exportBody, listQuery } from './resources/list';

/**
 * Background jobs: exports of any size and imports now; reports and bulk actions as they move over.
 * States as docs/requirements/entities.md names them for imports and tasks (running, done,
 * failed, timeout), plus queued before a runner claims the job.
 */
export const JOB_STATE = { queued: 0, running: 1, done: 2, failed: 3, timedOut: 4 } as const;

export const JOB_STATE_TABLE: readonly CodeEntry<number>[] = [
  { value: JOB_STATE.queued, cn: '排队中', en: 'Queued' },
  { value: JOB_STATE.running, cn: '进行中', en: 'Running' },
  { value: JOB_STATE.done, cn: '已完成', en: 'Done' },
  { value: JOB_STATE.failed, cn: '失败', en: 'Failed' },
  { value: JOB_STATE.timedOut, cn: '超时', en: 'Timed out' },
];

/** A job not finished within this time is stopped and marked timed out. */
export const JOB_TIMEOUT_MS = 10 * 60_000;
/** A running job whose runner has not reported for this long died with its process. */
export const JOB_STALE_MS = 60_000;
/** A download link works for this long after it was handed out. */
export const JOB_LINK_TTL_MS = 10 * 60_000;
/** Finished files are kept this long, then deleted with their links. */
export const JOB_FILE_TTL_MS = 24 * 3_600_000;
/** The largest export a job writes (a synchronous export stops at MAX_EXPORT_ROWS). */
export const MAX_JOB_EXPORT_ROWS = 1_000_000;

/** Body of `<kind>/<name>/exportJob`: the list's filters, keyword and sort, and the file format. */
export const exportJobBody = exportBody;

/** Body of `<kind>/<name>/deleteJob`: every row matching these filters and keyword is deleted. */
export const deleteJobBody = listQuery.pick({ filters: true, keyword: true });

/** The result of a delete job: rows matched, deleted, refused, and the first refusals' keys. */
export const deleteJobReport = z.object({
  total: z.number(),
  deleted: z.number(),
  failed: z.number(),
  errors: z.array(z.object({ id: z.number(), key: z.string() })),
});
export type DeleteJobReport = z.infer<typeof deleteJobReport>;

/** Errors an import job keeps in its result (all of them go to its error file). */
export const IMPORT_JOB_ERRORS_SHOWN = 100;

/**
 * The result of an import job: the counts of the ImportReport, its first errors and how many
 * rows failed in all. When rows failed, the job's file lists every one of them (CSV).
 */
export const importJobReport = z.object({
  total: z.number(),
  imported: z.number(),
  failed: z.number(),
  errors: z.array(z.object({ row: z.number(), messages: z.array(z.string()) })),
});
export type ImportJobReport = z.infer<typeof importJobReport>;

/** A job as the service answers it (list, get, enqueue). */
const jobSchema = z.object({
  id: z.number(),
  kind: z.string(),
  title: z.string(),
  /** `kind/name` of the registry resource it works on (the console shows that resource's label). */
  resource: z.string().nullable(),
  format: z.string().nullable(),
  state: z.number(),
  progress: z.number(),
  rows: z.number().nullable(),
  total: z.number().nullable(),
  fileName: z.string().nullable(),
  bytes: z.number().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** True while the finished file can still be downloaded. */
  downloadable: z.boolean(),
  /** What the job reports besides its file: an import's ImportJobReport. */
  result: z.record(z.string(), z.unknown()).nullable().default(null),
});
export type Job = z.infer<typeof jobSchema>;

/** Push 9030 on `acm/{userId}/web`: one of the user's jobs moved (docs/requirements/realtime-broker.md#message-codes lists ours). */
export const JOB_PUSH_CODE = '9030';
export const jobPushSchema = z.object({
  code: z.union([z.literal(JOB_PUSH_CODE), z.literal(9030)]).transform((): typeof JOB_PUSH_CODE => JOB_PUSH_CODE),
  job: jobSchema,
});

export const jobIdBody = z.object({ id: z.number().int().positive() });
export const jobListBody = z.object({
  page: z.number().int().min(1).default(1),
  size: z.number().int().min(1).max(100).default(20),
  state: z.number().int().min(0).max(4).optional(),
});
