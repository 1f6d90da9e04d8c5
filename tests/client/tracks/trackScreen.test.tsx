import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { LonLat } from '../../../src/shared/geo/fence';
import { PLAYBACK, PLAYBACK_TICK_MS, type TrackColumns } from '../../../src/shared/geo/track';
import { MapApiContext } from '../../../src/client/map/context';
import type { MapApi, TrackLine } from '../../../src/client/map/types';
import { TrackScreen } from '../../../src/client/features/tracks/TrackScreen';
import { resetRequestDeps } from '../../../src/client/lib/request';
import { saveLogin } from '../../../src/client/lib/session';
import { demoUser } from '../fixtures';
import { renderWithProviders } from '../render';
import { mockApi, type Call } from '../devices/mockApi';

/** What the track layer did to the map: the last line and every cursor position. */
const drawn = { line: null as TrackLine | null, cursor: [] as (LonLat | null)[], fitted: 0 };
const fakeApi = {
  provider: 'maplibre',
  setLine: (_layer: string, line: TrackLine | null) => void (drawn.line = line),
  setCursor: (_layer: string, at: LonLat | null) => void drawn.cursor.push(at),
  fitBounds: () => void drawn.fitted++,
  clear: () => undefined,
} as unknown as MapApi;

// jsdom has no WebGL: the map core is replaced by its context with a recording MapApi.
vi.mock('../../../src/client/map/MapView', () => ({
  MapView: ({ children }: { children?: ReactNode }) => (
    <MapApiContext.Provider value={fakeApi}>{children}</MapApiContext.Provider>
  ),
}));

const IMEI = '860000000000001';
const T0 = Date.UTC(2026, 0, 1, 2, 0, 0);
const track: TrackColumns = {
  t: [T0, T0 + 10_000, T0 + 30_000],
  lat: [22.54, 22.5401, 22.5402],
  lon: [114.06, 114.06, 114.0601],
  speed: [3.6, null, null],
  truncated: false,
};

let calls: Call[];
beforeEach(() => {
  drawn.line = null;
  drawn.cursor = [];
  drawn.fitted = 0;
  saveLogin('tok', { ...demoUser, marks: ['*'] });
  calls = mockApi({
    '/api/device/track': track,
    '/api/device/device/list': { rows: [{ imei: IMEI, name: 'Watch 1' }], total: 1 },
  });
});
afterEach(() => {
  resetRequestDeps();
  vi.useRealTimers();
});

const search = { imei: IMEI, from: '2026-01-01 00:00:00', to: '2026-01-01 23:59:59' };
// The picked times are the tenant's wall times (Asia/Shanghai, UTC+8), whatever the browser's zone.
const asked = { from: '2025-12-31T16:00:00.000Z', to: '2026-01-01T15:59:59.000Z' };

describe('track screen', () => {
  it('asks for the range and source, draws the route and puts the cursor on the first point', async () => {
    renderWithProviders(<TrackScreen source="gps" search={search} onSearchChange={() => undefined} />);
    await waitFor(() => expect(screen.getByTestId('track-screen').dataset.points).toBe('3'));
    expect(calls.find((c) => c.url === '/api/device/track')!.body).toEqual({ imei: IMEI, ...asked, source: 'gps' });
    expect(drawn.line?.points).toEqual([
      [114.06, 22.54],
      [114.06, 22.5401],
      [114.0601, 22.5402],
    ]);
    expect(drawn.fitted).toBe(1);
    expect(drawn.cursor.at(-1)).toEqual([114.06, 22.54]);
    expect(screen.getByTestId('track-point-time')).toHaveTextContent('2026-01-01 10:00:00');
    expect(screen.getByTestId('track-point-interval')).toHaveTextContent('10');
    expect(screen.getByTestId('track-point-distance')).toHaveTextContent('11.1');
    expect(screen.getByTestId('track-point-speed')).toHaveTextContent('3.6');
    expect(screen.getAllByTestId('track-row')).toHaveLength(3);
  });

  it('playing moves the cursor along every point and the panel with it, then finishes', async () => {
    renderWithProviders(<TrackScreen source="all" search={search} onSearchChange={() => undefined} />);
    await waitFor(() => expect(screen.getByTestId('track-screen').dataset.points).toBe('3'));
    vi.useFakeTimers();
    fireEvent.click(screen.getByTestId('track-play'));
    act(() => void vi.advanceTimersByTime(PLAYBACK_TICK_MS));
    expect(drawn.cursor.at(-1)).toEqual([114.06, 22.5401]);
    expect(screen.getByTestId('track-point-index')).toHaveTextContent('2 / 3');
    act(() => void vi.advanceTimersByTime(PLAYBACK_TICK_MS));
    expect(drawn.cursor.at(-1)).toEqual([114.0601, 22.5402]);
    expect(Number(screen.getByTestId('track-bar').dataset.state)).toBe(PLAYBACK.finished);
    expect(screen.getByTestId('track-point-interval')).toHaveTextContent('-');
  });

  it('a row click seeks there', async () => {
    renderWithProviders(<TrackScreen source="all" search={search} onSearchChange={() => undefined} />);
    await waitFor(() => expect(screen.getAllByTestId('track-row')).toHaveLength(3));
    fireEvent.click(screen.getAllByTestId('track-row')[1]!);
    expect(screen.getByTestId('track-bar').dataset.percent).toBe('50');
    expect(drawn.cursor.at(-1)).toEqual([114.06, 22.5401]);
  });

  it('export buttons call the export service with the range and format', async () => {
    const exporter = vi.fn(async () => undefined);
    renderWithProviders(
      <TrackScreen source="gps" search={search} onSearchChange={() => undefined} exporter={exporter} />,
    );
    await waitFor(() => expect(screen.getByTestId('track-export-gpx')).toBeEnabled());
    fireEvent.click(screen.getByTestId('track-export-gpx'));
    fireEvent.click(screen.getByTestId('track-export-csv'));
    const range = { imei: IMEI, ...asked, source: 'gps' };
    await waitFor(() => expect(exporter).toHaveBeenCalledTimes(2));
    expect(exporter).toHaveBeenNthCalledWith(1, range, 'gpx');
    expect(exporter).toHaveBeenNthCalledWith(2, range, 'csv');
  });

  it('an export failure is shown, not thrown', async () => {
    const exporter = vi.fn(async () => Promise.reject(new Error('boom')));
    renderWithProviders(
      <TrackScreen source="gps" search={search} onSearchChange={() => undefined} exporter={exporter} />,
    );
    await waitFor(() => expect(screen.getByTestId('track-export-csv')).toBeEnabled());
    fireEvent.click(screen.getByTestId('track-export-csv'));
    expect(await screen.findByText('boom')).toBeInTheDocument();
  });

  it('without a device: nothing fetched, the bar disabled, the picker lists devices', async () => {
    const onSearchChange = vi.fn();
    renderWithProviders(<TrackScreen source="all" search={{}} onSearchChange={onSearchChange} />);
    expect(screen.getByTestId('track-play')).toBeDisabled();
    await waitFor(() => expect(calls.some((c) => c.url === '/api/device/device/list')).toBe(true));
    expect(calls.some((c) => c.url === '/api/device/track')).toBe(false);
    fireEvent.click(screen.getByPlaceholderText('按名称或IMEI搜索设备'));
    fireEvent.click(await screen.findByText(`Watch 1 · ${IMEI}`));
    expect(onSearchChange).toHaveBeenCalledWith({ imei: IMEI });
  });
});
