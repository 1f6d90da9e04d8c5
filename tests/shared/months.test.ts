import { describe, expect, it } from 'vitest';
import { addMonths, daysInMonth, monthOf } from '../../src/shared/months';

describe('months', () => {
  it("reads an instant's month in the time zone", () => {
    // 2026-11-30T17:00Z is already December 1st in Shanghai.
    expect(monthOf(Date.UTC(2026, 10, 30, 17), 'Asia/Shanghai')).toBe('2026-12');
    expect(monthOf(new Date(Date.UTC(2026, 10, 30, 17)), 'UTC')).toBe('2026-11');
  });

  it('steps across years both ways and counts days', () => {
    expect([
      addMonths('2026-12', 1),
      addMonths('2026-01', -1),
      addMonths('2026-11', -5),
      addMonths('2026-03', 0),
    ]).toEqual(['2027-01', '2025-12', '2026-06', '2026-03']);
    expect([daysInMonth('2026-02'), daysInMonth('2028-02'), daysInMonth('2026-11'), daysInMonth('2026-12')]).toEqual([
      28, 29, 30, 31,
    ]);
  });
});
