import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  AlarmAnalytics,
  AnalyticsBody,
  AnalyticsPanel,
  DeviceAnalytics,
  ManagementStats,
  ScatterAnswer,
  StateLineAnswer,
} from '../../../shared/analytics';
import type { Metric } from '../../../shared/devices/kinds';
import { downloadFile } from '../../lib/download';
import { request } from '../../lib/request';
import { dayEnd, dayStart, lastDays } from '../../lib/zone';

/** The filter of /analyze and /figure: a day range (YYYY-MM-DD) and an optional department. */
export interface AnalyticsFilter {
  from: string;
  to: string;
  departmentId?: number;
}

/** The tenant's last `days` days, today included. */
export function defaultFilter(days = 7, now: number = Date.now()): AnalyticsFilter {
  const [from, to] = lastDays(days, now);
  return { from, to };
}

/** The tenant's midnight of the first day to the end of the last, as ISO instants. */
export function analyticsBody(f: AnalyticsFilter): AnalyticsBody {
  return {
    from: dayStart(f.from),
    to: dayEnd(f.to),
    ...(f.departmentId ? { departmentId: f.departmentId } : {}),
  };
}

const keys = {
  all: ['analytics'] as const,
  alarms: (b: AnalyticsBody) => [...keys.all, 'alarms', b] as const,
  devices: (b: AnalyticsBody) => [...keys.all, 'devices', b] as const,
  state: (imei: string, b: AnalyticsBody) => [...keys.all, 'state', imei, b] as const,
  scatter: (b: AnalyticsBody, x: Metric, y: Metric) => [...keys.all, 'scatter', b, x, y] as const,
  management: () => [...keys.all, 'management'] as const,
};

export const alarmAnalyticsQuery = (body: AnalyticsBody) =>
  queryOptions({
    queryKey: keys.alarms(body),
    queryFn: () => request<AlarmAnalytics>('device', 'analytics/alarms/stats', body, { background: true }),
    placeholderData: keepPreviousData,
  });

export const deviceAnalyticsQuery = (body: AnalyticsBody) =>
  queryOptions({
    queryKey: keys.devices(body),
    queryFn: () => request<DeviceAnalytics>('device', 'analytics/devices/stats', body, { background: true }),
    placeholderData: keepPreviousData,
  });

export const stateLineQuery = (imei: string, body: AnalyticsBody) =>
  queryOptions({
    queryKey: keys.state(imei, body),
    queryFn: () =>
      request<StateLineAnswer>(
        'device',
        'analytics/state/events',
        { imei, from: body.from, to: body.to },
        { background: true },
      ),
    enabled: imei !== '',
  });

export const scatterQuery = (body: AnalyticsBody, x: Metric, y: Metric) =>
  queryOptions({
    queryKey: keys.scatter(body, x, y),
    queryFn: () =>
      request<ScatterAnswer>('device', 'analytics/scatter/rollups', { ...body, x, y }, { background: true }),
  });

export const managementQuery = () =>
  queryOptions({
    queryKey: keys.management(),
    queryFn: () => request<ManagementStats>('user', 'management/stats', {}, { background: true }),
    staleTime: 30_000,
  });

/** One panel's figures as a file, written by the service. */
export function exportPanel(body: AnalyticsBody, panel: AnalyticsPanel, format: 'csv' | 'xlsx'): Promise<void> {
  return downloadFile('device', 'analytics/export', { ...body, panel, format }, `${panel}.${format}`);
}
