import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardBody, DashboardExportBody, DashboardSummary } from '../../../shared/dashboard';
import { FALLBACK_REFRESH_MS, READINGS_GAP_MS, useLiveRefetch } from '../../live/useLiveRefetch';
import { downloadFile } from '../../lib/download';
import { request } from '../../lib/request';

// Keys start with 'device', so invalidateResource('device') (a device or alarm change) refreshes them too.
const dashboardKeys = {
  all: ['device', 'dashboard'] as const,
  summary: (body: DashboardBody) => ['device', 'dashboard', 'summary', body] as const,
};

export function dashboardSummaryQuery(body: DashboardBody) {
  return queryOptions({
    queryKey: dashboardKeys.summary(body),
    queryFn: () => request<DashboardSummary>('device', 'dashboard/summary', body, { background: true }),
    placeholderData: keepPreviousData,
    refetchInterval: FALLBACK_REFRESH_MS,
  });
}

/** The summary, kept live by the tenant's dashboard notices (push 9040, live/useLiveRefetch.ts). */
export function useDashboardSummary(body: DashboardBody) {
  const query = useQuery(dashboardSummaryQuery(body));
  useLiveRefetch(dashboardKeys.summary(body), { readingsGapMs: READINGS_GAP_MS });
  return query;
}

/** One panel's figures as CSV or XLSX, written by the service from the same summary. */
export function exportPanel(body: DashboardExportBody): Promise<void> {
  return downloadFile('device', 'dashboard/export', body, `dashboard-${body.panel}.${body.format}`);
}
