/**
 * The wall clock of a time zone: what a clock on the site's wall reads at an instant (the
 * service's TIME_ZONE for attendance days, order numbers, the tests' tenant clock). One cached
 * formatter per zone: building an Intl.DateTimeFormat costs far more than using one.
 */
interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, f);
  }
  return f;
}

/** The wall clock of `timeZone` at `at`. */
export function wallClockOf(at: Date, timeZone: string): WallClock {
  const out: WallClock = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const p of formatOf(timeZone).formatToParts(at))
    if (p.type in out) out[p.type as keyof WallClock] = Number(p.value);
  return out;
}

const two = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD HH:MM:SS` on the wall clock of `timeZone`. */
export function wallClockText(at: Date, timeZone: string): string {
  const c = wallClockOf(at, timeZone);
  return `${c.year}-${two(c.month)}-${two(c.day)} ${two(c.hour)}:${two(c.minute)}:${two(c.second)}`;
}

/** `HH:MM` on the wall clock of `timeZone`. */
export function wallClockTime(at: Date, timeZone: string): string {
  const c = wallClockOf(at, timeZone);
  return `${two(c.hour)}:${two(c.minute)}`;
}
