import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  MetricDevices,
  MetricDevicesBody,
  MetricFleet,
  MetricFleetBody,
  RollupSeries,
} from '../../../shared/devices/api';
import type { RollupGrain } from '../../../shared/rollups';
import { request } from '../../lib/request';
import { FALLBACK_REFRESH_MS } from '../../live/useLiveRefetch';

// Keys start with 'device', so invalidateResource('device') refreshes them too.
export const metricKeys = {
  devices: (body: MetricDevicesBody) => ['device', 'metric', 'devices', body] as const,
  fleet: (body: MetricFleetBody) => ['device', 'metric', 'fleet', body] as const,
  rollups: (imei: string, metric: string, from: string, to: string, grain?: RollupGrain) =>
    ['device', 'rollups', imei, metric, from, to, grain ?? null] as const,
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

/** The worst devices of the scope by a metric and the last hours of the worst few (the screen before a device is picked). */
export function metricFleetQuery(body: MetricFleetBody) {
  return queryOptions({
    queryKey: metricKeys.fleet(body),
    queryFn: () => request<MetricFleet>('device', 'metric/fleet', body, { background: true }),
    refetchInterval: FALLBACK_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

/** One metric of one device in rollup buckets; the service picks the grain when none is given. */
export function metricRollupsQuery(imei: string, metric: string, from: string, to: string, grain?: RollupGrain) {
  return queryOptions({
    queryKey: metricKeys.rollups(imei, metric, from, to, grain),
    queryFn: () =>
      request<RollupSeries>(
        'device',
        'device/rollups',
        { imei, metric, from, to, ...(grain ? { grain } : {}) },
        { background: true },
      ),
    placeholderData: keepPreviousData,
  });
}
