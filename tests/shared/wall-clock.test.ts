import { describe, expect, it } from 'vitest';
import { localDayOf, localInstant } from '../../src/shared/attendance/days';
import { wallClockOf, wallClockText } from '../../src/shared/wall-clock';

describe('the wall clock of a time zone', () => {
  it('reads midnight as hour 0, not 24, and crosses the date line by the zone', () => {
    const at = new Date('2026-11-27T16:00:00Z');
    expect(wallClockOf(at, 'Asia/Shanghai')).toEqual({ year: 2026, month: 11, day: 28, hour: 0, minute: 0, second: 0 });
    expect(wallClockText(at, 'Asia/Shanghai')).toBe('2026-11-28 00:00:00');
    expect(wallClockText(at, 'UTC')).toBe('2026-11-27 16:00:00');
  });

  it('follows a zone with summer time across its change, and the attendance days with it', () => {
    // Berlin left summer time at 01:00 UTC on 2026-10-25.
    expect(wallClockText(new Date('2026-10-25T00:30:00Z'), 'Europe/Berlin')).toBe('2026-10-25 02:30:00');
    expect(wallClockText(new Date('2026-10-25T01:30:00Z'), 'Europe/Berlin')).toBe('2026-10-25 02:30:00');
    expect(localInstant('2026-10-26', 0, 'Europe/Berlin').toISOString()).toBe('2026-10-25T23:00:00.000Z');
    expect(localDayOf(new Date('2026-10-25T23:30:00Z'), 'Europe/Berlin')).toBe('2026-10-26');
  });
});
