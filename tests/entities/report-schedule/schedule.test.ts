// When a schedule runs next and what period a run covers, on the tenant's clock (schedule.ts).
import { describe, expect, it } from 'vitest';
import { nextRunAfter, periodBefore, type ScheduleTiming } from '../../../src/entities/report-schedule/schedule';

const BERLIN = 'Europe/Berlin';
const at = (iso: string) => new Date(iso);
const timing = (t: Partial<ScheduleTiming>): ScheduleTiming => ({
  frequency: 'daily',
  time: '08:00',
  weekday: null,
  monthday: null,
  cron: null,
  ...t,
});
const next = (t: Partial<ScheduleTiming>, after: string) => nextRunAfter(timing(t), at(after), BERLIN)?.toISOString();

describe('next run on the tenant clock (Europe/Berlin)', () => {
  it('daily: 08:00 local on both sides of the spring and autumn changes', () => {
    // 28 March 08:00 CET is 07:00Z; on 29 March clocks go forward, 08:00 CEST is 06:00Z.
    expect(next({}, '2026-03-28T07:00:00Z')).toBe('2026-03-29T06:00:00.000Z');
    expect(next({}, '2026-03-29T06:00:00Z')).toBe('2026-03-30T06:00:00.000Z');
    expect(next({}, '2026-10-24T06:00:00Z')).toBe('2026-10-25T07:00:00.000Z');
    // A time the change skips runs an hour later on the wall clock (02:30 -> 03:30 CEST).
    expect(next({ time: '02:30' }, '2026-03-28T02:00:00Z')).toBe('2026-03-29T01:30:00.000Z');
  });

  it('weekly: on its ISO weekday, across the change', () => {
    expect(next({ frequency: 'weekly', weekday: 7 }, '2026-03-22T07:00:00Z')).toBe('2026-03-29T06:00:00.000Z');
    expect(next({ frequency: 'weekly', weekday: 1 }, '2026-03-22T07:00:00Z')).toBe('2026-03-23T07:00:00.000Z');
  });

  it("monthly: the 31st runs on a shorter month's last day", () => {
    const m = { frequency: 'monthly', monthday: 31 };
    expect(next(m, '2026-01-31T07:00:00Z')).toBe('2026-02-28T07:00:00.000Z');
    expect(next(m, '2026-02-28T07:00:00Z')).toBe('2026-03-31T06:00:00.000Z');
    expect(next(m, '2026-03-31T06:00:00Z')).toBe('2026-04-30T06:00:00.000Z');
    expect(next(m, '2028-02-01T00:00:00Z')).toBe('2028-02-29T07:00:00.000Z');
  });

  it('cron: on the zone clock across the change', () => {
    const c = { frequency: 'cron', cron: '0 8 * * *' };
    expect(next(c, '2026-03-28T07:00:00Z')).toBe('2026-03-29T06:00:00.000Z');
    expect(next(c, '2026-10-24T06:00:00Z')).toBe('2026-10-25T07:00:00.000Z');
    expect(next({ frequency: 'cron', cron: '0 8 L * *' }, '2026-02-01T00:00:00Z')).toBe('2026-02-28T07:00:00.000Z');
  });

  it('the period a run covers is the day, week or month before it on the wall clock', () => {
    const day = periodBefore(timing({}), at('2026-03-29T06:00:00Z'), BERLIN);
    // 23 hours: the day lost an hour.
    expect(day.from.toISOString()).toBe('2026-03-28T07:00:00.000Z');
    const month = periodBefore(timing({ frequency: 'monthly', monthday: 31 }), at('2026-03-31T06:00:00Z'), BERLIN);
    expect(month.from.toISOString()).toBe('2026-02-28T07:00:00.000Z');
    const week = periodBefore(timing({ frequency: 'weekly', weekday: 7 }), at('2026-03-29T06:00:00Z'), BERLIN);
    expect(week.from.toISOString()).toBe('2026-03-22T07:00:00.000Z');
    const cron = periodBefore(
      timing({ frequency: 'cron' }),
      at('2026-03-29T06:00:00Z'),
      BERLIN,
      at('2026-03-27T06:00:00Z'),
    );
    expect(cron.from.toISOString()).toBe('2026-03-27T06:00:00.000Z');
  });
});
