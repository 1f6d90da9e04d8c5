import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StyleSpecification, SymbolLayerSpecification } from 'maplibre-gl';
import { PbfReader } from 'pbf';
import { describe, expect, it } from 'vitest';
import { layersFor } from '../../../src/client/map/maplibre/layers';
import { MAP_FONT, basemapStyle, placeName } from '../../../src/client/map/maplibre/style';
import { SCENARIO_SITES } from '../../../src/shared/devices/demo';
import { FALLBACK_MAP_CONFIG } from '../../../src/shared/geo/map-config';

// The offline style and the files it points at: the committed output of scripts/build-basemap.mjs
// and scripts/build-glyphs.mjs under public/map/.
const root = join(__dirname, '../../..');
const publicDir = join(root, 'public');
const style = basemapStyle(FALLBACK_MAP_CONFIG, 'https://console.test') as StyleSpecification;
type Feature = {
  properties: { kind: string; name: string; name_zh?: string; rank?: number };
  geometry: { type: string; coordinates: unknown };
};
const region = JSON.parse(readFileSync(join(publicDir, 'map/region.geojson'), 'utf8')) as { features: Feature[] };

/** The glyph ids in one shipped range file (glyphs.proto: stacks = 1 > glyphs = 3 > id = 1). */
function glyphIds(file: string): Set<number> {
  const ids = new Set<number>();
  const pbf = new PbfReader(readFileSync(file));
  pbf.readFields((tag, _, p) => {
    if (tag !== 1) return;
    p!.readMessage((t, __, q) => {
      if (t !== 3) return;
      q!.readMessage((g, ___, r) => {
        if (g === 1) ids.add(r!.readVarint());
      }, null);
    }, null);
  }, null);
  return ids;
}

function glyphFile(font: string, code: number): string {
  const start = Math.floor(code / 256) * 256;
  // The glyphs URL as MapLibre expands it, mapped back to public/.
  const url = style.glyphs!.replace('{fontstack}', font).replace('{range}', `${start}-${start + 255}`);
  return join(publicDir, new URL(url).pathname);
}

