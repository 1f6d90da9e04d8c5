import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import userResource from '../../../src/entities/user/resource';
import { ResourceScreen } from '../../../src/client/features/resources/ResourceScreen';
import { buildListQuery, type ResourceSearch } from '../../../src/client/features/resources/search';
import { configureRequest, resetRequestDeps } from '../../../src/client/lib/request';
import { saveLogin } from '../../../src/client/lib/session';
import { demoUser, envelope } from '../fixtures';
import { renderWithProviders } from '../render';
import { stubContainerWidth, stubPhone } from '../viewport';

interface Call {
  url: string;
  body: unknown;
}

const userRows = [
  {
    id: 11,
    username: 'alice',
    name: 'Alice',
    gender: 2,
    departmentId: 5,
    roleIds: [3],
    kind: 'user',
    status: 1,
    tenantId: 1,
    createdAt: 1_700_000_000,
  },
];

function mockService(calls: Call[]) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ url, body });
    if (url === '/api/user/user/list') return envelope({ code: 0, msg: 'ok', data: { rows: userRows, total: 1 } });
    if (url === '/api/user/department/list')
      return envelope({ code: 0, msg: 'ok', data: { rows: [{ id: 5, name: '研发部' }], total: 1 } });
    if (url === '/api/user/role/list')
      return envelope({ code: 0, msg: 'ok', data: { rows: [{ id: 3, name: '巡检员' }], total: 1 } });
    if (url.endsWith('/list')) return envelope({ code: 0, msg: 'ok', data: { rows: [], total: 0 } });
    return envelope({ code: 0, msg: 'ok', data: null });
  });
  configureRequest({ fetch: fetch as unknown as typeof globalThis.fetch, notify: () => undefined });
  return fetch;
}

function Harness({ initial, onSearch }: { initial: ResourceSearch; onSearch?: (s: ResourceSearch) => void }) {
  const [search, setSearch] = useState(initial);
  return (
    <ResourceScreen
      def={userResource}
      search={search}
      onSearchChange={(next) => {
        onSearch?.(next);
        setSearch(next);
      }}
    />
  );
}

const listCalls = (calls: Call[]) => calls.filter((c) => c.url === '/api/user/user/list');

describe('buildListQuery', () => {
  it('maps the search state to the list body, dropping empty filters and using the default sort', () => {
    expect(buildListQuery(userResource, {})).toEqual({ page: 1, size: 20, sort: [{ field: 'id', order: 'desc' }] });
    expect(
      buildListQuery(userResource, {
        page: 3,
        size: 50,
        sort: 'name:asc',
        keyword: ' bo ',
        filters: { gender: 1, name: '', roleIds: [] },
      }),
    ).toEqual({ page: 3, size: 50, sort: [{ field: 'name', order: 'asc' }], filters: { gender: 1 }, keyword: 'bo' });
  });
});

