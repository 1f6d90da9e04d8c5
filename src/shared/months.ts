/** Calendar months as 'YYYY-MM' text: the SIM carrier's usage months, /Report's span, the seed's history. */

/** YYYY-MM of an instant in a time zone. */
export function monthOf(at: number | Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' }).formatToParts(
    at instanceof Date ? at : new Date(at),
  );
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}`;
}

/** The month `n` months after `m` (before it when `n` is negative). */
export function addMonths(m: string, n: number): string {
  const [y, mo] = m.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, mo - 1 + n, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** How many days month `m` has. */
export function daysInMonth(m: string): number {
  const [y, mo] = m.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, mo, 0)).getUTCDate();
}
