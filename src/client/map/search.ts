/// <reference types="google.maps" />
import type { LonLat } from '../../shared/geo/fence';
import { gcj02ToWgs84 } from '../../shared/geo/coords';
import { MAP_DEFAULTS, type MapConfig } from '../../shared/geo/map-config';
import type { Region } from '../components/RegionSelector';
import { cityView } from './cities';
import { loadAmap } from './amap/sdk';
import { googleLibrary } from './google/sdk';
import type { MapProviderName } from './types';

/** One search result: a place to fly to, or a device whose position is asked for on pick. */
export interface PlaceHit {
  key: string;
  label: string;
  detail?: string;
  center?: LonLat;
  zoom?: number;
  imei?: string;
}

export type PlaceSearchFn = (query: string, signal: AbortSignal) => Promise<PlaceHit[]>;
type DeviceSearch = (keyword: string, signal: AbortSignal) => Promise<{ imei: string; name: string | null }[]>;

const MAX_PLACES = 8;

/** Provinces and cities of the region data whose name contains the query (those with a known centre). */
export function searchRegions(regions: readonly Region[], query: string): PlaceHit[] {
  const q = query.trim();
  if (!q) return [];
  const hits: PlaceHit[] = [];
  for (const p of regions) {
    if (p.name.includes(q)) {
      const v = cityView(p.name, undefined, MAP_DEFAULTS.cityZoom);
      if (v) hits.push({ key: `region:${p.name}`, label: p.name, center: v.center, zoom: v.zoom });
    }
    for (const c of p.cityList) {
      if (!c.name.includes(q) || c.name === p.name) continue;
      const v = cityView(p.name, c.name, MAP_DEFAULTS.cityZoom);
      if (v)
        hits.push({ key: `region:${p.name}/${c.name}`, label: c.name, detail: p.name, center: v.center, zoom: v.zoom });
    }
  }
  return hits.slice(0, MAX_PLACES);
}

const deviceHits = async (devices: DeviceSearch, q: string, signal: AbortSignal): Promise<PlaceHit[]> =>
  (await devices(q, signal).catch(() => [])).map((d) => ({
    key: `device:${d.imei}`,
    label: d.name || d.imei,
    detail: d.imei,
    imei: d.imei,
  }));

/** AMap AutoComplete, nationwide (docs/requirements/realtime-map-and-tracks.md#map-services); tips come in GCJ-02. */
async function amapPlaces(config: MapConfig, q: string): Promise<PlaceHit[]> {
  const AMap = await loadAmap(config);
  const auto = new AMap.AutoComplete({ city: '全国' });
  return new Promise((resolve) => {
    auto.search(
      q,
      (
        status: string,
        result: {
          tips?: {
            id?: string;
            name: string;
            district?: string;
            location?: { getLng(): number; getLat(): number } | '';
          }[];
        },
      ) => {
        if (status !== 'complete') return resolve([]);
        resolve(
          (result.tips ?? [])
            .filter((t) => t.location)
            .slice(0, MAX_PLACES)
            .map((t, i) => {
              const loc = t.location as { getLng(): number; getLat(): number };
              return {
                key: `amap:${t.id ?? i}`,
                label: t.name,
                detail: t.district,
                center: gcj02ToWgs84([loc.getLng(), loc.getLat()]),
                zoom: 16,
              };
            }),
        );
      },
    );
  });
}

/** Google Places text search (docs/requirements/realtime-map-and-tracks.md#map-services). */
async function googlePlaces(config: MapConfig, q: string): Promise<PlaceHit[]> {
  const { Place } = await googleLibrary(config, 'places');
  const { places } = await Place.searchByText({
    textQuery: q,
    fields: ['displayName', 'location', 'formattedAddress'],
    maxResultCount: MAX_PLACES,
  });
  return places
    .filter((p) => p.location)
    .map((p) => ({
      key: `google:${p.id}`,
      label: p.displayName ?? '',
      detail: p.formattedAddress ?? undefined,
      center: [p.location!.lng(), p.location!.lat()] as LonLat,
      zoom: 16,
    }));
}

/**
 * The search behind the map's search box: the commercial provider's place search when that
 * provider is shown, else the region names; the tenant's devices by name or IMEI always.
 */
export function placeSearch(
  config: MapConfig,
  provider: MapProviderName,
  regions: () => Promise<Region[]>,
  devices: DeviceSearch,
): PlaceSearchFn {
  return async (query, signal) => {
    const q = query.trim();
    if (!q) return [];
    const places =
      provider === 'amap' && config.amapKey
        ? amapPlaces(config, q).catch(() => [])
        : provider === 'google' && config.googleKey
          ? googlePlaces(config, q).catch(() => [])
          : regions().then(
              (r) => searchRegions(r, q),
              () => [],
            );
    const [p, d] = await Promise.all([places, deviceHits(devices, q, signal)]);
    return [...p, ...d];
  };
}
