import { z } from 'zod';

/** Dates the service takes: 2000-01-01 to 2100-12-31 (UTC), the span of any record it keeps. */
export const MIN_DATE_MS = Date.UTC(2000, 0, 1);
export const MAX_DATE_MS = Date.UTC(2101, 0, 1) - 1;

/** 'dateInvalid' for text no date parser reads, 'dateOutOfRange' outside 2000-2100, else undefined. */
export function dateProblem(v: string): 'dateInvalid' | 'dateOutOfRange' | undefined {
  const ms = Date.parse(v);
  if (Number.isNaN(ms)) return 'dateInvalid';
  return ms < MIN_DATE_MS || ms > MAX_DATE_MS ? 'dateOutOfRange' : undefined;
}

/** A date as text (ISO 8601 or anything Date.parse reads) within 2000-2100. */
export const isoDate = z
  .string()
  .trim()
  .superRefine((v, ctx) => {
    const problem = dateProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
