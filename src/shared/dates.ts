import { z } from 'zod';

/** Dates the service takes: 2000-01-01 to 2100-12-31 (UTC), the span of any record it keeps. */
const MIN_DATE_MS = Date.UTC(2000, 0, 1);
const MAX_DATE_MS = Date.UTC(2101, 0, 1) - 1;

/**
 * The shapes a date may come in: `2026-11-23`, `2026/11/23`, with an optional time
 * (`T` or a space, `HH:mm`, seconds, fractions) and an optional zone (`Z`, `+08:00`, `+0800`).
 * Date.parse alone is too lenient: V8 reads '中 2026 1' or 'x 1' as dates, and a file name
 * built from such text breaks a header.
 */
const DATE_SHAPE = /^\d{4}[-/]\d{2}[-/]\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** Milliseconds since the epoch for text in a date shape, else NaN. */
export function parseDate(v: string): number {
  if (!DATE_SHAPE.test(v)) return Number.NaN;
  const [y, m, d] = [Number(v.slice(0, 4)), Number(v.slice(5, 7)), Number(v.slice(8, 10))];
  // V8 rolls 2026-02-31 over to March 3rd; a day the month lacks is no date.
  if (new Date(Date.UTC(y, m - 1, d)).getUTCDate() !== d) return Number.NaN;
  // Normalised to ISO form: a bare day reads as UTC midnight, a time without a zone as local time.
  return Date.parse(`${v.slice(0, 4)}-${v.slice(5, 7)}-${v.slice(8, 10)}${v.slice(10).replace(' ', 'T')}`);
}

/** 'dateInvalid' for text not in a date shape (or no real day), 'dateOutOfRange' outside 2000-2100, else undefined. */
export function dateProblem(v: string): 'dateInvalid' | 'dateOutOfRange' | undefined {
  const ms = parseDate(v);
  if (Number.isNaN(ms)) return 'dateInvalid';
  return ms < MIN_DATE_MS || ms > MAX_DATE_MS ? 'dateOutOfRange' : undefined;
}

/** A date as text in one of the shapes above, within 2000-2100. */
export const isoDate = z
  .string()
  .trim()
  .superRefine((v, ctx) => {
    const problem = dateProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
