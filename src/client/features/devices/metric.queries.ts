import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { MetricDevices, MetricDevicesBody, RollupSeries } from '../../../shared/devices/api';
import type { RollupGrain } from '../../../shared/rollups';
import { request } from '../../lib/request';
import { FALLBACK_REFRESH_MS } from '../../live/useLiveRefetch';

// Keys start with 'device', so invalidateResource('device') refreshes them too.
export const metricKeys = {
  devices: (body: MetricDevicesBody) => ['device', 'metric', 'devices', body] as const,
  rollups: (imei: string, metric: string, from: string, to: string, grain?: RollupGrain) => ['device', 'rollups', imei, metric, from, to, grain ?? null] as const,
};

/**
 * The devices of the scope that report a metric, with their value against their limits; the screen
 * keeps it live with useLiveRefetch (push 9040), the interval is the fallback without a broker.
 */
export function metricDevicesQuery(body: MetricDevicesBody) {
  return queryOptions({
    queryKey: metricKeys.devices(body),
    queryFn: () => request<MetricDevices>('device', 'metric/devices', body, { background: true }),
    refetchInterval: FALLBACK_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

/** One metric of one device in rollup buckets; the service picks the grain when none is given. */
export function metricRollupsQuery(imei: string, metric: string, from: string, to: string, grain?: RollupGrain) {
  return queryOptions({
    queryKey: metricKeys.rollups(imei, metric, from, to, grain),
    queryFn: () => request<RollupSeries>('device', 'device/rollups', { imei, metric, from, to, ...(grain ? { grain } : {}) }, { background: true }),
    placeholderData: keepPreviousData,
  });
}
