import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { BreakerScreen } from '../../../src/client/features/breakers/BreakerScreen';
import { GatewayScreen } from '../../../src/client/features/breakers/GatewayScreen';
import { commandOf, refusalOf } from '../../../src/client/features/breakers/breakerActions';
import { DEVICE_PRESETS, presetDef, presetSearch } from '../../../src/client/features/devices/presets';
import { resetRequestDeps } from '../../../src/client/lib/request';
import { saveLogin } from '../../../src/client/lib/session';
import { screenOf } from '../../../src/client/features/screens/registry';
import { demoUser } from '../fixtures';
import { renderWithProviders } from '../render';
import { mockApi, type Call } from './mockApi';
import { ConfirmHost } from '../../../src/client/components/ConfirmDanger';

const rows = [
  {
    id: 1,
    imei: '860100000000015',
    name: 'Breaker A',
    kind: 'breaker',
    state: 1,
    closed: 1,
    locked: 0,
    voltage: 220.4,
    current: 5.1,
    power: 1068,
    gatewayId: 9,
    gatewayState: 1,
  },
  {
    id: 2,
    imei: '860100000000016',
    name: 'Breaker B',
    kind: 'breaker',
    state: 1,
    closed: 1,
    locked: 1,
    voltage: 219,
    current: 4,
    power: 832,
    gatewayId: 9,
    gatewayState: 1,
  },
  {
    id: 3,
    imei: '860100000000023',
    name: 'Breaker C',
    kind: 'breaker',
    state: 0,
    closed: 0,
    locked: 0,
    voltage: null,
    current: null,
    power: null,
    gatewayId: null,
    gatewayState: null,
  },
];
const sent = (calls: Call[]) => calls.filter((c) => c.url === '/api/device/command/send').map((c) => c.body);

describe('breaker actions', () => {
  it('map the four screens to the protocol: open/close are the single switch modes', () => {
    expect(commandOf('open')).toEqual({ cmd: 'switch', params: { mode: 'singleOff' } });
    expect(commandOf('close')).toEqual({ cmd: 'switch', params: { mode: 'singleOn' } });
    expect(commandOf('lock')).toEqual({ cmd: 'lock', params: {} });
    expect(commandOf('unlock')).toEqual({ cmd: 'unlock', params: {} });
  });

  it('refuse offline devices, devices behind an offline gateway, and switching a locked breaker', () => {
    expect(refusalOf({ state: 0 }, 'open')).toBe('deviceOffline');
    expect(refusalOf({ state: 1, gatewayState: 0 }, 'close')).toBe('gatewayOffline');
    expect(refusalOf({ state: 1, locked: 1 }, 'open')).toBe('deviceLocked');
    expect(refusalOf({ state: 1, locked: 1 }, 'unlock')).toBeUndefined();
    expect(refusalOf({ state: 1, locked: 0, gatewayState: 1 }, 'open')).toBeUndefined();
  });

  it('the breaker preset always lists breakers only; other device lists hide the breaker columns and filters', () => {
    expect(presetSearch(DEVICE_PRESETS.breaker, { filters: { closed: 0, kind: 'helmet' } }).filters).toEqual({
      closed: 0,
      kind: 'breaker',
    });
    const breaker = presetDef(DEVICE_PRESETS.breaker);
    expect(breaker.fields.filter((f) => f.list !== false).map((f) => f.name)).toEqual(DEVICE_PRESETS.breaker.columns);
    expect(breaker.fields.find((f) => f.name === 'kind')?.filter).toBeUndefined();
    const admin = presetDef(DEVICE_PRESETS.admin);
    expect(admin.fields.find((f) => f.name === 'closed')?.list).toBe(false);
    expect(admin.fields.find((f) => f.name === 'closed')?.filter).toBeUndefined();
    for (const route of ['cutoff', 'closegate', 'lockdie', 'lockundie', 'gateay_4G'])
      expect(screenOf(route)?.component, route).toBeDefined();
  });
});

