import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FenceEditor } from '../../../src/client/features/fences/FenceEditor';
import { emptyFence } from '../../../src/client/features/fences/fenceValues';
import { resetRequestDeps } from '../../../src/client/lib/request';
import { saveLogin } from '../../../src/client/lib/session';
import { envelope, demoUser } from '../fixtures';
import { renderWithProviders } from '../render';
import { mockApi, type Call } from '../devices/mockApi';
import { fakeMap } from './fakeMap';

const IMEI = '860100000000007';
const saves = (calls: Call[]) => calls.filter((c) => c.url.startsWith('/api/device/fence/'));

function field(label: string): HTMLInputElement {
  return screen.getByLabelText(label, { exact: false, selector: 'input, textarea' });
}

describe('fence editor', () => {
  let calls: Call[];
  beforeEach(() => {
    saveLogin('tok', { ...demoUser, marks: ['*'] });
    calls = mockApi({
      '/api/device/device/list': { rows: [{ id: 7, imei: IMEI, name: '巡检手环' }], total: 1 },
      '/api/device/deviceGroup/list': { rows: [{ id: 4, name: '北区' }], total: 1 },
      '/api/device/fence/add': { id: 12 },
      '/api/device/deviceinfo/getDeviceInfo': {
        imei: IMEI,
        state: 1,
        battery: 80,
        name: '巡检手环',
        lat: 22.55,
        lon: 114.07,
        lastConnectTime: null,
      },
    });
  });
  afterEach(() => resetRequestDeps());

  const render = (extra: { onSaved?: (id: number) => void } = {}) => {
    const map = fakeMap();
    const onSaved = extra.onSaved ?? vi.fn();
    renderWithProviders(
      <FenceEditor initial={emptyFence()} api={map.api} onSaved={onSaved} onCancel={() => undefined} />,
    );
    return { map, onSaved };
  };

  it('refuses an unnamed, undrawn fence with messages under the fields', async () => {
    render();
    fireEvent.click(screen.getByTestId('fence-save'));
    expect(await screen.findByText('围栏名称不能为空')).toBeInTheDocument();
    expect(within(screen.getByTestId('fence-geometry')).getByText('请在地图上绘制围栏')).toBeInTheDocument();
    expect(saves(calls)).toHaveLength(0);
  });

  it('a drawn circle fills centre and radius; the radius field resizes the circle on the map', async () => {
    const { map } = render();
    map.state.nextDrawn = { kind: 'circle', center: [114.06, 22.54], radiusM: 180 };
    await act(async () => fireEvent.click(screen.getByTestId('fence-draw')));
    expect(map.state.drawCalls).toEqual([['circle', undefined]]);
    await waitFor(() => expect(field('半径')).toHaveValue('180'));
    expect(screen.getByTestId('fence-longitude')).toHaveValue('114.06');
    expect(map.shapes.get('fence-editor')).toEqual([
      expect.objectContaining({
        kind: 'circle',
        center: [114.06, 22.54],
        radiusM: 180,
        style: expect.objectContaining({ color: '#38f' }),
      }),
    ]);

    fireEvent.change(field('半径'), { target: { value: '250' } });
    await waitFor(() => expect(map.shapes.get('fence-editor')).toEqual([expect.objectContaining({ radiusM: 250 })]));

    // Editing hands the current circle to the drawing tools.
    map.state.nextDrawn = null;
    await act(async () => fireEvent.click(screen.getByTestId('fence-edit-shape')));
    expect(map.state.drawCalls[1]).toEqual(['circle', { kind: 'circle', center: [114.06, 22.54], radiusM: 250 }]);
  });

  it('saves with the fence/add field names (docs/fences.md), the chosen device and group', async () => {
    const onSaved = vi.fn();
    const { map } = render({ onSaved });
    fireEvent.change(field('名称'), { target: { value: '北门围栏' } });
    // Choose the device from the server-side search.
    const devices = screen.getByTestId('fence-devices');
    fireEvent.click(devices);
    fireEvent.change(devices, { target: { value: '巡检' } });
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/device/device/list').at(-1)?.body).toMatchObject({ keyword: '巡检' }),
    );
    fireEvent.click(await screen.findByRole('option', { name: `巡检手环 (${IMEI})`, hidden: true }));
    // With nothing drawn, the map moves to the chosen device.
    await waitFor(() => expect(map.api.setView).toHaveBeenCalledWith([114.07, 22.55], 17));

    const groups = screen.getByTestId('fence-groups');
    fireEvent.click(groups);
    fireEvent.click(await screen.findByText('北区'));

    map.state.nextDrawn = { kind: 'circle', center: [114.07, 22.55], radiusM: 100 };
    await act(async () => fireEvent.click(screen.getByTestId('fence-draw')));
    fireEvent.click(screen.getByTestId('fence-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(12));
    expect(saves(calls)).toEqual([
      {
        url: '/api/device/fence/add',
        body: {
          name: '北门围栏',
          type: 1,
          shape: 0,
          status: 1,
          dwell: null,
          radius: 100,
          longitude: 114.07,
          latitude: 22.55,
          imeis: [IMEI],
          groupIds: [4],
        },
      },
    ]);
  });

  it('polygon: draws with the polygon tool and sends points', async () => {
    const { map } = render();
    fireEvent.change(field('名称'), { target: { value: 'P' } });
    fireEvent.click(field('围栏形状'));
    fireEvent.click(await screen.findByRole('option', { name: /多边形|Polygon/, hidden: true }));
    expect(screen.queryByLabelText('半径', { exact: false })).toBeNull();
    const ring: [number, number][] = [
      [114.05, 22.53],
      [114.07, 22.53],
      [114.07, 22.55],
    ];
    map.state.nextDrawn = { kind: 'polygon', ring };
    await act(async () => fireEvent.click(screen.getByTestId('fence-draw')));
    expect(map.state.drawCalls[0]).toEqual(['polygon', undefined]);
    expect(screen.getByTestId('fence-vertex-count')).toHaveTextContent('3');
    expect(map.shapes.get('fence-editor')).toEqual([
      expect.objectContaining({ kind: 'polygon', style: expect.objectContaining({ color: '#1791fc' }) }),
    ]);
    fireEvent.click(screen.getByTestId('fence-save'));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(saves(calls)[0]!.body).toEqual({
      name: 'P',
      type: 1,
      shape: 1,
      status: 1,
      dwell: null,
      points: ring,
      imeis: [],
      groupIds: [],
    });
  });

  it('shows a service refusal under its field', async () => {
    mockApi(
      {
        '/api/device/fence/add': () =>
          envelope({ code: 400, key: 'refInvalid', msg: 'imeis: not in this company: 860100000000099', data: null }),
      },
      calls,
    );
    const { map } = render();
    fireEvent.change(field('名称'), { target: { value: 'X' } });
    map.state.nextDrawn = { kind: 'circle', center: [114.06, 22.54], radiusM: 100 };
    await act(async () => fireEvent.click(screen.getByTestId('fence-draw')));
    fireEvent.click(screen.getByTestId('fence-save'));
    const devices = screen.getByTestId('fence-devices').closest('.mantine-InputWrapper-root') as HTMLElement;
    expect(await within(devices).findByText('引用的数据在本企业中不存在')).toBeInTheDocument();
  });
});
