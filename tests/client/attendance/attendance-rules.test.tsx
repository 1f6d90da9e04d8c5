import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { AttendanceRuleScreen } from '../../../src/client/features/attendance/AttendanceScreens';
import type { ResourceSearch } from '../../../src/client/features/resources/search';
import { resetRequestDeps } from '../../../src/client/lib/request';
import { saveLogin } from '../../../src/client/lib/session';
import { JOB_STATE } from '../../../src/shared/jobs';
import { demoUser } from '../fixtures';
import { renderWithProviders } from '../render';
import { mockApi, type Call } from '../devices/mockApi';

let calls: Call[];
beforeEach(() => {
  saveLogin('tok', { ...demoUser, marks: ['*'] });
  calls = mockApi({
    '/api/user/attendanceRecord/recompute': { id: 55, kind: 'recompute', state: JOB_STATE.done, progress: 100 },
  });
});
afterEach(() => resetRequestDeps());

function Screen() {
  const [search, setSearch] = useState<ResourceSearch>({});
  return <AttendanceRuleScreen search={search} onSearchChange={setSearch} />;
}

const recomputes = () => calls.filter((c) => c.url === '/api/user/attendanceRecord/recompute');

describe('/AttendanceList rules', () => {
  it('lists the rules and the recompute button queues the job with the chosen date range', async () => {
    renderWithProviders(<Screen />);
    await waitFor(() => expect(calls.some((c) => c.url === '/api/user/attendanceRule/list')).toBe(true));
    fireEvent.click(await screen.findByTestId('attendance-recompute'));
    fireEvent.change(await screen.findByTestId('attendance-recompute-from'), { target: { value: '2026-10-01' } });
    fireEvent.change(screen.getByTestId('attendance-recompute-to'), { target: { value: '2026-10-31' } });
    fireEvent.click(screen.getByTestId('attendance-recompute-ok'));
    await waitFor(() => expect(recomputes().map((c) => c.body)).toEqual([{ from: '2026-10-01', to: '2026-10-31' }]));
    // The modal closes once the job is queued.
    await waitFor(() => expect(screen.queryByTestId('attendance-recompute-ok')).toBeNull());
  });

  it('a range ending before it starts cannot be sent', async () => {
    renderWithProviders(<Screen />);
    fireEvent.click(await screen.findByTestId('attendance-recompute'));
    fireEvent.change(await screen.findByTestId('attendance-recompute-from'), { target: { value: '2026-11-20' } });
    fireEvent.change(screen.getByTestId('attendance-recompute-to'), { target: { value: '2026-11-10' } });
    expect(screen.getByTestId('attendance-recompute-ok')).toBeDisabled();
    fireEvent.click(screen.getByTestId('attendance-recompute-ok'));
    await new Promise((r) => setTimeout(r, 50));
    expect(recomputes()).toHaveLength(0);
  });
});
