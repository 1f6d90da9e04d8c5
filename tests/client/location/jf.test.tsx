import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { LonLat } from '../../../src/shared/geo/fence';
import type { MapDevice } from '../../../src/shared/geo/map-config';
import type { TrackColumns } from '../../../src/shared/geo/track';
import { MapApiContext } from '../../../src/client/map/context';
import { Fleet } from '../../../src/client/map/layers/fleet';
import type { MapApi, MapShape, MarkerPoint } from '../../../src/client/map/types';
import { LocationsScreen } from '../../../src/client/features/location/LocationsScreen';
import { TrackScreen } from '../../../src/client/features/tracks/TrackScreen';
import { resetRequestDeps } from '../../../src/client/lib/request';
import { saveLogin } from '../../../src/client/lib/session';
import { demoUser } from '../fixtures';
import { renderWithProviders } from '../render';
import { mockApi, type Call } from '../devices/mockApi';

/** What the screens drew: markers and shapes by layer, and the last view set. */
const drawn = {
  markers: new Map<string, readonly MarkerPoint[]>(),
  shapes: new Map<string, readonly MapShape[]>(),
  view: null as LonLat | null,
};
const fakeApi = {
  provider: 'maplibre',
  setMarkers: (layer: string, points: readonly MarkerPoint[]) => void drawn.markers.set(layer, points),
  setShapes: (layer: string, shapes: readonly MapShape[]) => void drawn.shapes.set(layer, shapes),
  setLine: () => undefined,
  setCursor: () => undefined,
  setView: (at: LonLat) => void (drawn.view = at),
  fitBounds: () => undefined,
  onMarkerClick: () => undefined,
  clear: (layer: string) => void drawn.shapes.delete(layer),
} as unknown as MapApi;

vi.mock('../../../src/client/map/MapView', () => ({
  MapView: ({ children }: { children?: ReactNode }) => (
    <MapApiContext.Provider value={fakeApi}>{children}</MapApiContext.Provider>
  ),
}));

const T0 = Date.UTC(2026, 0, 1, 2, 0, 0);
const fixes: MapDevice[] = [
  { imei: '860000000000101', name: 'JF 1', state: 1, lat: 22.54, lon: 114.06, accuracy: 6, source: 'gps', ts: T0 },
  {
    imei: '860000000000102',
    name: 'JF 2',
    state: 1,
    lat: 22.55,
    lon: 114.07,
    accuracy: 850,
    source: 'lbs',
    ts: T0 + 2000,
  },
  {
    imei: '860000000000103',
    name: 'JF 3',
    state: 0,
    lat: 22.56,
    lon: 114.08,
    accuracy: 40,
    source: 'wifi',
    ts: T0 + 1000,
  },
];

let calls: Call[];
beforeEach(() => {
  drawn.markers.clear();
  drawn.shapes.clear();
  drawn.view = null;
  saveLogin('tok', { ...demoUser, marks: ['*'] });
  calls = mockApi({
    '/api/map/locations': fixes,
    '/api/device/track': {
      t: [T0, T0 + 60_000],
      lat: [22.54, 22.541],
      lon: [114.06, 114.061],
      speed: [3.6, null],
      accuracy: [5, 900],
      source: ['gps', 'lbs'],
      truncated: false,
    } satisfies TrackColumns,
    '/api/device/device/list': { rows: [{ imei: fixes[0]!.imei, name: 'JF 1' }], total: 1 },
  });
});
afterEach(() => resetRequestDeps());

describe('/locations_jf', () => {
  it('asks for the locators’ newest fixes, draws a marker and a source-coloured accuracy circle each, lists them newest first', async () => {
    renderWithProviders(<LocationsScreen jf />);
    await waitFor(() => expect(screen.getByTestId('jf-panel').dataset.count).toBe('3'));
    expect(calls.find((c) => c.url === '/api/map/locations')!.body).toEqual({ kind: 'locator' });
    expect(drawn.markers.get('devices')).toHaveLength(3);
    const circles = drawn.shapes.get('devices-accuracy')!;
    expect(circles.map((c) => c.kind === 'circle' && c.radiusM)).toEqual([6, 850, 40]);
    expect(new Set(circles.map((c) => c.style.color)).size).toBe(3);
    const rows = screen.getByTestId('jf-list').querySelectorAll('tbody tr');
    expect([...rows].map((r) => r.getAttribute('data-imei'))).toEqual([fixes[1]!.imei, fixes[2]!.imei, fixes[0]!.imei]);
    expect(screen.getAllByTestId('jf-accuracy').map((e) => e.textContent)).toEqual(['850 m', '40 m', '6 m']);
    fireEvent.click(rows[0]!);
    expect(drawn.view).toEqual([114.07, 22.55]);
  });

  it('the plain /locations draws no accuracy circles and asks the plain device list', async () => {
    mockApi(
      { '/api/map/devices': fixes.map(({ imei, name, state, lat, lon }) => ({ imei, name, state, lat, lon })) },
      calls,
    );
    renderWithProviders(<LocationsScreen />);
    await waitFor(() => expect(drawn.markers.get('devices')).toHaveLength(3));
    expect(drawn.shapes.has('devices-accuracy')).toBe(false);
    expect(screen.queryByTestId('jf-panel')).toBeNull();
  });
});

describe('Fleet of one kind', () => {
  it('ignores positions of devices not loaded and takes radius and source from a new fix', () => {
    const fleet = new Fleet(true);
    fleet.reset([fixes[0]!]);
    expect(fleet.merge([{ imei: 'other', lat: 1, lon: 2, state: 1, ts: 1 }])).toBe(false);
    expect(
      fleet.merge([{ imei: fixes[0]!.imei, lat: 22.6, lon: 114.1, accuracy: 700, source: 'lbs', state: 1, ts: 5 }]),
    ).toBe(true);
    expect(fleet.list()).toEqual([
      { imei: fixes[0]!.imei, name: 'JF 1', state: 1, lat: 22.6, lon: 114.1, accuracy: 700, source: 'lbs', ts: 5 },
    ]);
  });
});

describe('/Track_gps_jf', () => {
  it('asks for every source with detail, draws the accuracy circles and lists each point’s source and radius', async () => {
    const search = { imei: fixes[0]!.imei, from: '2026-01-01 00:00:00', to: '2026-01-01 23:59:59' };
    renderWithProviders(<TrackScreen source="all" accuracy search={search} onSearchChange={() => undefined} />);
    await waitFor(() => expect(screen.getByTestId('track-screen').dataset.points).toBe('2'));
    expect(calls.find((c) => c.url === '/api/device/track')!.body).toMatchObject({ source: 'all', detail: true });
    const circles = drawn.shapes.get('track-accuracy')!;
    // The LBS fix comes first: its uncertainty is the one that matters.
    expect(circles.map((c) => c.kind === 'circle' && c.radiusM)).toEqual([900, 5]);
    expect(screen.getAllByTestId('track-row-accuracy').map((e) => e.textContent)).toEqual(['5 m', '900 m']);
    expect(screen.getByTestId('track-point-accuracy')).toHaveTextContent('5 m');
  });
});
