import type { StyleSpecification } from 'maplibre-gl';
import type { MapConfig } from '../../../shared/geo/map-config';

export const BASEMAP_URL = '/map/basemap.geojson';

/**
 * The basemap: the configured style URL as is; else raster tiles from the configured URL; else
 * the shipped offline world (land, borders, China highlighted). No glyphs or sprites: nothing
 * here may need the network, so the offline style has no text labels.
 */
export function basemapStyle(config: Pick<MapConfig, 'styleUrl' | 'tileUrl'>, origin = location.origin): StyleSpecification | string {
  if (config.styleUrl) return config.styleUrl;
  if (config.tileUrl) {
    return {
      version: 8,
      sources: { tiles: { type: 'raster', tiles: [config.tileUrl], tileSize: 256, maxzoom: 19 } },
      layers: [
        { id: 'background', type: 'background', paint: { 'background-color': '#dfe7ee' } },
        { id: 'tiles', type: 'raster', source: 'tiles' },
      ],
    };
  }
  return {
    version: 8,
    sources: { basemap: { type: 'geojson', data: new URL(BASEMAP_URL, origin).href, tolerance: 0.5 } },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': '#b9d3e6' } },
      { id: 'land', type: 'fill', source: 'basemap', filter: ['==', ['get', 'kind'], 'land'], paint: { 'fill-color': '#eef0e6' } },
      { id: 'china', type: 'fill', source: 'basemap', filter: ['==', ['get', 'kind'], 'china'], paint: { 'fill-color': '#fbf3d9' } },
      { id: 'borders', type: 'line', source: 'basemap', filter: ['==', ['get', 'kind'], 'border'], paint: { 'line-color': '#a9a9a9', 'line-width': 0.8 } },
      { id: 'china-outline', type: 'line', source: 'basemap', filter: ['==', ['get', 'kind'], 'china-outline'], paint: { 'line-color': '#d9480f', 'line-width': 1.4 } },
    ],
  };
}
