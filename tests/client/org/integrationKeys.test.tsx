import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { IntegrationKeyScreen } from '../../../src/client/features/org/IntegrationKeyScreen';
import { configureRequest, resetRequestDeps } from '../../../src/client/lib/request';
import { saveLogin } from '../../../src/client/lib/session';
import { demoUser, envelope } from '../fixtures';
import { renderWithProviders } from '../render';

const KEY = `ik_0123456789ab_${'s'.repeat(43)}`;
const tree = [
  {
    id: 1,
    pid: 0,
    name: '设备管理',
    enName: 'Devices',
    value: 'device',
    type: 0,
    mark: null,
    list: [
      {
        id: 2,
        pid: 1,
        name: '设备列表',
        enName: 'Device list',
        value: 'DeviceList',
        type: 1,
        mark: null,
        list: [{ id: 5, pid: 2, name: '修改设备', enName: null, value: '', type: 2, mark: 'device:update', list: [] }],
      },
    ],
  },
  {
    id: 3,
    pid: 0,
    name: '组织管理',
    enName: 'Organisation',
    value: 'org',
    type: 0,
    mark: null,
    list: [
      {
        id: 4,
        pid: 3,
        name: '用户管理',
        enName: 'Users',
        value: 'userList',
        type: 1,
        mark: null,
        list: [{ id: 6, pid: 4, name: '新增用户', enName: null, value: '', type: 2, mark: 'user:add', list: [] }],
      },
    ],
  },
];

describe('integration keys screen', () => {
  const calls: { url: string; body: unknown }[] = [];
  beforeEach(() => {
    calls.length = 0;
    configureRequest({
      notify: () => undefined,
      fetch: (async (url: string, init?: RequestInit) => {
        calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
        if (url === '/api/user/resource/tree') return envelope({ code: 0, msg: 'ok', data: tree });
        if (url === '/api/user/integrationKey/add')
          return envelope({ code: 0, msg: 'ok', data: { id: 9, name: 'Dispatch', prefix: '0123456789ab', key: KEY } });
        if (url.endsWith('/list')) return envelope({ code: 0, msg: 'ok', data: { rows: [], total: 0 } });
        return envelope({ code: 0, msg: 'ok', data: null });
      }) as unknown as typeof fetch,
    });
  });
  afterEach(() => resetRequestDeps());

  it('creates a key with scopes from the tree, offers no administration, and shows the secret once', async () => {
    saveLogin('tok', { ...demoUser, marks: ['*'] });
    renderWithProviders(<IntegrationKeyScreen search={{}} onSearchChange={() => undefined} />);
    fireEvent.click(await screen.findByTestId('integration-key-add'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByTestId('integration-key-name'), { target: { value: 'Dispatch' } });
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: '设备列表' }));
    // A key is never given user administration: the tree does not offer it.
    expect(within(dialog).queryByRole('checkbox', { name: '新增用户' })).toBeNull();
    expect(within(dialog).getByRole('checkbox', { name: '修改设备' })).toBeInTheDocument();
    fireEvent.click(within(dialog).getByTestId('integration-key-save'));
    await waitFor(() => expect(calls.find((c) => c.url === '/api/user/integrationKey/add')).toBeDefined());
    const body = calls.find((c) => c.url === '/api/user/integrationKey/add')!.body as {
      name: string;
      resourceIds: number[];
    };
    expect(body.name).toBe('Dispatch');
    // The menu brings its directory and its buttons (the tree checks children with their parent).
    expect([...body.resourceIds].sort()).toEqual([1, 2, 5]);
    expect(await screen.findByTestId('integration-key-secret')).toHaveTextContent(KEY);
    expect(screen.getByText(/关闭此窗口后将无法再次查看该密钥/)).toBeInTheDocument();
    expect(screen.getByTestId('integration-key-copy')).toBeInTheDocument();
  });

  it('read only grants the menu without its buttons, and drops the buttons ticked before', async () => {
    saveLogin('tok', { ...demoUser, marks: ['*'] });
    renderWithProviders(<IntegrationKeyScreen search={{}} onSearchChange={() => undefined} />);
    fireEvent.click(await screen.findByTestId('integration-key-add'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByTestId('integration-key-name'), { target: { value: 'Data lake' } });
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: '设备列表' }));
    expect(within(dialog).getByRole('checkbox', { name: '修改设备' })).toBeChecked();
    fireEvent.click(within(dialog).getByTestId('integration-key-read-only'));
    expect(within(dialog).queryByRole('checkbox', { name: '修改设备' })).toBeNull();
    expect(within(dialog).getByRole('checkbox', { name: '设备列表' })).toBeChecked();
    fireEvent.click(within(dialog).getByTestId('integration-key-save'));
    await waitFor(() => expect(calls.find((c) => c.url === '/api/user/integrationKey/add')).toBeDefined());
    const body = calls.find((c) => c.url === '/api/user/integrationKey/add')!.body as { resourceIds: number[] };
    expect([...body.resourceIds].sort()).toEqual([1, 2]);
  });
});
