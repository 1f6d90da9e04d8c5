#!/usr/bin/env node
// Builds the offline basemap (public/map/basemap.geojson) from world-atlas's Natural Earth
// TopoJSON: world land and country borders at 1:110m, China (with Taiwan, as Chinese maps draw
// it) at 1:50m so the home country keeps its coastline detail. Coordinates are rounded to
// 0.001 deg (about 100 m), which is finer than either scale can show, to keep the file small.
// The output is committed; run this again only when world-atlas changes.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { merge, mesh } from 'topojson-client';

const require = createRequire(import.meta.url);
const root = new URL('..', import.meta.url).pathname;
const atlas = (name) => JSON.parse(readFileSync(require.resolve(`world-atlas/${name}`), 'utf8'));
const CHINA_IDS = new Set(['156', '158']);

const round = (v) => Math.round(v * 1000) / 1000;
function roundCoords(c) {
  if (typeof c[0] === 'number') return [round(c[0]), round(c[1])];
  // Rounding can collapse neighbouring vertices into duplicates: drop them.
  return c.map(roundCoords).filter((p, i, all) => typeof p[0] !== 'number' || i === 0 || p[0] !== all[i - 1][0] || p[1] !== all[i - 1][1]);
}
const tidy = (geometry) => ({ ...geometry, coordinates: roundCoords(geometry.coordinates) });

const world = atlas('countries-110m.json');
const detail = atlas('countries-50m.json');
const land = merge(world, world.objects.countries.geometries);
const borders = mesh(world, world.objects.countries, (a, b) => a !== b);
const china = merge(detail, detail.objects.countries.geometries.filter((g) => CHINA_IDS.has(String(g.id))));
const chinaBorder = mesh(detail, { type: 'GeometryCollection', geometries: detail.objects.countries.geometries.filter((g) => CHINA_IDS.has(String(g.id))) }, (a, b) => a === b);

const out = {
  type: 'FeatureCollection',
  features: [
    { type: 'Feature', properties: { kind: 'land' }, geometry: tidy(land) },
    { type: 'Feature', properties: { kind: 'china' }, geometry: tidy(china) },
    { type: 'Feature', properties: { kind: 'border' }, geometry: tidy(borders) },
    { type: 'Feature', properties: { kind: 'china-outline' }, geometry: tidy(chinaBorder) },
  ],
};
const file = join(root, 'public/map/basemap.geojson');
mkdirSync(dirname(file), { recursive: true });
writeFileSync(file, JSON.stringify(out));
console.log(`basemap: ${file} (${(JSON.stringify(out).length / 1024).toFixed(0)} KB)`);
