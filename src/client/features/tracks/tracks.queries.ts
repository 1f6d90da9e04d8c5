import { queryOptions } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { ListResult } from '../../../shared/resources/list';
import type { TrackColumns } from '../../../shared/geo/track';
import { request } from '../../lib/request';
import { dayOf, wallInstant, zoned } from '../../lib/zone';
import { formatDateCell } from '../../lib/dates';

export type TrackSource = 'gps' | 'all';
/** The date format of docs/requirements/constants.md#tables-trees-and-formats and of the URL's from/to. */
export const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export interface TrackSearch {
  imei?: string;
  from?: string;
  to?: string;
}

export interface TrackRange {
  imei: string;
  /** ISO 8601 */
  from: string;
  to: string;
  source: TrackSource;
  /** /Track_gps_jf: every point's accuracy and source too. */
  detail?: boolean;
}

/**
 * Defaults (docs/requirements/realtime-map-and-tracks.md#track-point): today 00:00 to now. "Now" is rounded up to the
 * minute so the loader and the screen, resolving it a moment apart, ask for the same key.
 */
export function resolveRange(search: TrackSearch): { from: string; to: string } {
  const valid = (v: string | undefined): v is string => Boolean(v) && dayjs(v).isValid();
  const from = valid(search.from) ? zoned(search.from).format(TIME_FORMAT) : `${dayOf()} 00:00:00`;
  const nextMinute = (Math.floor(Date.now() / 60_000) + 1) * 60_000;
  const to = valid(search.to) ? zoned(search.to).format(TIME_FORMAT) : formatDateCell(nextMinute, TIME_FORMAT);
  return { from, to };
}

/** A picked wall time (the tenant's clock) as the instant the service is asked for. */
export const toIso = (local: string) => wallInstant(local);

// Keys start with 'track', so one invalidation refreshes every track view.
const trackKeys = {
  track: (r: TrackRange) => ['track', 'points', r.imei, r.from, r.to, r.source, r.detail === true] as const,
  devices: (keyword: string, kind?: string) => ['track', 'devices', keyword, kind ?? ''] as const,
};

export function trackQuery(r: TrackRange) {
  return queryOptions({
    queryKey: trackKeys.track(r),
    queryFn: ({ signal }) =>
      request<TrackColumns>(
        'device',
        'track',
        { imei: r.imei, from: r.from, to: r.to, source: r.source, ...(r.detail ? { detail: true } : {}) },
        { signal, timeoutMs: 60_000 },
      ),
    // History does not change under the operator; a re-open of the same range is instant.
    staleTime: 60_000,
  });
}

interface DeviceOption {
  imei: string;
  name: string | null;
}

/** The device picker's choices: the caller's devices by name or IMEI. */
export function trackDevicesQuery(keyword: string, kind?: string) {
  return queryOptions({
    queryKey: trackKeys.devices(keyword, kind),
    queryFn: async ({ signal }) => {
      const answer = await request<ListResult<DeviceOption>>(
        'device',
        'device/list',
        { page: 1, size: 20, keyword: keyword || undefined, ...(kind ? { filters: { kind } } : {}) },
        { background: true, signal },
      );
      return answer.rows.map((r) => ({ imei: r.imei, name: r.name }));
    },
    staleTime: 30_000,
  });
}
