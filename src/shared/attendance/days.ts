/**
 * Local days of attendance: a punch belongs to the day of the service's time zone (TIME_ZONE),
 * as the analytics days do. Days are 'YYYY-MM-DD' text.
 */
import { wallClockOf } from '../wall-clock';

/** The TIME_ZONE day of an instant, 'YYYY-MM-DD'. */
export function localDayOf(at: Date, timeZone: string): string {
  const p = wallClockOf(at, timeZone);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** Minutes since local midnight of `day` for an instant (negative before, >= 1440 after). */
export function localMinuteOf(at: Date, day: string, timeZone: string): number {
  return Math.round((at.getTime() - localInstant(day, 0, timeZone).getTime()) / 60_000);
}

/** The instant of `minute` minutes after local midnight of `day` in the zone. */
export function localInstant(day: string, minute: number, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d, 0, minute);
  // The zone's offset at the guess, applied twice to settle across offset changes.
  let t = guess;
  for (let i = 0; i < 2; i++) {
    const p = wallClockOf(new Date(t), timeZone);
    const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
    t = guess - (asUtc - t);
  }
  return new Date(t);
}

/** Every day from `from` to `to` inclusive ('YYYY-MM-DD'). */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  const [y, m, d] = from.split('-').map(Number) as [number, number, number];
  for (let t = Date.UTC(y, m - 1, d); ; t += 86_400_000) {
    const day = new Date(t).toISOString().slice(0, 10);
    if (day > to) break;
    out.push(day);
  }
  return out;
}

/** ISO weekday of a day: 1 Monday .. 7 Sunday. */
export function isoWeekday(day: string): number {
  const wd = new Date(`${day}T00:00:00Z`).getUTCDay();
  return wd === 0 ? 7 : wd;
}

/** ISO week number of a day (1..53). */
export function isoWeek(day: string): number {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 4 - isoWeekday(day));
  const yearStart = Date.UTC(d.getUTCFullYear(), 0, 1);
  return Math.ceil(((d.getTime() - yearStart) / 86_400_000 + 1) / 7);
}
