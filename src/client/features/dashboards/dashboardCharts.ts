import type { I18n } from '@lingui/core';
import type { DashboardSummary, PersonnelFigures, ReadingFigure } from '../../../shared/dashboard';
import type { ChartOption } from '../../components/Chart';
import { cartesianFrame } from '../../components/Chart/layout';
import { daysBetween, dayOf, hourOf } from '../../lib/zone';
import { alarmTypeText } from '../alarms/alarmLabels';

/** Chart options of the dashboards, pure so the figures can be checked without a canvas. */

export interface ChartNames {
  online: string;
  offline: string;
  alarming: string;
  today: string;
  period: string;
  alarms: string;
  avg: string;
  max: string;
}

/** Light text for the data wall's dark stage; nothing elsewhere (the Chart follows the theme). */
export interface ChartLook {
  text?: string;
}

const base = (look: ChartLook): Partial<ChartOption> => (look.text ? { textStyle: { color: look.text } } : {});

export function kindsOption(
  s: DashboardSummary,
  kindLabel: (kind: string) => string,
  names: ChartNames,
  look: ChartLook = {},
): ChartOption {
  const kinds = s.devices.byKind;
  return {
    ...base(look),
    tooltip: { trigger: 'axis' },
    ...cartesianFrame({ color: look.text }),
    xAxis: { type: 'category', data: kinds.map((k) => kindLabel(k.kind)), axisLabel: { interval: 0, rotate: 30 } },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { type: 'bar', stack: 'state', name: names.online, data: kinds.map((k) => k.online), color: '#2f9e44' },
      { type: 'bar', stack: 'state', name: names.offline, data: kinds.map((k) => k.offline), color: '#868e96' },
      { type: 'bar', name: names.alarming, data: kinds.map((k) => k.alarming), color: '#e03131' },
    ],
  };
}

export function alarmTypesOption(
  s: DashboardSummary,
  i18n: I18n,
  names: ChartNames,
  look: ChartLook = {},
): ChartOption {
  const rows = s.alarms.byType;
  return {
    ...base(look),
    tooltip: { trigger: 'axis' },
    ...cartesianFrame({ color: look.text }),
    xAxis: {
      type: 'category',
      data: rows.map((r) => alarmTypeText(i18n, r.type)),
      axisLabel: { interval: 0, rotate: 30 },
    },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { type: 'bar', name: names.today, data: rows.map((r) => r.today), color: '#f76707' },
      { type: 'bar', name: names.period, data: rows.map((r) => r.period), color: '#1c7ed6' },
    ],
  };
}

/**
 * Today's alarms by hour: the hours of the tenant's day so far (the service counts them on its
 * clock, TIME_ZONE), so a browser in another zone never shows a bar in hours still to come.
 */
export function alarmHoursOption(s: DashboardSummary, names: ChartNames, look: ChartLook = {}): ChartOption {
  const hours = s.alarms.byHour.slice(0, hourOf(s.at) + 1);
  return {
    ...base(look),
    tooltip: { trigger: 'axis' },
    ...cartesianFrame({ legend: 'none' }),
    xAxis: { type: 'category', data: hours.map((_, h) => `${String(h).padStart(2, '0')}:00`) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ type: 'bar', name: names.today, data: hours, color: '#f76707' }],
  };
}

/**
 * The period's alarms per day of the tenant, days without alarms as zeros: from the period's first
 * day to its last, and never past the tenant's today (the summary was read at `s.at`).
 */
export function periodDays(
  s: Pick<DashboardSummary, 'at' | 'from' | 'to' | 'alarms'>,
): { day: string; count: number }[] {
  const counts = new Map(s.alarms.byDay.map((d) => [d.day, d.count]));
  const last = dayOf(Math.min(Date.parse(s.to), s.at));
  return daysBetween(dayOf(s.from), last).map((day) => ({ day, count: counts.get(day) ?? 0 }));
}

