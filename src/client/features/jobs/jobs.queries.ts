import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Job } from '../../../shared/jobs';
import type { ListResult } from '../../../shared/resources/list';
import { saveFile } from '../../lib/download';
import { request } from '../../lib/request';

interface JobListBody {
  page: number;
  size: number;
  state?: number;
}

/** Keys start with 'job': the 9030 push invalidates all of them. */
export const jobKeys = {
  all: ['job'] as const,
  list: (body: JobListBody) => ['job', 'list', body] as const,
  get: (id: number) => ['job', 'get', id] as const,
};

export function jobListQuery(body: JobListBody) {
  return queryOptions({
    queryKey: jobKeys.list(body),
    queryFn: () => request<ListResult<Job>>('user', 'job/list', body),
    placeholderData: keepPreviousData,
  });
}

export const getJob = (id: number) => request<Job>('user', 'job/get', { id }, { background: true, quiet: true });

/** Asks for a fresh link (they expire after 10 minutes) and lets the browser download it. */
export async function downloadJob(id: number): Promise<void> {
  const { url } = await request<{ url: string }>('user', 'job/link', { id });
  saveFile(url, '');
}

export const deleteJobs = (ids: number[]) =>
  request<{ deleted: number }>('user', 'job/delete', { ids }, { showMessage: true });
