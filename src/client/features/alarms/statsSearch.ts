import { searchRules, text, oneOf } from '../../lib/searchParams';
import { addDays, dayEnd, dayOf, dayStart } from '../../lib/zone';
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
const DEFAULT_DAYS = 7;

/** The days the screen shows (the tenant's days); defaults are whole days so the query key stays put during a day. */
export function statsRange(search: StatsSearch, now: number = Date.now()): { from: string; to: string } {
  const to = search.to ?? dayOf(now);
  const from = search.from ?? addDays(to, 1 - DEFAULT_DAYS);
  return from <= to ? { from, to } : { from: to, to: from };
}

/** The stats body: the tenant's midnight of the first day to the end of the last, as ISO instants. */
export function statsBody(search: StatsSearch, now: number = Date.now()): AlarmStatsBody {
  const { from, to } = statsRange(search, now);
  return {
    from: dayStart(from),
    to: dayEnd(to),
    bucket: search.bucket ?? 'day',
  };
}
