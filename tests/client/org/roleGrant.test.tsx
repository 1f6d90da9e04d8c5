import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { RoleScreen } from '../../../src/client/features/org/RoleScreen';
import { PermissionScreen } from '../../../src/client/features/org/PermissionScreen';
import { configureRequest, resetRequestDeps } from '../../../src/client/lib/request';
import { saveLogin } from '../../../src/client/lib/session';
import { demoUser, envelope } from '../fixtures';
import { renderWithProviders } from '../render';

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
      { id: 2, pid: 1, name: '设备列表', enName: 'Device list', value: 'DeviceList', type: 1, mark: null, list: [] },
    ],
  },
  {
    id: 3,
    pid: 0,
    name: '报警管理',
    enName: 'Alarms',
    value: 'alarm',
    type: 0,
    mark: null,
    list: [
      { id: 4, pid: 3, name: '报警列表', enName: 'Alarm list', value: 'alarmList', type: 1, mark: null, list: [] },
    ],
  },
];

describe('role and catalogue screens', () => {
  const calls: { url: string; body: unknown }[] = [];
  beforeEach(() => {
    calls.length = 0;
    configureRequest({
      notify: () => undefined,
      fetch: (async (url: string, init?: RequestInit) => {
        calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
        if (url === '/api/user/role/list')
          return envelope({ code: 0, msg: 'ok', data: { rows: [{ id: 8, name: '巡检员', userCount: 0 }], total: 1 } });
        if (url === '/api/user/resource/list')
          return envelope({
            code: 0,
            msg: 'ok',
            data: { rows: [{ id: 2, name: '设备列表', type: 1, status: 1 }], total: 1 },
          });
        if (url === '/api/user/resource/tree') return envelope({ code: 0, msg: 'ok', data: tree });
        if (url === '/api/user/role/resourceIds') return envelope({ code: 0, msg: 'ok', data: [4] });
        if (url.endsWith('/list')) return envelope({ code: 0, msg: 'ok', data: { rows: [], total: 0 } });
        return envelope({ code: 0, msg: 'ok', data: null });
      }) as unknown as typeof fetch,
    });
  });
  afterEach(() => resetRequestDeps());

  it('assign resources: starts from the granted ids, checking a menu adds its directory, save sends role/grant', async () => {
    saveLogin('tok', { ...demoUser, marks: ['*'] });
    renderWithProviders(<RoleScreen search={{}} onSearchChange={() => undefined} />);
    await screen.findByText('巡检员');
    fireEvent.click(screen.getByTestId('row-assignResources'));
    const dialog = await screen.findByRole('dialog');
    const deviceList = await within(dialog).findByRole('checkbox', { name: '设备列表' });
    expect(within(dialog).getByRole('checkbox', { name: '报警列表' })).toBeChecked();
    fireEvent.click(deviceList);
    fireEvent.click(within(dialog).getByTestId('grant-save'));
    await waitFor(() => expect(calls.find((c) => c.url === '/api/user/role/grant')).toBeDefined());
    const body = calls.find((c) => c.url === '/api/user/role/grant')!.body as { id: number; resourceIds: number[] };
    expect(body.id).toBe(8);
    // The already granted alarm menu brings its directory (3) along as well.
    expect([...body.resourceIds].sort()).toEqual([1, 2, 3, 4]);
  });

  it('permission manager: non-super administrators get no change buttons', async () => {
    saveLogin('tok', { ...demoUser, kind: 'admin', marks: ['*'] });
    renderWithProviders(<PermissionScreen search={{}} onSearchChange={() => undefined} />);
    await screen.findByTestId('permission-tree');
    await within(screen.getByTestId('data-table')).findByText('设备列表');
    expect(screen.queryByTestId('resource-add')).toBeNull();
    expect(screen.queryByTestId('row-edit')).toBeNull();
    expect(screen.queryByRole('button', { name: /^操作 / })).toBeNull();
  });

  it('permission manager: super administrators get node actions and the add button', async () => {
    saveLogin('tok', { ...demoUser, kind: 'super', marks: ['*'] });
    renderWithProviders(<PermissionScreen search={{}} onSearchChange={() => undefined} />);
    await screen.findByTestId('permission-tree');
    expect(await screen.findByTestId('resource-add')).toBeInTheDocument();
    expect((await screen.findAllByRole('button', { name: /^操作 / })).length).toBeGreaterThan(0);
  });
});