describe('breaker screen', () => {
  let calls: Call[];
  let acked: boolean;
  beforeEach(() => {
    acked = false;
    saveLogin('tok', { ...demoUser, marks: ['*'] });
    calls = mockApi({
      '/api/device/device/list': { rows, total: 3 },
      '/api/device/command/send': { id: 41, status: 3 },
      '/api/device/command/acks': () => ({
        rows: [
          {
            id: 41,
            imei: rows[0]!.imei,
            cmd: 'switch',
            status: 3,
            ackOk: acked ? true : null,
            ackMsg: acked ? 'opened' : null,
            ackAt: acked ? '2026-11-23T10:00:00Z' : null,
          },
        ],
        total: 1,
      }),
    });
  });
  afterEach(() => resetRequestDeps());

  it('shows switch, lock and readings; opening asks first, then follows the ack', async () => {
    renderWithProviders(
      <>
        <ConfirmHost />
        <BreakerScreen action="open" search={{}} onSearchChange={() => undefined} />
      </>,
    );
    await within(await screen.findByTestId('data-table')).findByText('Breaker A');
    const table = screen.getByTestId('data-table');
    expect(within(table).getAllByText('合闸').length).toBeGreaterThanOrEqual(2);
    expect(within(table).getByText('已锁定')).toBeInTheDocument();
    expect(within(table).getByText('1068')).toBeInTheDocument();
    expect(screen.getByTestId('breaker-lock-note')).toHaveTextContent('解锁前拒绝分闸和合闸');
    expect(
      calls.find((c) => c.url === '/api/device/device/list' && (c.body as { filters?: unknown }).filters)?.body,
    ).toMatchObject({ filters: { kind: 'breaker' } });

    fireEvent.click(screen.getAllByTestId('row-breaker-open')[0]!);
    expect(sent(calls)).toEqual([]);
    fireEvent.click(await screen.findByTestId('confirm-danger'));
    await waitFor(() =>
      expect(sent(calls)).toEqual([{ imei: rows[0]!.imei, cmd: 'switch', params: { mode: 'singleOff' } }]),
    );
    const delivery = await screen.findByTestId('breaker-delivery');
    expect(delivery.dataset.acked).toBe('no');
    expect(within(delivery).getByText('等待回复')).toBeInTheDocument();
    acked = true;
    await waitFor(() => expect(screen.getByTestId('breaker-delivery').dataset.acked).toBe('ack'), { timeout: 4000 });
    expect(screen.getByTestId('breaker-ack')).toHaveTextContent('opened');
  });

  it('many at once: a locked and an offline breaker are refused with their reason, the rest sent', async () => {
    renderWithProviders(
      <>
        <ConfirmHost />
        <BreakerScreen action="open" search={{}} onSearchChange={() => undefined} />
      </>,
    );
    await within(await screen.findByTestId('data-table')).findByText('Breaker A');
    const boxes = screen.getAllByRole('checkbox', { name: '选择' });
    for (const box of boxes) fireEvent.click(box);
    fireEvent.click(screen.getByTestId('breaker-bulk'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('确定要对选中的 3 台断路器执行分闸吗？');
    fireEvent.click(screen.getByTestId('confirm-danger'));
    await waitFor(() => expect(screen.getAllByTestId('breaker-delivery')).toHaveLength(3));
    expect(sent(calls)).toEqual([{ imei: rows[0]!.imei, cmd: 'switch', params: { mode: 'singleOff' } }]);
    const refusals = screen.getAllByTestId('breaker-refusal').map((e) => e.textContent);
    expect(refusals).toEqual(['断路器已锁定，请先解锁再分闸或合闸', '设备离线']);
  });
});

describe('gateway screen', () => {
  beforeEach(() => saveLogin('tok', { ...demoUser, marks: ['*'] }));
  afterEach(() => resetRequestDeps());

  it("opening a gateway lists its sub-devices; an offline gateway's are unreachable", async () => {
    const gateways = [
      {
        id: 9,
        imei: '860100000000037',
        name: 'Gateway 1',
        kind: 'gateway4g',
        state: 0,
        signal: 3,
        traffic: 12.4,
        subDevices: 2,
      },
    ];
    const calls = mockApi({
      '/api/device/device/list': (body: unknown) =>
        (body as { filters?: { gatewayId?: number } }).filters?.gatewayId === 9
          ? { rows: rows.slice(0, 2), total: 2 }
          : { rows: gateways, total: 1 },
    });
    renderWithProviders(<GatewayScreen search={{}} onSearchChange={() => undefined} />);
    await within(await screen.findByTestId('data-table')).findByText('Gateway 1');
    expect(
      calls.find((c) => c.url === '/api/device/device/list' && (c.body as { filters?: unknown }).filters)?.body,
    ).toMatchObject({ filters: { kind: 'gateway4g' } });
    fireEvent.click(screen.getByTestId('row-sub-devices'));
    const drawer = await screen.findByTestId('gateway-sub-devices');
    await within(drawer).findByText('Breaker A');
    expect(within(drawer).getByTestId('gateway-down')).toBeInTheDocument();
    expect(
      within(drawer)
        .getAllByTestId('sub-device')
        .map((r) => r.dataset.reachable),
    ).toEqual(['no', 'no']);
    expect(within(drawer).getAllByTestId('sub-device-unreachable')).toHaveLength(2);
  });
});
