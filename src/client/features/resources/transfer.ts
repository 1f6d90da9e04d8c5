import type { Job } from '../../../shared/jobs';
import type { ImportReport } from '../../../shared/resources/list';
import type { ResourceDef } from '../../../shared/resources';
import { request } from '../../lib/request';
import { followJob } from '../jobs/follow';

export type ExportFormat = 'csv' | 'xlsx';

/**
 * An export of the list as it is filtered and sorted, written by a background job on the
 * service: any size, progress in a notification, the file downloaded when it is ready.
 */
export async function exportResource(def: Pick<ResourceDef, 'kind' | 'name'>, title: string, format: ExportFormat, body: Record<string, unknown>): Promise<Job> {
  const job = await request<Job>(def.kind, `${def.name}/exportJob`, { ...body, format });
  followJob(job, title);
  return job;
}

export function importResource(def: Pick<ResourceDef, 'kind' | 'name'>, file: File): Promise<ImportReport> {
  const form = new FormData();
  form.append('file', file);
  return request<ImportReport>(def.kind, `${def.name}/import`, form, {
    timeoutMs: 120_000,
  });
}
