import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, act } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { LonLat } from '../../../src/shared/geo/fence';
import { MapApiContext } from '../../../src/client/map/context';
import type { MapApi, MarkerPoint } from '../../../src/client/map/types';
import { InstallationMapScreen } from '../../../src/client/features/installations/InstallationMapScreen';
import { resetRequestDeps } from '../../../src/client/lib/request';
import { saveLogin } from '../../../src/client/lib/session';
import { demoUser } from '../fixtures';
import { renderWithProviders } from '../render';
import { mockApi, type Call } from '../devices/mockApi';

const drawn = { markers: [] as readonly MarkerPoint[], click: null as ((id: string, at: LonLat) => void) | null };
const fakeApi = {
  provider: 'maplibre',
  setMarkers: (_layer: string, points: readonly MarkerPoint[]) => void (drawn.markers = points),
  fitBounds: () => undefined,
  onMarkerClick: (h: ((id: string, at: LonLat) => void) | null) => void (drawn.click = h),
  clear: () => undefined,
} as unknown as MapApi;

vi.mock('../../../src/client/map/MapView', () => ({
  MapView: ({ children }: { children?: ReactNode }) => (
    <MapApiContext.Provider value={fakeApi}>{children}</MapApiContext.Provider>
  ),
}));

const ROWS = [
  {
    id: 7,
    deviceId: 1,
    deviceKind: 'smoke',
    installer: 'Zed',
    installedAt: '2026-03-01T08:00:00.000Z',
    address: 'Block C',
    lat: 22.5,
    lon: 114.1,
    photo: '/installations/demo-install.svg',
  },
  {
    id: 8,
    deviceId: 2,
    deviceKind: 'gas',
    installer: 'Amy',
    installedAt: '2026-02-01T08:00:00.000Z',
    address: null,
    lat: 22.6,
    lon: 114.2,
    photo: null,
  },
];
let calls: Call[];
beforeEach(() => {
  saveLogin('tok', { ...demoUser, marks: ['*'] });
  calls = mockApi({ '/api/device/installation/list': { rows: ROWS, total: 2 } });
});
afterEach(() => resetRequestDeps());

describe('/installationMap', () => {
  it('puts the records the filters match on the map (up to 500) and a marker click shows who, when and the photo', async () => {
    renderWithProviders(
      <InstallationMapScreen search={{ filters: { installer: 'zed' } }} onSearchChange={() => undefined} />,
    );
    await waitFor(() => expect(drawn.markers).toHaveLength(2));
    expect(drawn.markers.map((m) => m.lonLat)).toEqual([
      [114.1, 22.5],
      [114.2, 22.6],
    ]);
    const mapAsk = calls.find(
      (c) => c.url === '/api/device/installation/list' && (c.body as { size: number }).size === 500,
    )!;
    expect(mapAsk.body).toMatchObject({ filters: { installer: 'zed' } });
    act(() => drawn.click!('7', [114.1, 22.5]));
    const popup = await screen.findByTestId('installation-popup');
    expect(popup).toHaveTextContent('Zed');
    expect(popup.querySelector('img')?.getAttribute('src')).toBe('/installations/demo-install.svg');
  });
});
