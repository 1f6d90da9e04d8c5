import type { Job } from '../../shared/jobs';
import type { jobs } from '../db/schema';

export type JobRow = typeof jobs.$inferSelect;

/** A job as the console sees it: no params (they hold the scope), no file key or link token. */
export function jobOf(row: JobRow, now: number): Job {
  const params = row.params as { resource?: { kind: string; name: string }; format?: string };
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    resource: params.resource ? `${params.resource.kind}/${params.resource.name}` : null,
    format: params.format ?? null,
    state: row.state,
    progress: row.progress,
    rows: row.rows,
    total: row.total,
    fileName: row.fileName,
    bytes: row.bytes,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    downloadable: row.fileKey !== null && (row.finishedAt?.getTime() ?? now) <= now,
    result: (row.result as Record<string, unknown> | null) ?? null,
  };
}
