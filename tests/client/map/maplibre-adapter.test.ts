import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FALLBACK_MAP_CONFIG } from '../../../src/shared/geo/map-config';
import { FakeMap } from './fakeMap';

// Only maplibre-gl's Map is replaced; LngLatBounds and the rest stay real.
vi.mock('maplibre-gl', async (importOriginal) => ({
  ...(await importOriginal<typeof import('maplibre-gl')>()),
  Map: FakeMap,
  setWorkerUrl: () => undefined,
}));

const { createMapLibre } = await import('../../../src/client/map/maplibre/adapter');
const { STATE_COLORS } = await import('../../../src/client/map/markerStyle');

async function open(config = FALLBACK_MAP_CONFIG) {
  const container = document.createElement('div');
  const handle = await createMapLibre(container, config, { center: [114.06, 22.54], zoom: 19 });
  return { handle, api: handle.api, map: FakeMap.last!, container };
}

const point = (id: string, state: number, lon = 114, lat = 22.5) => ({
  id,
  lonLat: [lon, lat] as [number, number],
  state,
});
const featuresOf = (map: FakeMap, id: string) =>
  (map.getSource(id)!.data as { features: { properties: Record<string, unknown> }[] }).features;

describe('MapLibre adapter', () => {
  beforeEach(() => {
    FakeMap.last = null;
  });

  it('opens the offline basemap at the given view and exposes the map on its container', async () => {
    const { map, container } = await open();
    expect(map.options.center).toEqual([114.06, 22.54]);
    expect(map.options.zoom).toBe(19);
    const style = map.options.style as { sources: { basemap: { data: string } }; glyphs?: string; sprite?: string };
    expect(style.sources.basemap.data).toMatch(/\/map\/basemap\.geojson$/);
    // Labels and cluster counts use the glyphs shipped on this origin; no sprites.
    expect(style.glyphs).toBe(`${location.origin}/map/glyphs/{fontstack}/{range}.pbf`);
    expect(style.sprite).toBeUndefined();
    expect(map.options.localIdeographFontFamily).toBe(false);
    expect((container as unknown as { __maplibre: unknown }).__maplibre).toBe(map);
  });

  it('uses the configured tile URL or style URL instead', async () => {
    const tiles = (await open({ ...FALLBACK_MAP_CONFIG, tileUrl: 'https://t.example.com/{z}/{x}/{y}.png' })).map.options
      .style as { sources: { tiles: { tiles: string[] } } };
    expect(tiles.sources.tiles.tiles).toEqual(['https://t.example.com/{z}/{x}/{y}.png']);
    const styled = await open({ ...FALLBACK_MAP_CONFIG, styleUrl: 'https://s.example.com/style.json' });
    expect(styled.map.options.style).toBe('https://s.example.com/style.json');
    expect(styled.map.options.localIdeographFontFamily).toBeUndefined();
    // That style's glyphs may lack our font: clusters keep their graded circles, without a count.
    styled.api.setMarkers('devices', [point('a', 1)], { cluster: true });
    styled.map.fire('style.load');
    expect(styled.map.layers.map((l) => l.id)).toEqual(['devices:cluster', 'devices:point']);
  });

  it('holds layers set before the style loads, then adds them; later sets only swap the data', async () => {
    const { api, map } = await open();
    api.setMarkers('devices', [point('a', 1), point('b', 0), point('c', 2), point('d', 3)], { cluster: true });
    expect(map.sources.size).toBe(0);
    map.fire('style.load');
    expect(map.getSource('devices')!.spec).toMatchObject({ type: 'geojson', cluster: true });
    expect(map.layers.map((l) => l.id)).toEqual(['devices:cluster', 'devices:count', 'devices:point']);
    expect(featuresOf(map, 'devices').map((f) => f.properties.color)).toEqual([
      STATE_COLORS.online,
      STATE_COLORS.offline,
      STATE_COLORS.inactive,
      STATE_COLORS.abnormal,
    ]);

    const source = map.getSource('devices');
    api.setMarkers('devices', [point('a', 0)], { cluster: true });
    expect(map.getSource('devices')).toBe(source);
    expect(featuresOf(map, 'devices')).toHaveLength(1);

    // Turning clustering off needs a new source.
    api.setMarkers('devices', [point('a', 0)], { cluster: false });
    expect(map.getSource('devices')!.spec.cluster).toBeUndefined();
    expect(map.layers.map((l) => l.id)).toEqual(['devices:point']);
  });

  it('clears a layer, and re-adds every layer when the style loads again (lost context)', async () => {
    const { api, map } = await open();
    map.fire('style.load');
    api.setShapes('fences', [{ id: 'f', kind: 'circle', center: [114, 22.5], radiusM: 100, style: { color: '#38f' } }]);
    api.setLine('track', {
      id: 't',
      points: [
        [114, 22.5],
        [114.01, 22.51],
      ],
      color: '#f00',
    });
    expect(map.layers.map((l) => l.id)).toEqual(['fences:fill', 'fences:outline', 'track:line']);
    api.clear('track');
    expect(map.getSource('track')).toBeUndefined();
    map.layers = [];
    map.sources.clear();
    map.fire('style.load');
    expect(map.layers.map((l) => l.id)).toEqual(['fences:fill', 'fences:outline']);
  });

  it('routes clicks: a marker to onMarkerClick, a cluster zooms in, elsewhere to onClick', async () => {
    const { api, map } = await open();
    map.fire('style.load');
    api.setMarkers('devices', [point('860000000000001', 1)], { cluster: true });
    const onMarker = vi.fn();
    const onClick = vi.fn();
    api.onMarkerClick(onMarker);
    api.onClick(onClick);

    map.rendered = [
      {
        source: 'devices',
        geometry: { type: 'Point', coordinates: [114, 22.5] },
        properties: { id: '860000000000001' },
      },
    ];
    map.fire('click', { point: { x: 1, y: 1 }, lngLat: { lng: 114, lat: 22.5 } });
    expect(onMarker).toHaveBeenCalledWith('860000000000001', [114, 22.5]);

    map.rendered = [
      { source: 'devices', geometry: { type: 'Point', coordinates: [114, 22.5] }, properties: { cluster_id: 7 } },
    ];
    map.fire('click', { point: { x: 1, y: 1 }, lngLat: { lng: 114, lat: 22.5 } });
    await vi.waitFor(() =>
      expect(map.calls.find((c) => c.name === 'easeTo')?.args[0]).toEqual({ center: [114, 22.5], zoom: 14 }),
    );

    map.rendered = [];
    map.fire('click', { point: { x: 1, y: 1 }, lngLat: { lng: 113.5, lat: 22.1 } });
    expect(onClick).toHaveBeenCalledWith([113.5, 22.1]);
    expect(onMarker).toHaveBeenCalledTimes(1);
  });

  it('moves the camera and becomes inert once removed', async () => {
    const { api, map, handle } = await open();
    api.setView([116.4, 39.9], 10);
    expect(map.calls.at(-1)).toEqual({ name: 'flyTo', args: [{ center: [116.4, 39.9], zoom: 10, essential: true }] });
    api.fitBounds([
      [114, 22.5],
      [114.2, 22.7],
    ]);
    expect(map.calls.at(-1)!.name).toBe('fitBounds');
    handle.destroy();
    expect(map.removed).toBe(true);
    api.setView([0, 0], 3);
    api.clear('devices');
    expect(map.calls.at(-1)!.name).toBe('fitBounds');
  });
});
