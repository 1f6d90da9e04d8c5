// The browser is somewhere else than the tenant: this file runs in New York (the client-tz
// project of vitest.config.ts sets the process zone) while the tenant's clock is Asia/Shanghai.
import { afterEach, describe, expect, it } from 'vitest';
import { onTenantClock, timeTick } from '../../../src/client/components/Chart/options';
import { analyticsBody, defaultFilter } from '../../../src/client/features/analytics/analytics.queries';
import { monthToDate } from '../../../src/client/features/attendance/attendance.api';
import { alarmHoursOption, periodDays } from '../../../src/client/features/dashboards/dashboardCharts';
import { rangeFilter } from '../../../src/client/features/resources/ResourceFilters';
import { clear, saveLogin } from '../../../src/client/lib/session';
import { consoleZone, dayEnd, dayOf, dayStart, daysBetween, lastDays, wallInstant } from '../../../src/client/lib/zone';
import type { DashboardSummary } from '../../../src/shared/dashboard';
import type { FieldDef } from '../../../src/shared/resources';
import { demoUser } from '../fixtures';
import { formatDateCell } from '../../../src/client/lib/dates';

const names = { online: '', offline: '', alarming: '', today: 'today', period: '', alarms: '', avg: '', max: '' };
/** 04:30 on 26 November in Shanghai: still the 25th (15:30) in New York and (20:30) in UTC. */
const AT = Date.parse('2026-11-25T20:30:00Z');

function summaryAt(
  at: number,
  from = new Date(at - 7 * 86_400_000).toISOString(),
  to = new Date(at).toISOString(),
): DashboardSummary {
  return {
    scenario: 'city',
    at,
    from,
    to,
    devices: { total: 0, online: 0, offline: 0, inactive: 0, alarming: 0, byKind: [] },
    alarms: {
      today: 2,
      period: 5,
      byType: [],
      // The service counts today's alarms by Shanghai hour: two in the 4 o'clock hour.
      byHour: Array.from({ length: 24 }, (_, h) => (h === 4 ? 2 : 0)),
      byDay: [
        { day: '2026-11-20', count: 3 },
        { day: '2026-11-26', count: 2 },
      ],
      handled: 0,
      pending: 5,
      handleRate: 0,
      meanHandleS: null,
      ackMedianS: null,
      ackP90S: null,
      escalated: 0,
    },
    readings: [],
    figures: { peopleOnSite: 0, wearables: 0 },
    latest: [],
  };
}

afterEach(() => clear());

