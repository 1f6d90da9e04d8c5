import dayjs from 'dayjs';
import { searchRules, text, oneOf } from '../../lib/searchParams';
import type { AlarmStatsBody } from './alarms.queries';

const day = text({ pattern: /^\d{4}-\d{2}-\d{2}$/ });

/** /alarmTongji search: a day range (YYYY-MM-DD) and the trend bucket. */
export const statsSearchSchema = searchRules({
  from: day,
  to: day,
  bucket: oneOf(['day', 'hour'] as const),
});
export type StatsSearch = ReturnType<typeof statsSearchSchema>;

/** Days shown when the search names none: this one and the six before. */
export const DEFAULT_DAYS = 7;

/** The days the screen shows; defaults are whole days so the query key stays put during a day. */
export function statsRange(search: StatsSearch, now = dayjs()): { from: string; to: string } {
  const to = search.to ?? now.format('YYYY-MM-DD');
  const from = search.from ?? dayjs(to).subtract(DEFAULT_DAYS - 1, 'day').format('YYYY-MM-DD');
  return from <= to ? { from, to } : { from: to, to: from };
}

/** The stats body: local midnight of the first day to the end of the last, as ISO instants. */
export function statsBody(search: StatsSearch, now = dayjs()): AlarmStatsBody {
  const { from, to } = statsRange(search, now);
  return {
    from: dayjs(from).startOf('day').toISOString(),
    to: dayjs(to).endOf('day').toISOString(),
    bucket: search.bucket ?? 'day',
  };
}