function inRing(p: [number, number], ring: [number, number][]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

describe('offline basemap style', () => {
  it('shows district outlines, district names and place names at city zoom (12), from the shipped region data', () => {
    const visibleAt = (zoom: number) =>
      style.layers.filter((l) => (l.minzoom ?? 0) <= zoom && (l.maxzoom ?? 24) > zoom).map((l) => l.id);
    expect(visibleAt(12)).toEqual(
      expect.arrayContaining([
        'land',
        'district-fill',
        'districts',
        'district-names',
        'places-1',
        'places-2',
        'places-3',
      ]),
    );
    // Towns and districts stay off the world view.
    expect(visibleAt(4)).not.toContain('places-3');
    expect(visibleAt(4)).not.toContain('district-names');
    // The coarse 1:50m outline gives way to the districts.
    expect(visibleAt(12)).not.toContain('china-outline');
    expect(visibleAt(4)).toContain('china-outline');
    expect(style.sources.region).toMatchObject({ type: 'geojson', data: 'https://console.test/map/region.geojson' });
    expect((style.sources.region as { attribution?: string }).attribution).toMatch(/GeoNames/);
    expect(existsSync(join(publicDir, 'map/region.geojson'))).toBe(true);
  });

  it('keeps the geometry a frame draws small: the 1:50m basemap tiled to zoom 6 and scaled beyond, district outlines without round joins', () => {
    // docs/performance.md, "Map": one basemap tile covers the screen at city zoom, and round joins
    // tripled the triangles of the district outlines.
    expect(style.sources.basemap).toMatchObject({ type: 'geojson', maxzoom: 6 });
    const districts = style.layers.find((l) => l.id === 'districts') as { layout?: Record<string, unknown> };
    expect(districts.layout?.['line-join'] ?? 'miter').toBe('miter');
  });

  it('has the demo site inside a named Shenzhen district, and Shenzhen among the places', () => {
    const districts = region.features.filter((f) => f.properties.kind === 'district');
    expect(districts.map((f) => f.properties.name)).toEqual(
      expect.arrayContaining(['福田区', '南山区', '罗湖区', '宝安区']),
    );
    const site: [number, number] = [SCENARIO_SITES.construction.lon, SCENARIO_SITES.construction.lat];
    const containing = districts.filter((f) => {
      const polygons = (f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates) as [
        number,
        number,
      ][][][];
      return polygons.some((poly) => inRing(site, poly[0]!));
    });
    expect(containing.map((f) => f.properties.name)).toEqual(['福田区']);
    const shenzhen = region.features.find(
      (f) => f.properties.kind === 'place' && f.properties.name === 'Shenzhen' && f.properties.rank === 1,
    );
    expect(shenzhen?.properties.name_zh).toBe('深圳');
    expect(region.features.filter((f) => f.properties.rank === 3).length).toBeGreaterThan(100);
  });

  it('names places in Chinese for the Chinese console and in Latin letters otherwise', () => {
    expect(placeName('cn')).toEqual(['coalesce', ['get', 'name_zh'], ['get', 'name']]);
    expect(placeName('en')).toEqual(['get', 'name']);
    const layer = (basemapStyle(FALLBACK_MAP_CONFIG, 'https://console.test', 'fr') as StyleSpecification).layers.find(
      (l) => l.id === 'places-3',
    ) as SymbolLayerSpecification;
    expect(layer.layout!['text-field']).toEqual(['get', 'name']);
  });

  it('resolves the glyphs URL to shipped range files holding every character a label can use', () => {
    const symbols = style.layers.filter((l): l is SymbolLayerSpecification => l.type === 'symbol');
    expect(symbols.length).toBeGreaterThan(0);
    for (const l of symbols) expect(l.layout!['text-font']).toEqual([MAP_FONT]);
    const chars = new Set<number>();
    for (const f of region.features)
      for (const ch of `${f.properties.name}${f.properties.name_zh ?? ''}`) chars.add(ch.codePointAt(0)!);
    // Cluster counts: digits, '.' and 'k' (point_count_abbreviated).
    for (const ch of '0123456789.k') chars.add(ch.codePointAt(0)!);
    const missing: string[] = [];
    const cache = new Map<string, Set<number>>();
    for (const code of chars) {
      const file = glyphFile(MAP_FONT, code);
      if (!cache.has(file)) cache.set(file, existsSync(file) ? glyphIds(file) : new Set());
      if (!cache.get(file)!.has(code)) missing.push(String.fromCodePoint(code));
    }
    expect(missing).toEqual([]);
    // CJK ranges are among them (Chinese names), and ranges no label uses are not shipped.
    expect(existsSync(glyphFile(MAP_FONT, '福'.codePointAt(0)!))).toBe(true);
    expect(existsSync(glyphFile(MAP_FONT, 0x0400))).toBe(false);
  });

  it('gives the raster style the same glyphs, so clusters can show counts there too', () => {
    const raster = basemapStyle(
      { ...FALLBACK_MAP_CONFIG, tileUrl: 'https://t.example.com/{z}/{x}/{y}.png' },
      'https://console.test',
    ) as StyleSpecification;
    expect(raster.glyphs).toBe(style.glyphs);
  });
});

describe('device cluster layers', () => {
  it('draws each cluster with its abbreviated count in the shipped font', () => {
    const layers = layersFor('markers', 'devices', true);
    expect(layers.map((l) => l.id)).toEqual(['devices:cluster', 'devices:count', 'devices:point']);
    const count = layers[1] as SymbolLayerSpecification;
    expect(count.filter).toEqual(['has', 'point_count']);
    expect(count.layout).toMatchObject({
      'text-field': ['get', 'point_count_abbreviated'],
      'text-font': [MAP_FONT],
      'text-allow-overlap': true,
    });
  });

  it('leaves the count out when asked (a configured style without our font), and unclustered markers have none', () => {
    expect(layersFor('markers', 'devices', true, false).map((l) => l.id)).toEqual(['devices:cluster', 'devices:point']);
    expect(layersFor('markers', 'devices', false).map((l) => l.id)).toEqual(['devices:point']);
  });
});