export function alarmDaysOption(
  days: { day: string; count: number }[],
  names: ChartNames,
  look: ChartLook = {},
): ChartOption {
  return {
    ...base(look),
    tooltip: { trigger: 'axis' },
    ...cartesianFrame({ legend: 'none' }),
    xAxis: { type: 'category', data: days.map((d) => d.day.slice(5)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { type: 'line', name: names.alarms, smooth: true, areaStyle: { opacity: 0.15 }, data: days.map((d) => d.count) },
    ],
  };
}

export function readingOption(r: ReadingFigure, names: ChartNames, look: ChartLook = {}): ChartOption {
  const round = (v: number | null) => (v === null ? null : Math.round(v * 100) / 100);
  return {
    ...base(look),
    tooltip: { trigger: 'axis' },
    ...cartesianFrame({ legend: 'none' }),
    xAxis: { type: 'category', data: r.days.map((d) => d.day.slice(5)) },
    yAxis: { type: 'value', scale: true },
    series: [
      { type: 'line', name: names.avg, data: r.days.map((d) => round(d.avg)) },
      { type: 'line', name: names.max, data: r.days.map((d) => round(d.max)), lineStyle: { type: 'dashed' } },
    ],
  };
}

/** The period's alarms summed by month (the campus yearly panel): `YYYY-MM` and count, in order. */
export function byMonth(days: { day: string; count: number }[]): { month: string; count: number }[] {
  const months = new Map<string, number>();
  for (const d of days) months.set(d.day.slice(0, 7), (months.get(d.day.slice(0, 7)) ?? 0) + d.count);
  return [...months.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([month, count]) => ({ month, count }));
}

/** Labels of the personnel panel's charts (translated by the caller). */
export interface PersonnelNames {
  people: string;
  wearables: string;
  noDepartment: string;
  normal: string;
  late: string;
  absent: string;
  leave: string;
  alarms: string;
}

/** People and the devices they wear, by department (the largest first). */
export function peopleByDepartmentOption(
  p: PersonnelFigures,
  names: PersonnelNames,
  look: ChartLook = {},
): ChartOption {
  const rows = p.byDepartment;
  return {
    ...base(look),
    tooltip: { trigger: 'axis' },
    legend: { top: 0, ...(look.text ? { textStyle: { color: look.text } } : {}) },
    grid: { left: 40, right: 12, top: 32, bottom: 56 },
    xAxis: {
      type: 'category',
      data: rows.map((r) => r.name ?? names.noDepartment),
      axisLabel: { interval: 0, rotate: 30 },
    },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { type: 'bar', name: names.people, data: rows.map((r) => r.people), color: '#1c7ed6' },
      { type: 'bar', name: names.wearables, data: rows.map((r) => r.wearables), color: '#2f9e44' },
    ],
  };
}

/** The period's attendance per day: normal, late, absent and on leave, stacked. */
export function attendanceDaysOption(p: PersonnelFigures, names: PersonnelNames, look: ChartLook = {}): ChartOption {
  const days = p.attendanceDays;
  const bar = (name: string, pick: (d: PersonnelFigures['attendanceDays'][number]) => number, color: string) => ({
    type: 'bar' as const,
    stack: 'day',
    name,
    data: days.map(pick),
    color,
  });
  return {
    ...base(look),
    tooltip: { trigger: 'axis' },
    legend: { top: 0, ...(look.text ? { textStyle: { color: look.text } } : {}) },
    grid: { left: 40, right: 12, top: 32, bottom: 28 },
    xAxis: { type: 'category', data: days.map((d) => d.day.slice(5)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      bar(names.normal, (d) => d.normal, '#2f9e44'),
      bar(names.late, (d) => d.late, '#f59f00'),
      bar(names.absent, (d) => d.absent, '#e03131'),
      bar(names.leave, (d) => d.leave, '#868e96'),
    ],
  };
}
