import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApprovalInbox, type InboxRow } from '../../../src/client/features/approvals/AuditScreen';
import { SubmitRequestDialog } from '../../../src/client/features/approvals/SubmitRequestDialog';
import { configureRequest, resetRequestDeps } from '../../../src/client/lib/request';
import { saveLogin } from '../../../src/client/lib/session';
import { demoUser, envelope } from '../fixtures';
import { renderWithProviders } from '../render';

const fetchMock = vi.fn<typeof fetch>();
let inbox: InboxRow[] = [];
const calls: { path: string; body: unknown }[] = [];

const row = (id: number, extra: Partial<InboxRow> = {}): InboxRow => ({
  id,
  kind: 'leave',
  title: `赵师傅 事假 #${id}`,
  level: 2,
  levelCount: 2,
  applicantName: '赵师傅',
  nodeName: '现场审批（两级）',
  createdAt: '2026-11-20T02:00:00.000Z',
  ...extra,
});

beforeEach(() => {
  fetchMock.mockReset();
  calls.length = 0;
  inbox = [row(41), row(42, { kind: 'other', title: 'Buy concrete', level: 1 })];
  saveLogin('tok', demoUser);
  fetchMock.mockImplementation(async (url, init) => {
    const path = String(url).replace(/^.*\/api\/user\//, '');
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ path, body });
    if (path === 'approval/inbox/list') return envelope({ code: 0, msg: 'ok', data: inbox });
    if (path === 'approvalNode/list')
      return envelope({ code: 0, msg: 'ok', data: { rows: [{ id: 7, name: '现场审批（两级）' }], total: 1 } });
    if (path === 'approval/submit') return envelope({ code: 0, msg: 'ok', data: { approvalId: 90 } });
    if (path === 'approval/approve' || path === 'approval/reject') {
      inbox = inbox.filter((r) => r.id !== (body as { id: number }).id);
      return envelope({ code: 0, msg: 'ok', data: { id: (body as { id: number }).id } });
    }
    return envelope({ code: 0, msg: 'ok', data: null });
  });
  configureRequest({ fetch: fetchMock, notify: () => undefined, navigate: () => undefined });
});
afterEach(() => resetRequestDeps());

describe('the approval inbox (/audit, 待我审批)', () => {
  it('lists the requests waiting for me with their level; 同意 with a comment calls approval/approve and the row leaves', async () => {
    renderWithProviders(<ApprovalInbox onDetail={() => undefined} />);
    expect(await screen.findByTestId('inbox-row-41')).toHaveTextContent('赵师傅 事假 #41');
    expect(screen.getByTestId('inbox-row-41')).toHaveTextContent('2 / 2');
    expect(screen.getByTestId('inbox-row-42')).toHaveTextContent('1 / 2');
    fireEvent.click(screen.getByTestId('approve-41'));
    fireEvent.change(await screen.findByTestId('decision-comment'), { target: { value: '同意，注意交接' } });
    fireEvent.click(screen.getByTestId('decision-confirm'));
    await waitFor(() =>
      expect(calls.find((c) => c.path === 'approval/approve')?.body).toEqual({ id: 41, comment: '同意，注意交接' }),
    );
    await waitFor(() => expect(screen.queryByTestId('inbox-row-41')).toBeNull());
    expect(screen.getByTestId('inbox-row-42')).toBeInTheDocument();
    expect(calls.some((c) => c.path === 'approval/reject')).toBe(false);
  });

  it('驳回 without a comment calls approval/reject with a null comment; 进度 asks for the detail', async () => {
    const onDetail = vi.fn();
    renderWithProviders(<ApprovalInbox onDetail={onDetail} />);
    fireEvent.click(await screen.findByTestId('detail-42'));
    expect(onDetail).toHaveBeenCalledWith(42);
    fireEvent.click(screen.getByTestId('reject-42'));
    fireEvent.click(await screen.findByTestId('decision-confirm'));
    await waitFor(() =>
      expect(calls.find((c) => c.path === 'approval/reject')?.body).toEqual({ id: 42, comment: null }),
    );
    expect(calls.some((c) => c.path === 'approval/approve')).toBe(false);
  });

  it('says so when nothing waits', async () => {
    inbox = [];
    renderWithProviders(<ApprovalInbox onDetail={() => undefined} />);
    await waitFor(() => expect(screen.getByTestId('inbox-empty')).toHaveTextContent('暂无待我审批的事项'));
  });
});

describe('提交申请 (/audit, 审批记录)', () => {
  it('asks for the matter and the node, then submits a request of another kind and closes', async () => {
    const onSubmitted = vi.fn();
    const onClose = vi.fn();
    renderWithProviders(<SubmitRequestDialog opened onClose={onClose} onSubmitted={onSubmitted} />);
    fireEvent.click(await screen.findByTestId('request-submit'));
    expect(await screen.findByText('请输入申请事项')).toBeInTheDocument();
    expect(screen.getByText('请选择审批节点')).toBeInTheDocument();
    expect(calls.some((c) => c.path === 'approval/submit')).toBe(false);

    fireEvent.change(screen.getByTestId('request-title'), { target: { value: '  Buy 20 t of concrete ' } });
    fireEvent.click(screen.getByTestId('request-node'));
    fireEvent.click(await screen.findByRole('option', { name: '现场审批（两级）' }));
    fireEvent.click(screen.getByTestId('request-submit'));
    await waitFor(() =>
      expect(calls.find((c) => c.path === 'approval/submit')?.body).toEqual({
        nodeId: 7,
        title: 'Buy 20 t of concrete',
      }),
    );
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledTimes(1));
    expect(onClose).toHaveBeenCalled();
  });
});