describe("the console's clock is the tenant's, not the browser's", () => {
  it('runs in a browser zone other than the tenant', () => {
    // The premise of every test below: the process is in New York (UTC-5 in November).
    expect(new Date(AT).getHours()).toBe(15);
    expect(new Date(AT).getTimezoneOffset()).toBe(300);
  });

  it('takes the zone the service sent at login, Asia/Shanghai without one', () => {
    expect(consoleZone()).toBe('Asia/Shanghai');
    saveLogin('tok', { ...demoUser, timeZone: 'Europe/Berlin' });
    expect(consoleZone()).toBe('Europe/Berlin');
  });

  it('prints a date cell as the Shanghai wall time of a known instant', () => {
    saveLogin('tok', demoUser);
    expect(formatDateCell('2026-11-25T01:02:03Z')).toBe('2026-11-25 09:02:03');
    expect(formatDateCell('2026-11-25T01:02:03.000+00:00')).toBe('2026-11-25 09:02:03');
    expect(formatDateCell(AT)).toBe('2026-11-26 04:30:00');
    expect(formatDateCell(AT / 1000)).toBe('2026-11-26 04:30:00');
    expect(formatDateCell(new Date(AT))).toBe('2026-11-26 04:30:00');
    // Text without a zone is already a wall time of the tenant; a calendar day stays that day.
    expect(formatDateCell('2026-11-25 08:00:00')).toBe('2026-11-25 08:00:00');
    expect(formatDateCell('2026-11-25', 'YYYY-MM-DD')).toBe('2026-11-25');
    expect(formatDateCell('not a date')).toBe('not a date');
    expect(formatDateCell('')).toBe('');
    // Another tenant zone moves the same instant.
    saveLogin('tok', { ...demoUser, timeZone: 'UTC' });
    expect(formatDateCell('2026-11-25T01:02:03Z')).toBe('2026-11-25 01:02:03');
  });

  it("charts today's alarms by hour up to the tenant's hour, never an hour still to come", () => {
    saveLogin('tok', demoUser);
    const option = alarmHoursOption(summaryAt(AT), names);
    const hours = (option.xAxis as { data: string[] }).data;
    // 04:30 in Shanghai: the hours 00 to 04, not New York's 15 nor UTC's 20.
    expect(hours).toEqual(['00:00', '01:00', '02:00', '03:00', '04:00']);
    expect((option.series as { data: number[] }[])[0]!.data).toEqual([0, 0, 0, 0, 2]);
  });

  it("ends a daily chart on the tenant's today, zeros filled, no empty tomorrow", () => {
    saveLogin('tok', demoUser);
    const days = periodDays(summaryAt(AT));
    expect(days.at(-1)).toEqual({ day: '2026-11-26', count: 2 });
    expect(days[0]!.day).toBe('2026-11-19');
    expect(days).toHaveLength(8);
    expect(days.find((d) => d.day === '2026-11-22')).toEqual({ day: '2026-11-22', count: 0 });
    // A period asked to run past now still ends today.
    expect(periodDays(summaryAt(AT, dayStart('2026-11-24'), dayEnd('2026-11-28'))).map((d) => d.day)).toEqual([
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
    ]);
  });

  it("asks the service for the tenant's days: defaults end today, a picked day is its Shanghai midnight to midnight", () => {
    saveLogin('tok', demoUser);
    expect(dayOf(AT)).toBe('2026-11-26');
    expect(lastDays(7, AT)).toEqual(['2026-11-20', '2026-11-26']);
    expect(defaultFilter(7, AT)).toEqual({ from: '2026-11-20', to: '2026-11-26' });
    expect(analyticsBody(defaultFilter(7, AT))).toEqual({
      from: '2026-11-19T16:00:00.000Z',
      to: '2026-11-26T15:59:59.999Z',
    });
    expect(monthToDate(AT)).toEqual({ from: '2026-11-01', to: '2026-11-26' });
    expect(wallInstant('2026-11-25 08:00:00')).toBe('2026-11-25T00:00:00.000Z');
    // 1 November 2026 is New York's daylight-saving change: the tenant's day is still 24 hours.
    expect([dayStart('2026-11-01'), dayEnd('2026-11-01')]).toEqual([
      '2026-10-31T16:00:00.000Z',
      '2026-11-01T15:59:59.999Z',
    ]);
    // A tenant's own change day (Berlin, 29 March 2026) is 23 hours.
    expect([dayStart('2026-03-29', 'Europe/Berlin'), dayEnd('2026-03-29', 'Europe/Berlin')]).toEqual([
      '2026-03-28T23:00:00.000Z',
      '2026-03-29T21:59:59.999Z',
    ]);
    expect(daysBetween('2026-02-27', '2026-03-01')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    const datetime = { name: 'ts', type: 'datetime' } as FieldDef;
    const date = { name: 'day', type: 'date' } as FieldDef;
    expect(rangeFilter(datetime, '2026-11-20', '2026-11-21')).toEqual([
      '2026-11-19T16:00:00.000Z',
      '2026-11-21T15:59:59.999Z',
    ]);
    expect(rangeFilter(date, '2026-11-20', '2026-11-21')).toEqual(['2026-11-20', '2026-11-21']);
    expect(rangeFilter(date, null, null)).toBeUndefined();
  });

  it("labels time axes on the tenant's clock", () => {
    saveLogin('tok', demoUser);
    expect(timeTick(Date.parse('2026-11-25T16:00:00Z'))).toBe('11-26');
    expect(timeTick(AT)).toBe('04:30');
    // The browser's midnight (New York's here), where ECharts puts a multi-day axis's ticks: the day, not 13:00.
    expect(timeTick(Date.parse('2026-11-25T05:00:00Z'))).toBe('11-25');
    const option = onTenantClock({ xAxis: { type: 'time' }, yAxis: { type: 'value' } });
    const axis = option.xAxis as {
      axisLabel: { formatter: (v: number) => string };
      axisPointer: { label: { formatter: (p: { value: number }) => string } };
    };
    expect(axis.axisLabel.formatter(AT)).toBe('04:30');
    expect(axis.axisPointer.label.formatter({ value: AT })).toBe('2026-11-26 04:30:00');
    // A category axis is left alone.
    expect(onTenantClock({ xAxis: { type: 'category', data: ['a'] } }).xAxis).toEqual({
      type: 'category',
      data: ['a'],
    });
  });
});
