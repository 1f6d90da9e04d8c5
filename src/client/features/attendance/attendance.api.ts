import type { AttendanceStats } from '../../../shared/attendance/stats';
import type { Job } from '../../../shared/jobs';
import { request } from '../../lib/request';
import { dayOf } from '../../lib/zone';
import type { ResourceSearch } from '../resources/search';

/** Today and the first of this month on the tenant's clock, the days attendance is counted in (spec "Attendance default"). */
export function monthToDate(now: number | Date = Date.now()): { from: string; to: string } {
  const today = dayOf(now);
  return { from: `${today.slice(0, 7)}-01`, to: today };
}

export const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
export const MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;

export const statsQuery = (span: { from: string; to: string; departmentId?: number }) => ({
  queryKey: ['attendance', 'stats', span.from, span.to, span.departmentId ?? null] as const,
  queryFn: () => request<AttendanceStats>('user', 'attendanceRecord/stats', span),
});

export const reportJob = (body: { month: string; departmentId?: number }) =>
  request<Job>('user', 'attendanceRecord/reportJob', body);
export const recomputeJob = (body: { from: string; to: string }) =>
  request<Job>('user', 'attendanceRecord/recompute', body);

/**
 * The presets of the record lists: the date range defaults to the first of the month to today
 * (docs/requirements/constants.md#attendance); /EdAttendanceInfoList shows the late and early ones
 * (the `issue` filter 1), /EdAbsenceList the absences (the `issue` filter 2).
 */
export function recordPreset(issue?: 1 | 2) {
  return (search: ResourceSearch): ResourceSearch => {
    const { from, to } = monthToDate();
    return { ...search, filters: { day: [from, to], ...(issue ? { issue } : {}), ...search.filters } };
  };
}
