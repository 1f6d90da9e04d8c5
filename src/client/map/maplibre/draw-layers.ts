/**
 * The drawing tool's own GeoJSON source and layers on the one map instance: the area, the
 * outline (or the rubber band of a polygon being drawn) and the handles. Added on start, removed
 * when the session ends; ids are prefixed so they never meet the adapter's layers.
 */
import type * as maplibregl from 'maplibre-gl';
import type { GeoJSONSource } from 'maplibre-gl';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import type { DrawFeatures } from './draw-session';

const SOURCE = 'draw-tool';
const LAYERS = ['draw-tool-fill', 'draw-tool-line', 'draw-tool-handles'] as const;

type DrawFeature = Feature<Geometry, { role: string }>;

function toGeoJSON(f: DrawFeatures): FeatureCollection<Geometry, { role: string }> {
  const features: DrawFeature[] = [];
  if (f.area)
    features.push({
      type: 'Feature',
      properties: { role: 'area' },
      geometry: { type: 'Polygon', coordinates: [f.area] },
    });
  if (f.line && f.line.length >= 2)
    features.push({
      type: 'Feature',
      properties: { role: 'line' },
      geometry: { type: 'LineString', coordinates: f.line },
    });
  for (const h of f.handles)
    features.push({ type: 'Feature', properties: { role: 'handle' }, geometry: { type: 'Point', coordinates: h } });
  return { type: 'FeatureCollection', features };
}

/** Adds the source and layers; throws "Style is not done loading" when called too early. */
export function addDrawLayers(map: maplibregl.Map, color: string): void {
  removeDrawLayers(map);
  map.addSource(SOURCE, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
  map.addLayer({
    id: LAYERS[0],
    type: 'fill',
    source: SOURCE,
    filter: ['==', ['get', 'role'], 'area'],
    paint: { 'fill-color': color, 'fill-opacity': 0.2 },
  });
  map.addLayer({
    id: LAYERS[1],
    type: 'line',
    source: SOURCE,
    filter: ['!=', ['get', 'role'], 'handle'],
    paint: { 'line-color': color, 'line-width': 2 },
  });
  map.addLayer({
    id: LAYERS[2],
    type: 'circle',
    source: SOURCE,
    filter: ['==', ['get', 'role'], 'handle'],
    paint: { 'circle-radius': 5, 'circle-color': '#fff', 'circle-stroke-color': color, 'circle-stroke-width': 2 },
  });
}

export function renderDraw(map: maplibregl.Map, f: DrawFeatures): void {
  (map.getSource(SOURCE) as GeoJSONSource | undefined)?.setData(toGeoJSON(f));
}

export function removeDrawLayers(map: maplibregl.Map): void {
  for (const id of LAYERS) if (map.getLayer(id)) map.removeLayer(id);
  if (map.getSource(SOURCE)) map.removeSource(SOURCE);
}
