import { describe, expect, it } from 'vitest';
import { dateProblem, parseDate } from '../../src/shared/dates';

describe('dates', () => {
  it('reads the date shapes the console and devices send', () => {
    expect(parseDate('2026-11-23')).toBe(Date.UTC(2026, 10, 23));
    expect(parseDate('2026/11/23')).toBe(Date.UTC(2026, 10, 23));
    expect(parseDate('2026-11-23T10:00:00Z')).toBe(Date.UTC(2026, 10, 23, 10));
    expect(parseDate('2026-11-23 10:00:00.123Z')).toBe(Date.UTC(2026, 10, 23, 10, 0, 0, 123));
    expect(parseDate('2026-11-23T10:00:00+08:00')).toBe(Date.UTC(2026, 10, 23, 2));
    expect(parseDate('2026-11-23T10:00')).toBe(new Date(2026, 10, 23, 10).getTime());
  });

  it('refuses what only a lenient parser reads, and days a month lacks', () => {
    for (const v of [
      '中 2026 1',
      'x 1',
      'Mon Nov 23 2026',
      '2026-11-23T',
      '2026-11-23 25',
      '2026-02-31',
      '2026-13-01',
      '',
    ]) {
      expect(Number.isNaN(parseDate(v)), v).toBe(true);
      expect(dateProblem(v), v).toBe('dateInvalid');
    }
  });

  it('keeps to 2000-2100', () => {
    expect(dateProblem('1999-12-31T23:59:59Z')).toBe('dateOutOfRange');
    expect(dateProblem('2101-01-01')).toBe('dateOutOfRange');
    expect(dateProblem('2000-01-01')).toBeUndefined();
  });
});
