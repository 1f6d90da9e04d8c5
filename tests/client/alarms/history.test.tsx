import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { AlarmHistoryScreen } from '../../../src/client/features/alarms/AlarmHistoryScreen';
import type { ResourceSearch } from '../../../src/client/features/resources/search';
import { resetRequestDeps } from '../../../src/client/lib/request';
import { saveLogin } from '../../../src/client/lib/session';
import { mockApi, type Call } from '../devices/mockApi';
import { demoUser } from '../fixtures';
import { renderWithProviders } from '../render';
import { alarm, alarmQueryClient } from './fixtures';

if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

const LIST = '/api/device/alarm/list';
const rows = [
  alarm(1),
  alarm(2, {
    type: 6,
    level: 2,
    title: '心率过高',
    value: 172,
    threshold: 150,
    read: 1,
    handleState: 1,
    handlerName: '李四',
  }),
];

function Harness({ onOpenDevice }: { onOpenDevice?: (imei: string) => void }) {
  const [search, setSearch] = useState<ResourceSearch>({});
  return <AlarmHistoryScreen search={search} onSearchChange={setSearch} onOpenDevice={onOpenDevice} />;
}

const bodies = (calls: Call[], url: string) =>
  calls.filter((c) => c.url === url).map((c) => c.body as Record<string, unknown>);

