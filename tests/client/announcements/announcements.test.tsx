import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { AnnouncementScreen } from '../../../src/client/features/announcements/AnnouncementScreen';
import { AnnouncementInbox } from '../../../src/client/features/announcements/AnnouncementInbox';
import type { ResourceSearch } from '../../../src/client/features/resources/search';
import { resetRequestDeps } from '../../../src/client/lib/request';
import { saveLogin } from '../../../src/client/lib/session';
import { demoUser } from '../fixtures';
import { renderWithProviders } from '../render';
import { mockApi, type Call } from '../devices/mockApi';

const row = (id: number, title: string, state: number, extra: object = {}) => ({
  id,
  title,
  content: `${title} content`,
  level: 1,
  scope: 2,
  departmentIds: [],
  roleIds: [],
  userIds: [],
  needApproval: 2,
  approvalNodeId: null,
  publishAt: null,
  state,
  publisherName: '演示管理员',
  reviewerName: null,
  recipientCount: 0,
  readCount: 0,
  deviceCount: 0,
  tenantId: 1,
  createdAt: '2026-11-25T00:00:00Z',
  ...extra,
});

let calls: Call[];
afterEach(() => resetRequestDeps());

function Screen() {
  const [search, setSearch] = useState<ResourceSearch>({});
  return <AnnouncementScreen search={search} onSearchChange={setSearch} />;
}

const rowOf = async (title: string) => (await screen.findByText(title)).closest('tr')!;

describe('/AnnouncementList', () => {
  beforeEach(() => {
    saveLogin('tok', { ...demoUser, marks: ['*'] });
    calls = mockApi({
      '/api/user/announcement/list': {
        rows: [
          row(1, 'Draft one', 1),
          row(2, 'Published one', 3, { recipientCount: 3, readCount: 1, publishAt: '2026-11-25T01:00:00Z' }),
          row(3, 'Rejected one', 4),
        ],
        total: 3,
      },
      '/api/user/announcement/publish': row(1, 'Draft one', 3),
      '/api/user/announcement/receipts/list': [
        { userId: 11, name: '李工长', departmentName: '项目部', readAt: '2026-11-25T02:00:00Z' },
        { userId: 12, name: '赵师傅', departmentName: null, readAt: null },
        { userId: 13, name: '王师傅', departmentName: null, readAt: null },
      ],
    });
  });

  it('publishes a draft after asking, withdraws a published one, and offers neither on a rejected one', async () => {
    renderWithProviders(<Screen />);
    const draftRow = await rowOf('Draft one');
    expect(within(draftRow).queryByTestId('row-withdraw')).toBeNull();
    expect(within(await rowOf('Published one')).queryByTestId('row-publish')).toBeNull();
    expect(within(await rowOf('Published one')).getByTestId('row-withdraw')).toBeInTheDocument();
    expect(within(await rowOf('Rejected one')).queryByTestId('row-publish')).toBeNull();
    expect(within(await rowOf('Rejected one')).queryByTestId('row-withdraw')).toBeNull();
    expect(within(draftRow).getByTestId('announcement-state-1')).toHaveTextContent('草稿');

    fireEvent.click(within(draftRow).getByTestId('row-publish'));
    expect(calls.some((c) => c.url === '/api/user/announcement/publish')).toBe(false);
    fireEvent.click(await screen.findByTestId('confirm-danger'));
    await waitFor(() => expect(calls.find((c) => c.url === '/api/user/announcement/publish')?.body).toEqual({ id: 1 }));
  });

  it('shows read/total and the drawer of who read when', async () => {
    renderWithProviders(<Screen />);
    const link = await screen.findByTestId('announcement-read-2');
    expect(link).toHaveTextContent('1/3');
    expect(screen.queryByTestId('announcement-read-1')).toBeNull();
    fireEvent.click(link);
    const drawer = await screen.findByTestId('announcement-receipts');
    await waitFor(() => expect(within(drawer).getAllByTestId('receipt-row')).toHaveLength(3));
    expect(within(drawer).getByTestId('receipts-summary')).toHaveTextContent('已读 1 / 共 3 人');
    const rows = within(drawer).getAllByTestId('receipt-row');
    expect(rows[0]).toHaveTextContent('李工长');
    expect(rows[0]).toHaveTextContent('项目部');
    expect(rows[1]).toHaveTextContent('未读');
    expect(calls.find((c) => c.url === '/api/user/announcement/receipts/list')?.body).toEqual({ id: 2 });
  });
});

describe('/siteAnnouncement and /AnnouncementListtc', () => {
  const item = (id: number, title: string, readAt: string | null) => ({
    id,
    title,
    content: `${title} text`,
    level: id === 1 ? 3 : 1,
    publisherName: '演示管理员',
    publishAt: '2026-11-25T01:00:00Z',
    readAt,
  });

  it('lists mine unread first; opening one shows it and marks it read', async () => {
    saveLogin('tok', { ...demoUser, marks: [] });
    let read = false;
    calls = mockApi({
      '/api/user/announcement/inbox/list': (body: unknown) => {
        const unread = (body as { unread?: boolean }).unread;
        const rows = read
          ? [item(2, 'Old news', '2026-11-24T00:00:00Z'), item(1, 'Evacuate', '2026-11-25T03:00:00Z')]
          : [item(1, 'Evacuate', null), item(2, 'Old news', '2026-11-24T00:00:00Z')];
        const shown = unread ? rows.filter((r) => r.readAt === null) : rows;
        return { rows: shown, total: shown.length, unread: read ? 0 : 1 };
      },
      '/api/user/announcement/read': () => {
        read = true;
        return { readAt: '2026-11-25T03:00:00Z' };
      },
    });
    renderWithProviders(<AnnouncementInbox />);
    const items = await screen.findAllByTestId('announcement-item');
    expect(items.map((i) => i.getAttribute('data-read'))).toEqual(['false', 'true']);
    expect(screen.getByTestId('announcement-unread-count')).toHaveTextContent('未读 1 条');
    fireEvent.click(items[0]!);
    expect(await screen.findByTestId('announcement-detail')).toHaveTextContent('Evacuate text');
    await waitFor(() => expect(calls.find((c) => c.url === '/api/user/announcement/read')?.body).toEqual({ id: 1 }));
    await waitFor(() => expect(screen.getByTestId('announcement-unread-count')).toHaveTextContent('未读 0 条'));
    // Opening a read one again is no second receipt.
    fireEvent.click(screen.getAllByTestId('announcement-item')[0]!);
    expect(calls.filter((c) => c.url === '/api/user/announcement/read')).toHaveLength(1);
  });

  it('the popup asks for the unread ones only', async () => {
    saveLogin('tok', { ...demoUser, marks: [] });
    calls = mockApi({ '/api/user/announcement/inbox/list': { rows: [], total: 0, unread: 0 } });
    renderWithProviders(<AnnouncementInbox unreadOnly />);
    expect(await screen.findByTestId('announcement-empty')).toHaveTextContent('没有未读公告');
    expect(calls.find((c) => c.url === '/api/user/announcement/inbox/list')?.body).toEqual({
      unread: true,
      page: 1,
      size: 50,
    });
  });
});
