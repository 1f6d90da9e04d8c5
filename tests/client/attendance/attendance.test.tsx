import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { monthToDate, recordPreset } from '../../../src/client/features/attendance/attendance.api';
import { AttendanceRecordScreen } from '../../../src/client/features/attendance/AttendanceScreens';
import { AttendanceStatsScreen } from '../../../src/client/features/attendance/AttendanceStatsScreen';
import type { ResourceSearch } from '../../../src/client/features/resources/search';
import { resetRequestDeps } from '../../../src/client/lib/request';
import { saveLogin } from '../../../src/client/lib/session';
import { demoUser } from '../fixtures';
import { renderWithProviders } from '../render';
import { mockApi, type Call } from '../devices/mockApi';

const record = (id: number, day: string, late: number, early: number, absent: number) => ({
  id,
  day,
  userId: 7,
  departmentId: 3,
  ruleId: 1,
  status: late + early + absent ? 3 : 2,
  amAtState: late ? 2 : 1,
  amEndState: 1,
  pmAtState: 1,
  pmEndState: early ? 3 : 1,
  eveningAtState: null,
  eveningEndState: null,
  late,
  early,
  absent,
  leave: 0,
  punches: 4,
  firstPunch: `${day}T00:45:00Z`,
  lastPunch: `${day}T09:40:00Z`,
  issue: late + early ? 1 : 0,
  tenantId: 1,
});

let calls: Call[];
/** The 18th, noon on the tenant's clock: the month to date is 2026-11-01..2026-11-18, whatever day the test runs. */
const NOW = new Date('2026-11-18T04:00:00Z');
beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  saveLogin('tok', { ...demoUser, marks: ['*'] });
  calls = mockApi({
    '/api/user/attendanceRecord/list': {
      rows: [record(1, '2026-11-03', 1, 0, 0), record(2, '2026-11-05', 0, 1, 0)],
      total: 2,
    },
    '/api/user/attendanceRecord/stats': {
      from: '2026-11-01',
      to: '2026-11-03',
      totals: { records: 6, normal: 3, late: 2, early: 1, absent: 1, leave: 0 },
      days: [
        { day: '2026-11-01', normal: 0, late: 0, early: 0, absent: 0, leave: 0 },
        { day: '2026-11-02', normal: 2, late: 1, early: 0, absent: 0, leave: 0 },
        { day: '2026-11-03', normal: 1, late: 1, early: 1, absent: 1, leave: 0 },
      ],
      departments: [{ departmentId: 3, name: 'Crew A', records: 6, normal: 3, late: 2, early: 1, absent: 1 }],
      topLate: [{ userId: 7, name: 'Wang Wu', late: 2, early: 1, absent: 0 }],
    },
    '/api/user/attendanceRecord/reportJob': {
      id: 41,
      kind: 'attendanceReport',
      title: 'x',
      state: 1,
      progress: 0,
      rows: 0,
      createdAt: '2026-11-25T00:00:00Z',
    },
    '/api/user/job/get': {
      id: 41,
      kind: 'attendanceReport',
      title: 'x',
      state: 1,
      progress: 0,
      rows: 0,
      createdAt: '2026-11-25T00:00:00Z',
    },
  });
});
afterEach(() => {
  resetRequestDeps();
  vi.useRealTimers();
});

function Records({ issue }: { issue?: 1 | 2 }) {
  const [search, setSearch] = useState<ResourceSearch>(recordPreset(issue)({}));
  return <AttendanceRecordScreen search={search} onSearchChange={setSearch} />;
}

describe('attendance screens', () => {
  it('/EdAttendanceInfoList lists the late and early records of this month; the monthly report is queued for a month', async () => {
    renderWithProviders(<Records issue={1} />);
    expect(await screen.findByText('2026-11-03')).toBeInTheDocument();
    const { from, to } = monthToDate();
    const listCall = calls.find((c) => c.url === '/api/user/attendanceRecord/list')!;
    expect((listCall.body as { filters: unknown }).filters).toEqual({ day: [from, to], issue: 1 });
    fireEvent.click(screen.getByTestId('attendance-report'));
    const month = await screen.findByTestId('attendance-report-month');
    fireEvent.change(month, { target: { value: '2026-13' } });
    expect(screen.getByTestId('attendance-report-ok')).toBeDisabled();
    fireEvent.change(month, { target: { value: '2026-10' } });
    fireEvent.click(screen.getByTestId('attendance-report-ok'));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/user/attendanceRecord/reportJob')?.body).toEqual({ month: '2026-10' }),
    );
  });

  it('`attendance` shows the totals, the charts and the workers late most often for the month to date', async () => {
    renderWithProviders(<AttendanceStatsScreen />);
    expect(within(await screen.findByTestId('attendance-total-late')).getByText('2')).toBeInTheDocument();
    expect(within(screen.getByTestId('attendance-total-absent')).getByText('1')).toBeInTheDocument();
    expect(within(screen.getByTestId('attendance-top-late')).getByText('Wang Wu').closest('tr')).toHaveTextContent(
      'Wang Wu210',
    );
    expect(screen.getByTestId('attendance-days-card')).toHaveTextContent('每日考勤');
    expect(screen.getByTestId('attendance-departments-card')).toHaveTextContent('部门考勤');
    expect(monthToDate()).toEqual({ from: '2026-11-01', to: '2026-11-18' });
    expect(calls.find((c) => c.url === '/api/user/attendanceRecord/stats')?.body).toEqual(monthToDate());
    fireEvent.change(screen.getByTestId('attendance-from'), { target: { value: '2026-11-02' } });
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/user/attendanceRecord/stats').at(-1)?.body).toEqual({
        ...monthToDate(),
        from: '2026-11-02',
      }),
    );
  });
});
