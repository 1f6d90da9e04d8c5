import { zoned } from './zone';

/** Display format of date cells (docs/requirements/constants.md#tables-trees-and-formats). */
const DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/**
 * The console's one date formatter: every date and time is shown on the tenant's clock
 * (lib/zone.ts, docs/decisions.md "Time zones"), whatever the browser's zone. Numbers (or digit
 * strings) under 13 digits are seconds, otherwise milliseconds; text with a zone is an instant,
 * text without one a wall time of the tenant. `format` is a Day.js format (default DATE_FORMAT).
 */
export function formatDateCell(value: unknown, format: string = DATE_FORMAT): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value))) {
    const digits = String(value);
    const n = Number(value);
    const ms = digits.length < 13 ? n * 1000 : n;
    return zoned(ms).format(format);
  }
  if (typeof value !== 'string' && !(value instanceof Date)) return String(value);
  try {
    const parsed = zoned(value);
    return parsed.isValid() ? parsed.format(format) : String(value);
  } catch {
    // Text Day.js cannot read (Intl refuses an invalid time): shown as it came.
    return String(value);
  }
}