describe('<ResourceScreen>', () => {
  let calls: Call[];
  beforeEach(() => {
    calls = [];
    mockService(calls);
  });
  afterEach(() => resetRequestDeps());

  it('renders the registry columns and the rows with codes and refs as labels', async () => {
    saveLogin('tok', { ...demoUser, marks: ['*'] });
    renderWithProviders(<Harness initial={{}} />);
    const table = screen.getByTestId('data-table');
    for (const title of ['编号', '用户名', '姓名', '手机号', '性别', '部门', '角色', '状态', '创建时间', '操作']) {
      expect(within(table).getByRole('columnheader', { name: new RegExp(title) })).toBeInTheDocument();
    }
    expect(within(table).queryByRole('columnheader', { name: '密码' })).toBeNull();
    expect(await within(table).findByText('alice')).toBeInTheDocument();
    expect(within(table).getByText('女')).toBeInTheDocument();
    expect(await within(table).findByText('研发部')).toBeInTheDocument();
    expect(await within(table).findByText('巡检员')).toBeInTheDocument();
    expect(screen.getByTestId('pagination-total')).toHaveTextContent('共 1 条');
  });

  it('hides add, bulk delete and row edit/delete without the marks', async () => {
    saveLogin('tok', { ...demoUser, marks: [] });
    renderWithProviders(<Harness initial={{}} />);
    await screen.findByText('alice');
    expect(screen.queryByTestId('resource-add')).toBeNull();
    expect(screen.queryByTestId('resource-bulk-delete')).toBeNull();
    expect(screen.queryByTestId('resource-export')).toBeNull();
    expect(screen.queryByTestId('row-edit')).toBeNull();
    expect(screen.queryByTestId('row-delete')).toBeNull();
    expect(screen.getByTestId('row-detail')).toBeInTheDocument();
  });

  it('shows the buttons the marks grant', async () => {
    saveLogin('tok', { ...demoUser, marks: ['user:add', 'user:delete', 'user:export'] });
    renderWithProviders(<Harness initial={{}} />);
    await screen.findByText('alice');
    expect(screen.getByTestId('resource-add')).toBeInTheDocument();
    expect(screen.getByTestId('resource-bulk-delete')).toBeInTheDocument();
    expect(screen.getByTestId('resource-export')).toBeInTheDocument();
    expect(screen.queryByTestId('resource-import')).toBeNull();
    expect(screen.queryByTestId('row-edit')).toBeNull();
    expect(screen.getByTestId('row-delete')).toBeInTheDocument();
  });

  it('sends page, size, sort, filters and keyword in the list body; sorting a column updates the search', async () => {
    saveLogin('tok', { ...demoUser, marks: ['*'] });
    const onSearch = vi.fn();
    renderWithProviders(
      <Harness
        initial={{ page: 2, size: 50, sort: 'name:desc', keyword: 'ali', filters: { gender: 2, status: '' } }}
        onSearch={onSearch}
      />,
    );
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(0));
    expect(listCalls(calls)[0]!.body).toEqual({
      page: 2,
      size: 50,
      sort: [{ field: 'name', order: 'desc' }],
      filters: { gender: 2 },
      keyword: 'ali',
    });
    fireEvent.click(screen.getByTestId('sort-username'));
    expect(onSearch).toHaveBeenLastCalledWith(expect.objectContaining({ sort: 'username:asc', page: undefined }));
    await waitFor(() =>
      expect(listCalls(calls).at(-1)!.body).toMatchObject({ page: 1, sort: [{ field: 'username', order: 'asc' }] }),
    );
  });

  it('offers to delete every filtered row only while filtered, asks first, then queues the job with the filters', async () => {
    saveLogin('tok', { ...demoUser, marks: ['*'] });
    const { unmount } = renderWithProviders(<Harness initial={{}} />);
    await screen.findByText('alice');
    expect(screen.queryByTestId('resource-delete-matching')).toBeNull();
    unmount();
    renderWithProviders(<Harness initial={{ keyword: 'ali', filters: { gender: 2 } }} />);
    await screen.findByText('alice');
    fireEvent.click(screen.getByTestId('resource-delete-matching'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确定要删除筛选出的全部 1 条数据吗？')).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/deleteJob'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/user/user/deleteJob')?.body).toEqual({
        filters: { gender: 2 },
        keyword: 'ali',
      }),
    );
  });

  it('bulk delete with nothing selected toasts instead of calling the service', async () => {
    const notify = vi.fn();
    configureRequest({ notify });
    saveLogin('tok', { ...demoUser, marks: ['*'] });
    renderWithProviders(<Harness initial={{}} />);
    await screen.findByText('alice');
    fireEvent.click(screen.getByTestId('resource-bulk-delete'));
    expect(notify).toHaveBeenCalledWith('tip', expect.any(String), 'nothing-selected');
    expect(calls.some((c) => c.url.endsWith('/delete'))).toBe(false);
  });

  it('the form blocks an empty required field and shows the message; a valid form sends the add body', async () => {
    saveLogin('tok', { ...demoUser, marks: ['*'] });
    renderWithProviders(<Harness initial={{}} />);
    await screen.findByText('alice');
    fireEvent.click(screen.getByTestId('resource-add'));
    const form = await screen.findByRole('dialog');
    fireEvent.click(within(form).getByTestId('form-submit'));
    expect((await within(form).findAllByText('此项为必填项')).length).toBeGreaterThanOrEqual(3);
    expect(calls.some((c) => c.url === '/api/user/user/add')).toBe(false);

    fireEvent.change(within(form).getByLabelText(/用户名/), { target: { value: 'bob' } });
    fireEvent.change(within(form).getByLabelText(/^密码/), { target: { value: 'secret1' } });
    fireEvent.change(within(form).getByLabelText(/^姓名/), { target: { value: 'Bob' } });
    fireEvent.change(within(form).getByLabelText(/手机号/), { target: { value: '123' } });
    fireEvent.click(within(form).getByTestId('form-submit'));
    expect(await within(form).findByText(/手机号须为11位数字/)).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/user/user/add')).toBe(false);

    fireEvent.change(within(form).getByLabelText(/手机号/), { target: { value: '13800000001' } });
    fireEvent.click(within(form).getAllByLabelText(/^状态/)[0]!);
    fireEvent.click(await screen.findByRole('option', { name: '启用' }));
    fireEvent.click(within(form).getByTestId('form-submit'));
    await waitFor(() => expect(calls.find((c) => c.url === '/api/user/user/add')).toBeDefined());
    expect(calls.find((c) => c.url === '/api/user/user/add')!.body).toMatchObject({
      username: 'bob',
      password: 'secret1',
      name: 'Bob',
      phone: '13800000001',
      status: 1,
      nickname: null,
    });
  });
});

describe('<ResourceScreen> layouts', () => {
  beforeEach(() => {
    mockService([]);
  });
  afterEach(() => {
    resetRequestDeps();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('in a container wider than the columns the action column is not pinned', async () => {
    stubContainerWidth(2400);
    saveLogin('tok', { ...demoUser, marks: ['*'] });
    renderWithProviders(<Harness initial={{}} />);
    await screen.findByText('alice');
    expect(screen.getByRole('columnheader', { name: '操作' }).style.position).toBe('');
    expect(screen.getByTestId('row-edit').closest('td')!.style.position).toBe('');
  });

  it('in a narrow container the action column is pinned with its edge', async () => {
    stubContainerWidth(500);
    saveLogin('tok', { ...demoUser, marks: ['*'] });
    renderWithProviders(<Harness initial={{}} />);
    await screen.findByText('alice');
    const header = screen.getByRole('columnheader', { name: '操作' });
    expect(header.style.position).toBe('sticky');
    expect(header).toHaveAttribute('data-edge', 'end');
  });

  it('on a phone the rows are cards and the filters fold behind the 筛选 button', async () => {
    stubPhone();
    saveLogin('tok', { ...demoUser, marks: ['*'] });
    renderWithProviders(<Harness initial={{}} />);
    const card = await screen.findByTestId('data-card');
    expect(screen.queryByTestId('data-table')).toBeNull();
    expect(within(card).getByText('alice')).toBeInTheDocument();
    expect(within(card).getByTestId('row-edit')).toBeInTheDocument();
    expect(screen.queryByTestId('resource-filters')).toBeNull();
    fireEvent.click(screen.getByTestId('filters-toggle'));
    expect(screen.getByTestId('resource-filters')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: '关键字' })).toBeInTheDocument();
  });
});
