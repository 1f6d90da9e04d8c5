import { Cron } from 'croner';
import { isoWeekday, localDayOf, localInstant } from '../../shared/attendance/days';
import { wallClockOf } from '../../shared/wall-clock';

/** What of a schedule decides when it runs (the reportSchedule row's fields). */
export interface ScheduleTiming {
  frequency: string;
  /** HH:mm on the tenant's clock (daily, weekly, monthly). */
  time: string | null;
  /** ISO weekday 1 Monday .. 7 Sunday (weekly). */
  weekday: number | null;
  /** Day of the month 1..31 (monthly); past the month's last day it runs on the last day. */
  monthday: number | null;
  /** Five-field cron expression (or six, with seconds first), on the tenant's clock (cron). */
  cron: string | null;
}

const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' plus `n` days. */
function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** The day `monthday` of the month `offset` months after the month of `day`, clamped to its last day. */
function monthDay(day: string, offset: number, monthday: number): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 1 + offset, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return `${first.toISOString().slice(0, 8)}${String(Math.min(monthday, last)).padStart(2, '0')}`;
}

const minuteOf = (time: string | null) => {
  const [h, m] = (time ?? '00:00').split(':').map(Number) as [number, number];
  return h * 60 + m;
};

/** A parsed cron expression on the zone's clock; throws on a bad one. */
function cronOf(expr: string, timeZone: string): Cron {
  return new Cron(expr, { timezone: timeZone, paused: true });
}

/** Whether a cron expression parses. */
export function cronValid(expr: string): boolean {
  try {
    cronOf(expr, 'UTC');
    return true;
  } catch {
    return false;
  }
}

/**
 * The first instant strictly after `after` at which the schedule runs, on the wall clock of
 * `timeZone`. A time a spring-forward change skips runs when the clock shows it an hour later
 * (02:30 -> 03:30); a time a fall-back change repeats runs once, the second time
 * (src/shared/attendance/days.ts localInstant). Undefined for a schedule that never runs.
 */
export function nextRunAfter(s: ScheduleTiming, after: Date, timeZone: string): Date | undefined {
  if (s.frequency === 'cron') return s.cron ? (cronOf(s.cron, timeZone).nextRun(after) ?? undefined) : undefined;
  const today = localDayOf(after, timeZone);
  const minute = minuteOf(s.time);
  const at = (day: string) => {
    const t = localInstant(day, minute, timeZone);
    return t.getTime() > after.getTime() ? t : undefined;
  };
  if (s.frequency === 'daily') return at(today) ?? at(addDays(today, 1)) ?? at(addDays(today, 2));
  if (s.frequency === 'weekly') {
    for (let i = 0; i <= 8; i++) {
      const day = addDays(today, i);
      if (isoWeekday(day) === s.weekday) {
        const t = at(day);
        if (t) return t;
      }
    }
    return undefined;
  }
  if (s.frequency === 'monthly' && s.monthday) {
    for (let i = 0; i <= 2; i++) {
      const t = at(monthDay(today, i, s.monthday));
      if (t) return t;
    }
  }
  return undefined;
}

/**
 * The period a run ending at `end` covers, on the tenant's clock: the day, week (7 days) or month
 * before `end` (a monthly run on the 31st of March covers from the 28th/29th of February, the
 * same clamping as its next run); for a cron schedule, since its previous scheduled run
 * (`lastDue`), at most 31 days, or the 24 hours before `end` when it never ran.
 */
export function periodBefore(
  s: Pick<ScheduleTiming, 'frequency' | 'monthday'>,
  end: Date,
  timeZone: string,
  lastDue?: Date | null,
): { from: Date; to: Date } {
  const day = localDayOf(end, timeZone);
  // The wall clock's minute of the day (not the minutes elapsed since midnight, which a change shifts).
  const clock = wallClockOf(end, timeZone);
  const minute = clock.hour * 60 + clock.minute;
  const back = (d: string) => localInstant(d, minute, timeZone);
  switch (s.frequency) {
    case 'daily':
      return { from: back(addDays(day, -1)), to: end };
    case 'weekly':
      return { from: back(addDays(day, -7)), to: end };
    case 'monthly':
      return { from: back(monthDay(day, -1, s.monthday ?? Number(day.slice(8)))), to: end };
    default: {
      const floor = end.getTime() - 31 * DAY_MS;
      const from =
        lastDue && lastDue.getTime() < end.getTime() ? Math.max(lastDue.getTime(), floor) : end.getTime() - DAY_MS;
      return { from: new Date(from), to: end };
    }
  }
}