describe('/AlarmHistory', () => {
  let calls: Call[];
  let toasts: string[];
  beforeEach(() => {
    toasts = [];
    saveLogin('tok', { ...demoUser, marks: ['*'] });
    calls = mockApi({ [LIST]: { rows, total: 2 } }, [], toasts);
  });
  afterEach(() => resetRequestDeps());

  it('shows the columns in order with translated type, level, read and handling labels', async () => {
    renderWithProviders(<Harness />, { queryClient: alarmQueryClient() });
    const table = screen.getByTestId('data-table');
    await within(table).findByText('Helmet 1');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.trim())
      .filter(Boolean);
    // At 1366 px the list starts without title, person, read state and handler; the column settings show them.
    expect(headers).toEqual(['报警级别', '报警类型', 'IMEI', '数值/阈值', '报警时间', '处理状态', '操作']);
    fireEvent.click(screen.getByTestId('column-settings'));
    for (const name of ['title', 'personName', 'read', 'handlerName'])
      fireEvent.click(screen.getByTestId(`column-toggle-${name}`));
    const all = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.trim())
      .filter(Boolean);
    expect(all).toEqual([
      '报警级别',
      '报警类型',
      '标题',
      'IMEI',
      '责任人',
      '数值/阈值',
      '报警时间',
      '阅读状态',
      '处理状态',
      '处理人',
      '操作',
    ]);
    expect(
      within(table)
        .getAllByTestId('alarm-type')
        .map((e) => e.textContent),
    ).toEqual(['SOS求救', '心率告警']);
    // Titles come from the type code (the stored one is Chinese), with what follows " · " kept.
    expect(
      within(table)
        .getAllByTestId('alarm-title')
        .map((e) => e.textContent),
    ).toEqual(['SOS求救 · 1', '心率过高']);
    expect(
      within(table)
        .getAllByTestId('alarm-level')
        .map((e) => [e.textContent, e.dataset.level]),
    ).toEqual([
      ['紧急', '3'],
      ['警告', '2'],
    ]);
    expect(
      within(table)
        .getAllByTestId('alarm-read')
        .map((e) => e.textContent),
    ).toEqual(['未读', '已读']);
    expect(
      within(table)
        .getAllByTestId('alarm-handle')
        .map((e) => e.textContent),
    ).toEqual(['未处理', '已处理']);
    expect(within(table).getByText('172 / 150')).toBeInTheDocument();
    expect(within(table).getByText('Helmet 1')).toBeInTheDocument();
    expect(within(table).getByText('李四')).toBeInTheDocument();
    // Read and handle are offered only where they still apply; the unread critical row's one button is
    // 我来处理, which marks it read too (docs/alarms.md#acknowledgement-and-escalation).
    expect(within(table).queryAllByTestId('row-alarmRead')).toHaveLength(0);
    expect(within(table).getAllByTestId('row-alarmAck')).toHaveLength(1);
    expect(within(table).getAllByTestId('row-alarmHandle')).toHaveLength(1);
  });

  it('the type and read filters and the keyword build the list query', async () => {
    renderWithProviders(<Harness />, { queryClient: alarmQueryClient() });
    await screen.findByText('Helmet 1');
    expect(bodies(calls, LIST)[0]).toEqual({ page: 1, size: 20, sort: [{ field: 'ts', order: 'desc' }] });
    const filters = screen.getByTestId('resource-filters');
    fireEvent.click(within(filters).getByPlaceholderText('报警类型'));
    fireEvent.click(await screen.findByRole('option', { name: 'SOS求救' }));
    await waitFor(() => expect(bodies(calls, LIST).at(-1)).toMatchObject({ page: 1, filters: { type: 15 } }));
    fireEvent.click(within(filters).getByPlaceholderText('阅读状态'));
    fireEvent.click(await screen.findByRole('option', { name: '未读' }));
    await waitFor(() => expect(bodies(calls, LIST).at(-1)).toMatchObject({ filters: { type: 15, read: 0 } }));
    fireEvent.change(within(filters).getByLabelText('关键字'), { target: { value: '8601' } });
    await waitFor(
      () => expect(bodies(calls, LIST).at(-1)).toMatchObject({ keyword: '8601', filters: { type: 15, read: 0 } }),
      { timeout: 10_000 },
    );
  });

  it('mark read sends the id with a request id', async () => {
    calls = mockApi({ [LIST]: { rows: [alarm(3, { type: 6, level: 2 })], total: 1 } }, [], toasts);
    renderWithProviders(<Harness />, { queryClient: alarmQueryClient() });
    await screen.findByText('Helmet 3');
    fireEvent.click(screen.getByTestId('row-alarmRead'));
    await waitFor(() => expect(bodies(calls, '/api/device/alarm/read')).toHaveLength(1));
    const [body] = bodies(calls, '/api/device/alarm/read');
    expect(body).toEqual({ ids: [3], requestId: expect.stringMatching(/^[0-9a-f]{32}$/) });
  });

  it('the handle dialog requires a result, limits the note and sends state, note and a request id', async () => {
    renderWithProviders(<Harness />, { queryClient: alarmQueryClient() });
    await screen.findByText('Helmet 1');
    fireEvent.click(screen.getByTestId('row-alarmHandle'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByTestId('handle-submit'));
    expect(await within(dialog).findByText('请选择处理结果')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByLabelText('误报'));
    fireEvent.change(within(dialog).getByTestId('handle-note'), { target: { value: 'x'.repeat(501) } });
    fireEvent.click(within(dialog).getByTestId('handle-submit'));
    expect(await within(dialog).findByText('内容太长')).toBeInTheDocument();
    expect(bodies(calls, '/api/device/alarm/handle')).toHaveLength(0);
    fireEvent.change(within(dialog).getByTestId('handle-note'), { target: { value: ' 演练触发 ' } });
    fireEvent.click(within(dialog).getByTestId('handle-submit'));
    await waitFor(() => expect(bodies(calls, '/api/device/alarm/handle')).toHaveLength(1));
    expect(bodies(calls, '/api/device/alarm/handle')[0]).toEqual({
      ids: [1],
      state: 2,
      note: '演练触发',
      requestId: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('bulk read and bulk handle need a selection, then send every selected id', async () => {
    renderWithProviders(<Harness />, { queryClient: alarmQueryClient() });
    await screen.findByText('Helmet 1');
    fireEvent.click(screen.getByTestId('alarm-bulk-read'));
    fireEvent.click(screen.getByTestId('alarm-bulk-handle'));
    expect(toasts.filter((t) => t === '您还没有选择任何数据')).toHaveLength(2);
    expect(screen.queryByRole('dialog')).toBeNull();
    const boxes = screen.getAllByRole('checkbox', { name: '选择' });
    fireEvent.click(boxes[0]!);
    fireEvent.click(boxes[1]!);
    fireEvent.click(screen.getByTestId('alarm-bulk-read'));
    await waitFor(() => expect(bodies(calls, '/api/device/alarm/read').at(-1)).toMatchObject({ ids: [1, 2] }));
    fireEvent.click(screen.getByTestId('alarm-bulk-handle'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('已选择 2 条报警')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByLabelText('已处理'));
    fireEvent.click(within(dialog).getByTestId('handle-submit'));
    await waitFor(() =>
      expect(bodies(calls, '/api/device/alarm/handle').at(-1)).toMatchObject({ ids: [1, 2], state: 1 }),
    );
    expect(bodies(calls, '/api/device/alarm/handle').at(-1)).not.toHaveProperty('note');
  });

  it('without the handling mark only reading and taking are offered', async () => {
    saveLogin('tok', { ...demoUser, marks: [] });
    renderWithProviders(<Harness />, { queryClient: alarmQueryClient() });
    await screen.findByText('Helmet 1');
    expect(screen.getByTestId('row-alarmAck')).toBeInTheDocument();
    expect(screen.getByTestId('alarm-bulk-read')).toBeInTheDocument();
    expect(screen.queryByTestId('row-alarmHandle')).toBeNull();
    expect(screen.queryByTestId('alarm-bulk-handle')).toBeNull();
    expect(screen.queryByTestId('resource-export')).toBeNull();
  });

  it('offers the visitor neither reading nor handling (the service would refuse both)', async () => {
    saveLogin('tok', { ...demoUser, kind: 'visitor', marks: [] });
    renderWithProviders(<Harness />, { queryClient: alarmQueryClient() });
    await screen.findByText('Helmet 1');
    expect(screen.queryByTestId('alarm-bulk-read')).toBeNull();
    expect(screen.queryByTestId('alarm-bulk-handle')).toBeNull();
    expect(screen.queryAllByTestId('row-alarmRead')).toHaveLength(0);
    expect(screen.queryAllByTestId('row-alarmAck')).toHaveLength(0);
    expect(screen.queryAllByTestId('row-alarmHandle')).toHaveLength(0);
    expect(screen.getAllByTestId('row-alarmDevice')).toHaveLength(2);
  });

  it('opens the device of a row', async () => {
    const opened: string[] = [];
    renderWithProviders(<Harness onOpenDevice={(imei) => opened.push(imei)} />, { queryClient: alarmQueryClient() });
    await screen.findByText('Helmet 1');
    fireEvent.click(screen.getAllByTestId('row-alarmDevice')[1]!);
    expect(opened).toEqual(['860100000000002']);
  });
});
