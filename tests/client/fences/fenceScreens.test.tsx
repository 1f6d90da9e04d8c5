import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { FenceInfoScreen } from '../../../src/client/features/fences/FenceInfoScreen';
import { FenceListScreen } from '../../../src/client/features/fences/FenceListScreen';
import { FenceMapScreen } from '../../../src/client/features/fences/FenceMapScreen';
import { fenceAt } from '../../../src/client/features/fences/FenceMapLayers';
import { MapApiContext } from '../../../src/client/map/context';
import { resetRequestDeps } from '../../../src/client/lib/request';
import { saveLogin } from '../../../src/client/lib/session';
import { demoUser } from '../fixtures';
import { renderWithProviders } from '../render';
import { mockApi, type Call } from '../devices/mockApi';
import { fakeMap } from './fakeMap';

// The real map needs WebGL; the screens only need its API, which the fake records.
const map = vi.hoisted(() => ({ current: null as unknown }));
vi.mock('../../../src/client/map/MapView', () => ({
  MapView: ({ children }: { children?: ReactNode }) => (
    <MapApiContext.Provider value={map.current as never}>
      <div data-testid="map-view">{children}</div>
    </MapApiContext.Provider>
  ),
}));
vi.mock('../../../src/client/map/layers/useLivePositions', () => ({ useLivePositions: () => undefined }));

const ring: [number, number][] = [
  [114.05, 22.53],
  [114.07, 22.53],
  [114.07, 22.55],
];
const polygonRow = {
  id: 5,
  name: '仓库',
  type: 0,
  shape: 1,
  status: 1,
  radius: null,
  longitude: 114.063,
  latitude: 22.536,
  description: '夜间',
  points: ring,
};
const circleRow = {
  id: 6,
  name: '北门',
  type: 1,
  shape: 0,
  status: 1,
  radius: 100,
  longitude: 114.06,
  latitude: 22.54,
  description: null,
  points: null,
};

describe('fence screens', () => {
  let calls: Call[];
  let fake: ReturnType<typeof fakeMap>;
  beforeEach(() => {
    saveLogin('tok', { ...demoUser, marks: ['*'] });
    fake = fakeMap();
    map.current = fake.api;
    calls = mockApi({
      '/api/device/fence/get': (body: unknown) => ((body as { id: number }).id === 5 ? polygonRow : circleRow),
      '/api/device/fence/devices': { id: 5, imeis: ['860100000000003'], groupIds: [], groups: [] },
      '/api/device/fence/list': { rows: [polygonRow, circleRow], total: 2 },
      '/api/device/fence/active': [polygonRow, circleRow],
      '/api/device/fence/states': [{ imei: '860100000000003', name: '手环3', since: '2025-01-01T00:00:00Z' }],
      '/api/map/devices': [{ imei: '860100000000003', name: '手环3', state: 1, lat: 22.54, lon: 114.06 }],
    });
  });
  afterEach(() => resetRequestDeps());

  it('/fenceInfo?id loads the fence, frames it on the map and saves an update with its ring and devices', async () => {
    const onDone = vi.fn();
    renderWithProviders(<FenceInfoScreen id={5} onDone={onDone} />);
    expect(await screen.findByDisplayValue('仓库')).toBeInTheDocument();
    expect(screen.getByDisplayValue('夜间')).toBeInTheDocument();
    await waitFor(() => expect(fake.api.fitBounds).toHaveBeenCalledWith(ring, 60));
    expect(fake.shapes.get('fence-editor')).toEqual([expect.objectContaining({ kind: 'polygon', ring })]);
    fireEvent.click(screen.getByTestId('fence-save'));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls.find((c) => c.url === '/api/device/fence/update')?.body).toEqual({
      id: 5,
      name: '仓库',
      type: 0,
      shape: 1,
      status: 1,
      dwell: null,
      points: ring,
      description: '夜间',
      imeis: ['860100000000003'],
      groupIds: [],
    });
  });

  it('/fenceList: add and edit open the editor, the switch disables a fence keeping its assignments', async () => {
    const onOpen = vi.fn();
    renderWithProviders(<FenceListScreen search={{}} onSearchChange={() => undefined} onOpen={onOpen} />);
    const rows = await screen.findAllByTestId('fence-status');
    fireEvent.click(screen.getByTestId('fence-add'));
    expect(onOpen).toHaveBeenLastCalledWith();
    fireEvent.click(screen.getAllByTestId('row-fenceEdit')[1]!);
    expect(onOpen).toHaveBeenLastCalledWith(6);
    // The generic drawer never opens for fences: they need the map.
    expect(screen.queryByTestId('resource-add')).toBeNull();
    await act(async () => fireEvent.click(rows[1]!));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/device/fence/update')).toBe(true));
    expect(calls.find((c) => c.url === '/api/device/fence/update')?.body).toEqual({
      id: 6,
      name: '北门',
      type: 1,
      shape: 0,
      status: 0,
      dwell: null,
      radius: 100,
      longitude: 114.06,
      latitude: 22.54,
    });
  });

  it('/fenceMap: draws the enabled fences and the devices; a click selects the innermost fence and lists who is inside', async () => {
    renderWithProviders(<FenceMapScreen />);
    await waitFor(() => expect(fake.shapes.get('fences')).toHaveLength(2));
    // Framed once around every fence (the ring's corners and the circle's box).
    expect(fake.api.fitBounds).toHaveBeenCalledTimes(1);
    expect(vi.mocked(fake.api.fitBounds).mock.calls[0]![0]).toEqual(expect.arrayContaining(ring));
    await waitFor(() =>
      expect(fake.api.setMarkers).toHaveBeenCalledWith(
        'fence-devices',
        [expect.objectContaining({ id: '860100000000003' })],
        { cluster: true },
      ),
    );
    // 114.06, 22.54 is inside both: the 100 m circle is the smaller.
    act(() => fake.state.click?.([114.06, 22.54]));
    const info = await screen.findByTestId('fence-map-info');
    expect(info).toHaveTextContent('北门');
    expect(await within(info).findByText('860100000000003')).toBeInTheDocument();
    act(() => fake.state.click?.([0, 0]));
    await waitFor(() => expect(screen.queryByTestId('fence-map-info')).toBeNull());
  });

  it('fenceAt prefers the smallest containing fence and ignores broken geometry', () => {
    const broken = { ...circleRow, id: 9, radius: null };
    expect(fenceAt([polygonRow, circleRow, broken], [114.06, 22.54])?.id).toBe(6);
    expect(fenceAt([polygonRow, circleRow], [114.069, 22.549])?.id).toBe(5);
    expect(fenceAt([polygonRow], [113, 22])).toBeNull();
  });
});
