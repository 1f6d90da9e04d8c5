import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { ScheduleScreen } from '../../../src/client/features/reports/ScheduleScreen';
import type { ResourceSearch } from '../../../src/client/features/resources/search';
import { REPORT_MARK_RUN } from '../../../src/entities/report-schedule/resource';
import { resetRequestDeps } from '../../../src/client/lib/request';
import { saveLogin } from '../../../src/client/lib/session';
import { demoUser } from '../fixtures';
import { renderWithProviders } from '../render';
import { mockApi, type Call } from '../devices/mockApi';

const schedule = {
  id: 5,
  name: 'Daily alarms',
  kind: 'alarmSummary',
  frequency: 'daily',
  time: '08:00',
  recipients: 'ops@example.com',
  enabled: true,
  nextRunAt: '2026-11-21T00:00:00.000Z',
  tenantId: 1,
  createdAt: '2026-11-01T08:00:00.000Z',
};

const run = (id: number, extra: object) => ({
  id,
  scheduleId: 5,
  kind: 'alarmSummary',
  periodFrom: '2026-11-19T00:00:00.000Z',
  periodTo: '2026-11-20T00:00:00.000Z',
  manual: false,
  state: 'sent',
  attempts: 1,
  nextAttemptAt: null,
  error: null,
  startedAt: '2026-11-20T00:00:01.000Z',
  finishedAt: '2026-11-20T00:00:03.000Z',
  fileName: `alarm-summary-${id}.xlsx`,
  bytes: 9_000,
  ...extra,
});

function Screen() {
  const [search, setSearch] = useState<ResourceSearch>({});
  return <ScheduleScreen search={search} onSearchChange={setSearch} />;
}

let calls: Call[];
afterEach(() => resetRequestDeps());

describe('/reportSchedule runs', () => {
  beforeEach(() => {
    calls = mockApi({
      '/api/user/reportSchedule/list': { rows: [schedule], total: 1 },
      '/api/user/reportSchedule/runs': {
        rows: [
          run(21, { state: 'failed', attempts: 3, error: '550 Mailbox unavailable', manual: true }),
          run(20, {}),
          run(19, { state: 'queued', attempts: 1, error: '421 try later', nextAttemptAt: '2026-11-19T00:06:00.000Z' }),
        ],
        total: 3,
      },
      '/api/user/reportSchedule/retryRun': run(21, { state: 'queued', attempts: 0 }),
    });
  });

  it("shows each run's state, error and file; a failed run is retried and the history read again", async () => {
    saveLogin('tok', { ...demoUser, marks: ['*'] });
    renderWithProviders(<Screen />);
    fireEvent.click(await screen.findByTestId('report-schedule-open'));
    const table = await screen.findByTestId('report-runs');
    await within(table).findByText('550 Mailbox unavailable');
    const [, failed, sent, queued] = within(table).getAllByRole('row');
    expect(within(failed!).getByText('失败')).toBeInTheDocument();
    expect(within(failed!).getByText('手动')).toBeInTheDocument();
    expect(within(sent!).getByText('已发送')).toBeInTheDocument();
    expect(within(sent!).getByText('alarm-summary-20.xlsx')).toBeInTheDocument();
    expect(within(queued!).getByText('排队中')).toBeInTheDocument();
    // Only the failed run offers a retry; a queued one waits for its own.
    expect(within(table).getAllByTestId('report-run-retry')).toHaveLength(1);
    expect(within(queued!).queryByTestId('report-run-retry')).toBeNull();

    fireEvent.click(within(failed!).getByTestId('report-run-retry'));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/user/reportSchedule/retryRun')?.body).toEqual({ id: 21 }),
    );
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/user/reportSchedule/runs')).toHaveLength(2));
  });

  it('offers neither send now nor retry without the run permission', async () => {
    saveLogin('tok', { ...demoUser, marks: ['reportSchedule:update'] });
    expect(REPORT_MARK_RUN).not.toBe('reportSchedule:update');
    renderWithProviders(<Screen />);
    fireEvent.click(await screen.findByTestId('report-schedule-open'));
    const table = await screen.findByTestId('report-runs');
    await within(table).findByText('550 Mailbox unavailable');
    expect(within(table).queryByTestId('report-run-retry')).toBeNull();
    expect(screen.queryByTestId('report-run-now')).toBeNull();
  });
});
