import {
  LngLatBounds,
  Map as MapLibreMap,
  setWorkerUrl,
  type GeoJSONSource,
  type GeoJSONSourceSpecification,
  type MapMouseEvent,
} from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
// v6 resolves its worker next to its own module, which a bundle does not have: hand it the URL.
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import type { LonLat } from '../../../shared/geo/fence';
import { currentLang } from '../../i18n/i18n';
import type { MapApi, ProviderFactory, ProviderHandle } from '../types';
import { startDraw } from './draw';
import { cursorFeatures, lineFeatures, markerFeatures, shapeFeatures } from './features';
import { layersFor, type LayerKind } from './layers';
import { forSoftwareRenderer, softwareRenderer } from './resolution';
import { basemapStyle } from './style';

interface Entry {
  kind: LayerKind;
  cluster: boolean;
  data: GeoJSONSourceSpecification['data'];
}

const CLUSTER_MAX_ZOOM = 16;

export const createMapLibre: ProviderFactory = async (container, config, view) => {
  setWorkerUrl(workerUrl);
  const map = new MapLibreMap({
    container,
    style: basemapStyle(config, location.origin, currentLang()),
    center: view.center,
    zoom: view.zoom,
    attributionControl: { compact: true },
    // Our own styles draw Chinese names from the shipped glyphs, the same on every machine (a
    // browser may have no CJK font at all); a configured style keeps MapLibre's local fallback.
    ...(config.styleUrl ? {} : { localIdeographFontFamily: false }),
  });
  // The e2e test and the frame-time bench read the map through its container (no other hook).
  Object.defineProperty(container, '__maplibre', { value: map, configurable: true });
  // The context MapLibre made (asking again for the same kind returns it; the other kind, null).
  const canvas = map.getCanvas();
  if (softwareRenderer(canvas.getContext('webgl2') ?? canvas.getContext('webgl'))) forSoftwareRenderer(map);
  // A configured style has its own glyphs, which may not have our font: no cluster counts there.
  return wrapMapLibre(map, { counts: !config.styleUrl });
};

/** The MapApi over one MapLibre map. Exported for the unit tests, which hand in a fake map. */
export function wrapMapLibre(map: MapLibreMap, opts: { counts: boolean } = { counts: true }): ProviderHandle {
  const entries = new Map<string, Entry>();
  let styleReady = false;
  // Layer components clean up after MapView has removed the map (provider switch, unmount).
  let removed = false;
  let markerHandler: ((id: string, at: LonLat) => void) | null = null;
  let clickHandler: ((at: LonLat) => void) | null = null;
  let drawing: AbortController | null = null;
  const hoverable = new Set<string>();

  const removeEntry = (name: string) => {
    for (const layer of map.getStyle()?.layers ?? []) if (layer.id.startsWith(`${name}:`)) map.removeLayer(layer.id);
    if (map.getSource(name)) map.removeSource(name);
  };

  /** Creates the source and layers, or only swaps the data when they already fit. */
  const apply = (name: string, entry: Entry) => {
    if (!styleReady || removed) return;
    const source = map.getSource(name) as GeoJSONSource | undefined;
    if (
      source &&
      map.getLayer(`${name}:${entry.kind === 'markers' ? 'point' : firstSuffix(entry.kind)}`) &&
      (entry.kind !== 'markers' || !!map.getLayer(`${name}:cluster`) === entry.cluster)
    ) {
      void source.setData(entry.data as never);
      return;
    }
    removeEntry(name);
    map.addSource(name, {
      type: 'geojson',
      data: entry.data,
      ...(entry.cluster ? { cluster: true, clusterRadius: 50, clusterMaxZoom: CLUSTER_MAX_ZOOM } : {}),
    });
    for (const layer of layersFor(entry.kind, name, entry.cluster, opts.counts)) {
      map.addLayer(layer);
      if (entry.kind === 'markers' && !hoverable.has(layer.id)) {
        hoverable.add(layer.id);
        map.on('mouseenter', layer.id, () => (map.getCanvas().style.cursor = 'pointer'));
        map.on('mouseleave', layer.id, () => (map.getCanvas().style.cursor = ''));
      }
    }
  };

  const set = (name: string, entry: Entry) => {
    entries.set(name, entry);
    apply(name, entry);
  };

  // 'style.load' also fires after a lost WebGL context is restored: everything is added again.
  map.on('style.load', () => {
    styleReady = true;
    for (const [name, entry] of entries) apply(name, entry);
  });

  map.on('click', (e: MapMouseEvent) => {
    // While drawing, clicks belong to the drawing tools.
    if (drawing) return;
    const layers = [...entries]
      .filter(([, en]) => en.kind === 'markers')
      .flatMap(([name, en]) => (en.cluster ? [`${name}:cluster`, `${name}:point`] : [`${name}:point`]));
    const hit = layers.length
      ? map.queryRenderedFeatures(e.point, { layers: layers.filter((l) => map.getLayer(l)) })[0]
      : undefined;
    if (hit && hit.geometry.type === 'Point') {
      const at = hit.geometry.coordinates as LonLat;
      const clusterId = hit.properties?.cluster_id as number | undefined;
      if (clusterId !== undefined) {
        const source = map.getSource(hit.source) as GeoJSONSource;
        void source.getClusterExpansionZoom(clusterId).then((zoom) => map.easeTo({ center: at, zoom }));
        return;
      }
      markerHandler?.(String(hit.properties?.id), [at[0], at[1]]);
      return;
    }
    clickHandler?.([e.lngLat.lng, e.lngLat.lat]);
  });

  const api: MapApi = {
    provider: 'maplibre',
    setView: (center, zoom) => void (removed || map.flyTo({ center, zoom: zoom ?? map.getZoom(), essential: true })),
    fitBounds(points, padding = 48) {
      if (points.length === 0 || removed) return;
      const bounds = points.reduce((b, p) => b.extend(p), new LngLatBounds(points[0]!, points[0]!));
      map.fitBounds(bounds, { padding, maxZoom: 17 });
    },
    setMarkers: (layer, points, opts) =>
      set(layer, { kind: 'markers', cluster: opts?.cluster ?? points.length > 200, data: markerFeatures(points) }),
    setShapes: (layer, shapes) => set(layer, { kind: 'shapes', cluster: false, data: shapeFeatures(shapes) }),
    setLine: (layer, line) => set(layer, { kind: 'line', cluster: false, data: lineFeatures(line) }),
    setCursor: (layer, at, label) => set(layer, { kind: 'cursor', cluster: false, data: cursorFeatures(at, label) }),
    clear(layer) {
      entries.delete(layer);
      if (styleReady && !removed) removeEntry(layer);
    },
    onMarkerClick: (handler) => void (markerHandler = handler),
    onClick: (handler) => void (clickHandler = handler),
    draw(kind, initial) {
      drawing?.abort();
      const ac = new AbortController();
      drawing = ac;
      return startDraw(map, kind, initial, ac.signal).finally(() => {
        if (drawing === ac) drawing = null;
      });
    },
    cancelDraw() {
      drawing?.abort();
      drawing = null;
    },
  };

  return {
    api,
    getView: () => ({ center: map.getCenter().toArray() as LonLat, zoom: map.getZoom() }),
    resize: () => map.resize(),
    destroy() {
      drawing?.abort();
      removed = true;
      map.remove();
    },
  };
}

function firstSuffix(kind: LayerKind): string {
  return kind === 'shapes' ? 'fill' : kind === 'line' ? 'line' : 'cursor';
}
