import { importJobReport, type ImportJobReport, type Job } from '../../../shared/jobs';
import type { ResourceDef } from '../../../shared/resources';
import { request } from '../../lib/request';
import { followJob } from '../jobs/follow';

export type ExportFormat = 'csv' | 'xlsx';

/**
 * An export of the list as it is filtered and sorted, written by a background job on the
 * service: any size, progress in a notification, the file downloaded when it is ready.
 */
export async function exportResource(
  def: Pick<ResourceDef, 'kind' | 'name'>,
  title: string,
  format: ExportFormat,
  body: Record<string, unknown>,
): Promise<Job> {
  const job = await request<Job>(def.kind, `${def.name}/exportJob`, { ...body, format });
  followJob(job, title);
  return job;
}

/** The report of a finished import job (undefined for any other job). */
export function importReportOf(job: Job): ImportJobReport | undefined {
  if (job.kind !== 'import') return undefined;
  const parsed = importJobReport.safeParse(job.result);
  return parsed.success ? parsed.data : undefined;
}

/**
 * An import of a CSV or XLSX file as a background job: the upload queues it, progress shows in
 * a notification, and `onDone` gets the finished job (its report, and its error file when rows
 * failed). Resolves once the job is queued.
 */
export async function importResource(
  def: Pick<ResourceDef, 'kind' | 'name'>,
  title: string,
  file: File,
  onDone: (job: Job) => void,
): Promise<Job> {
  const form = new FormData();
  form.append('file', file);
  const job = await request<Job>(def.kind, `${def.name}/importJob`, form, { timeoutMs: 120_000 });
  followJob(job, title, { onDone });
  return job;
}

/**
 * Deletes every row matching the list's filters and keyword by a background job (the service
 * checks the delete mark and the filters before queueing); `onDone` gets the finished job, whose
 * result is a DeleteJobReport.
 */
export async function deleteMatching(
  def: Pick<ResourceDef, 'kind' | 'name'>,
  title: string,
  body: Record<string, unknown>,
  onDone: (job: Job) => void,
): Promise<Job> {
  const job = await request<Job>(def.kind, `${def.name}/deleteJob`, body);
  followJob(job, title, { onDone });
  return job;
}
