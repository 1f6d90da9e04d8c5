import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AlarmStats, AlarmTimeline, alarmStatsBody } from '../../../shared/alarms/api';
import { ALARM_HANDLE } from '../../../shared/alarms/types';
import type { ListQuery } from '../../../shared/resources/list';
import { request } from '../../lib/request';
import { resourceKeys, resourceListQuery } from '../resources/resources.queries';
import { ALARM_RESOURCE } from './alarmResource';

export type AlarmStatsBody = z.input<typeof alarmStatsBody>;

/**
 * Keys start with 'alarm' (the resource name): the live bridge invalidates every one of them when
 * an alarm arrives, and the read/handle mutations patch the lists in place.
 */
export const alarmKeys = {
  all: () => resourceKeys.all(ALARM_RESOURCE.name),
  lists: () => [ALARM_RESOURCE.name, 'list'] as const,
  list: (query: ListQuery) => resourceKeys.list(ALARM_RESOURCE.name, query),
  stats: (body: AlarmStatsBody) => [ALARM_RESOURCE.name, 'stats', body] as const,
  timeline: (id: number) => [ALARM_RESOURCE.name, 'timeline', id] as const,
};

/** Compact map-layout lists hold this many rows; older ones are on /AlarmHistory. */
const LIVE_LIST_SIZE = 50;
const NEWEST_FIRST = [{ field: 'id', order: 'desc' as const }];

/** /alarmList: alarms nobody has handled yet, newest first. */
export const LIVE_LIST_QUERY: ListQuery = {
  page: 1,
  size: LIVE_LIST_SIZE,
  sort: NEWEST_FIRST,
  filters: { handleState: ALARM_HANDLE.pending },
};

/** /AlarmHistorytc: unread critical alarms waiting for an acknowledgement. */
export const POPUP_LIST_QUERY: ListQuery = {
  page: 1,
  size: LIVE_LIST_SIZE,
  sort: NEWEST_FIRST,
  filters: { read: 0, level: 3 },
};

export const alarmListQuery = (query: ListQuery) => resourceListQuery(ALARM_RESOURCE, query);

export function alarmStatsQuery(body: AlarmStatsBody) {
  return queryOptions({
    queryKey: alarmKeys.stats(body),
    queryFn: () => request<AlarmStats>('device', `${ALARM_RESOURCE.name}/stats`, body, { background: true }),
  });
}

/**
 * One alarm's story: raised, each escalation step, acknowledged, handled (docs/alarms.md#acknowledgement-and-escalation).
 * `quiet`: a failure shows no toast (the critical-alarm dialog's escalation line is an extra, not the point).
 */
export function alarmTimelineQuery(id: number, { quiet = false } = {}) {
  return queryOptions({
    queryKey: alarmKeys.timeline(id),
    queryFn: () =>
      request<AlarmTimeline>('device', `${ALARM_RESOURCE.name}/timeline`, { id }, { background: true, quiet }),
  });
}
