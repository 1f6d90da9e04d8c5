import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { DeviceScreen } from '../../../src/client/features/devices/DeviceScreen';
import { ListRouteContext } from '../../../src/client/features/resources/listRoute';
import deviceResource from '../../../src/entities/device/resource';
import { BREAKER_FIELDS } from '../../../src/shared/resources/device-fields';
import { resetRequestDeps } from '../../../src/client/lib/request';
import { saveLogin } from '../../../src/client/lib/session';
import { demoUser } from '../fixtures';
import { renderWithProviders } from '../render';
import { mockApi, type Call } from './mockApi';
import { ConfirmHost } from '../../../src/client/components/ConfirmDanger';

const rows = [
  { id: 1, imei: '860000000000011', name: 'Helmet A', kind: 'helmet', state: 1, battery: 9, signal: 4, stockState: 5 },
  { id: 2, imei: '860000000000012', name: 'Smoke B', kind: 'smoke', state: 0, battery: 50, signal: 3, stockState: 1 },
];

describe('device list', () => {
  let calls: Call[];
  let toasts: string[];
  beforeEach(() => {
    toasts = [];
    saveLogin('tok', { ...demoUser, marks: ['*'] });
    calls = mockApi({ '/api/device/device/list': { rows, total: 2 } }, [], toasts);
  });
  afterEach(() => resetRequestDeps());

  it('/DeviceList starts with the columns the registry does not hide; the hidden ones are in the column settings', async () => {
    renderWithProviders(
      <ListRouteContext.Provider value="DeviceList">
        <DeviceScreen search={{}} onSearchChange={() => undefined} />
      </ListRouteContext.Provider>,
    );
    await screen.findByText('Helmet A');
    const headers = within(screen.getByTestId('data-table'))
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.trim())
      .filter(Boolean);
    expect(headers).toEqual(['IMEI', '名称', '设备类型', '设备状态', '最后通讯时间', '操作']);
    const declared = deviceResource.fields.filter(
      (f) => f.list && f.list.hidden === true && !(BREAKER_FIELDS as readonly string[]).includes(f.name),
    );
    expect(declared.map((f) => f.name)).toEqual(
      expect.arrayContaining(['id', 'battery', 'signal', 'personName', 'tenantId', 'createdAt']),
    );
    fireEvent.click(screen.getByTestId('column-settings'));
    for (const field of declared)
      expect((screen.getByTestId(`column-toggle-${field.name}`) as HTMLInputElement).checked).toBe(false);
  });

  it('renders the state, battery and signal cells', async () => {
    renderWithProviders(<DeviceScreen search={{}} onSearchChange={() => undefined} />);
    await screen.findByText('Helmet A');
    // Battery and signal start hidden on the admin list: shown from the column settings.
    fireEvent.click(screen.getByTestId('column-settings'));
    fireEvent.click(screen.getByTestId('column-toggle-battery'));
    fireEvent.click(screen.getByTestId('column-toggle-signal'));
    const states = screen.getAllByTestId('device-state').map((b) => b.dataset.state);
    expect(states).toEqual(['online', 'offline']);
    expect(screen.getAllByTestId('device-battery').map((b) => b.dataset.color)).toEqual(['red', 'green']);
    expect(screen.getAllByTestId('device-signal').map((b) => b.dataset.bars)).toEqual(['4', 'none']);
    expect(within(screen.getByTestId('data-table')).getByText('智能安全帽')).toBeInTheDocument();
  });

  it('allocate needs a selection', async () => {
    renderWithProviders(<DeviceScreen search={{}} onSearchChange={() => undefined} />);
    await screen.findByText('Helmet A');
    fireEvent.click(screen.getByTestId('device-allocate'));
    expect(toasts).toContain('您还没有选择任何数据');
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getAllByRole('checkbox', { name: '选择' })[1]!);
    fireEvent.click(screen.getByTestId('device-allocate'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('已选择 1 台设备')).toBeInTheDocument();
  });

  it('recycle asks first and the detail action opens the device', async () => {
    const opened: string[] = [];
    renderWithProviders(
      <>
        <ConfirmHost />
        <DeviceScreen search={{}} onSearchChange={() => undefined} onOpenDetail={(imei) => opened.push(imei)} />
      </>,
    );
    await screen.findByText('Helmet A');
    fireEvent.click(screen.getAllByTestId('row-profile')[0]!);
    expect(opened).toEqual(['860000000000011']);
    fireEvent.click(screen.getAllByTestId('row-recycle')[0]!);
    expect(calls.some((c) => c.url === '/api/device/device/recycle')).toBe(false);
    fireEvent.click(await screen.findByTestId('confirm-danger'));
    await screen.findByText('Helmet A');
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.find((c) => c.url === '/api/device/device/recycle')?.body).toEqual({ ids: [1] });
    // Unbind is offered only for a bound device, bind for the others.
    expect(screen.getAllByTestId('row-unbind')).toHaveLength(1);
    expect(screen.getAllByTestId('row-bind')).toHaveLength(1);
  });
});
