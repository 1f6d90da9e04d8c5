import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { LeaveScreen } from '../../../src/client/features/approvals/LeaveScreen';
import type { ResourceSearch } from '../../../src/client/features/resources/search';
import { resetRequestDeps } from '../../../src/client/lib/request';
import { saveLogin } from '../../../src/client/lib/session';
import { demoUser } from '../fixtures';
import { renderWithProviders } from '../render';
import { mockApi, type Call } from '../devices/mockApi';

const leave = (id: number, extra: object) => ({
  id,
  userId: 7,
  type: 6,
  startAt: '2026-11-26T01:00:00.000Z',
  endAt: '2026-11-27T09:00:00.000Z',
  reason: `reason ${id}`,
  nodeId: 1,
  state: 1,
  approvalId: null,
  tenantId: 1,
  createdAt: '2026-11-25T00:00:00.000Z',
  ...extra,
});

let calls: Call[];
let toasts: string[];
beforeEach(() => {
  saveLogin('tok', { ...demoUser, marks: ['*'] });
  toasts = [];
  calls = mockApi(
    {
      '/api/user/leaveRequest/list': {
        rows: [
          leave(1, { type: 6, state: 1, approvalId: 90 }),
          leave(2, { type: 5, state: 3 }),
          leave(3, { type: 3, state: 2 }),
        ],
        total: 3,
      },
      '/api/user/leaveRequest/cancel': { id: 1 },
    },
    [],
    toasts,
  );
});
afterEach(() => resetRequestDeps());

function Screen() {
  const [search, setSearch] = useState<ResourceSearch>({});
  return <LeaveScreen search={search} onSearchChange={setSearch} />;
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;
const listCalls = () => calls.filter((c) => c.url === '/api/user/leaveRequest/list').length;

describe('/AuditNotice leave requests', () => {
  it('shows the type and state labels; only pending or approved requests offer a cancel, approvals their progress', async () => {
    renderWithProviders(<Screen />);
    const pending = await rowOf('reason 1');
    const rejected = await rowOf('reason 2');
    const approved = await rowOf('reason 3');
    expect(pending).toHaveTextContent('事假');
    expect(pending).toHaveTextContent('待审批');
    expect(rejected).toHaveTextContent('病假');
    expect(rejected).toHaveTextContent('已驳回');
    expect(approved).toHaveTextContent('婚假');
    expect(approved).toHaveTextContent('已批准');
    expect(within(pending).getByTestId('row-cancel')).toBeInTheDocument();
    expect(within(approved).getByTestId('row-cancel')).toBeInTheDocument();
    expect(within(rejected).queryByTestId('row-cancel')).toBeNull();
    expect(within(pending).getByTestId('row-progress')).toBeInTheDocument();
    expect(within(approved).queryByTestId('row-progress')).toBeNull();
  });

  it('cancel asks first, then calls leaveRequest/cancel and reloads the list', async () => {
    renderWithProviders(<Screen />);
    const pending = await rowOf('reason 1');
    const before = listCalls();
    fireEvent.click(within(pending).getByTestId('row-cancel'));
    expect(await screen.findByText('确定要取消这条请假申请吗？')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/user/leaveRequest/cancel')).toBe(false);
    fireEvent.click(screen.getByTestId('confirm-danger'));
    await waitFor(() => expect(calls.find((c) => c.url === '/api/user/leaveRequest/cancel')?.body).toEqual({ id: 1 }));
    await waitFor(() => expect(listCalls()).toBeGreaterThan(before));
    await waitFor(() => expect(toasts).toContain('请假已取消'));
  });

  it('dismissing the question sends nothing', async () => {
    renderWithProviders(<Screen />);
    const approved = await rowOf('reason 3');
    fireEvent.click(within(approved).getByTestId('row-cancel'));
    await screen.findByText('确定要取消这条请假申请吗？');
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByTestId('confirm-danger')).toBeNull());
    expect(calls.some((c) => c.url === '/api/user/leaveRequest/cancel')).toBe(false);
  });
});
