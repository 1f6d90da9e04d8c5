import { readFileSync } from 'node:fs';

interface Region {
  name: string;
  cityList: { name: string; areaList: { name: string }[] }[];
}

let cache: Region[] | null | undefined;

/** The bundled region data the console's RegionSelector offers (public/data/regions.json); null when it is not there. */
function regions(): Region[] | null {
  if (cache !== undefined) return cache;
  try {
    cache = JSON.parse(readFileSync(new URL('../../../public/data/regions.json', import.meta.url), 'utf8')) as Region[];
  } catch {
    cache = null;
  }
  return cache;
}

/** Whether province / city / district name a place of the region data (each level optional, but only below a given one). */
export function isKnownRegion(province?: string | null, city?: string | null, district?: string | null): boolean {
  const all = regions();
  if (!all) return true;
  if (!province) return !city && !district;
  const p = all.find((r) => r.name === province);
  if (!p) return false;
  if (!city) return !district;
  const c = p.cityList.find((x) => x.name === city);
  if (!c) return false;
  return !district || c.areaList.some((a) => a.name === district);
}
