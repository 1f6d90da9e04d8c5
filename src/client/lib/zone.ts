import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { DEFAULT_TIME_ZONE } from '../../shared/constants';
import { getUser } from './session';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The tenant's time zone: the console shows every date and time in it and means its days when it
 * asks for a day (docs/decisions.md "Time zones"). The service sends it with the user at login
 * (`UserInfo.timeZone`, the service's TIME_ZONE); a session stored before it did reads the default.
 */
export function consoleZone(): string {
  return getUser()?.timeZone || DEFAULT_TIME_ZONE;
}

/** Text that names its zone (`Z`, `+08:00`, `+0800`) is an instant; other date text is a wall time. */
const HAS_ZONE = /(?:Z|[+-]\d{2}:?\d{2})$/i;

type DateValue = string | number | Date | Dayjs;

/**
 * A value as a moment in the tenant's zone: numbers, Dates and text with a zone are instants;
 * text without one (a picked day, `2026-11-20 08:00:00`) is that wall time in the zone.
 */
export function zoned(value: DateValue = Date.now(), zone = consoleZone()): Dayjs {
  if (typeof value === 'string' && !HAS_ZONE.test(value.trim())) return dayjs.tz(value.trim().replace(' ', 'T'), zone);
  return dayjs(value).tz(zone);
}

/** The tenant's day of an instant (today by default), `YYYY-MM-DD`. */
export function dayOf(value: DateValue = Date.now(), zone = consoleZone()): string {
  return zoned(value, zone).format('YYYY-MM-DD');
}

/** The hour (0-23) of an instant on the tenant's clock. */
export function hourOf(value: DateValue = Date.now(), zone = consoleZone()): number {
  return zoned(value, zone).hour();
}

// Day.js's startOf/endOf on a zoned time go through the browser's zone (wrong by the browser's
// daylight-saving shift on its change days): days are bounded from their wall midnights instead.

/** The first instant of a tenant's day (`YYYY-MM-DD`), as ISO text the service reads unambiguously. */
export function dayStart(day: string, zone = consoleZone()): string {
  return zoned(day.slice(0, 10), zone).toISOString();
}

/** The last millisecond of a tenant's day (the next day's midnight less 1 ms), as ISO text. */
export function dayEnd(day: string, zone = consoleZone()): string {
  return new Date(zoned(addDays(day, 1), zone).valueOf() - 1).toISOString();
}

/** A day `n` days after (or before, when negative) another, `YYYY-MM-DD`; calendar days, not 24-hour steps. */
export function addDays(day: string, n: number): string {
  return dayjs.utc(day.slice(0, 10)).add(n, 'day').format('YYYY-MM-DD');
}

/** The last `days` days of the tenant, today included: `[first, today]`. */
export function lastDays(days: number, now: DateValue = Date.now(), zone = consoleZone()): [string, string] {
  const today = dayOf(now, zone);
  return [addDays(today, 1 - days), today];
}

/** Every day from `from` to `to` (`YYYY-MM-DD`, both included), in order. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from.slice(0, 10); d <= to.slice(0, 10) && out.length <= 3660; d = addDays(d, 1)) out.push(d);
  return out;
}

/** The instant of a picked wall time in the tenant's zone, as ISO text. */
export function wallInstant(wall: string, zone = consoleZone()): string {
  return zoned(wall, zone).toISOString();
}
