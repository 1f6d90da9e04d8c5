import { queryOptions } from '@tanstack/react-query';
import { FALLBACK_MAP_CONFIG, MAP_PROVIDERS, type MapConfig } from '../../shared/geo/map-config';
import { getToken } from '../lib/session';

const isLonLat = (v: unknown): v is [number, number] =>
  Array.isArray(v) && v.length === 2 && v.every((n) => typeof n === 'number' && Number.isFinite(n));
const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/** Reads an answer defensively: anything missing or malformed takes the offline default. */
function normalizeMapConfig(raw: unknown): MapConfig {
  const data = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const keys = {
    amapKey: str(data.amapKey),
    amapSecurityCode: str(data.amapSecurityCode),
    googleKey: str(data.googleKey),
  };
  const providers = FALLBACK_MAP_CONFIG.providers.slice();
  if (keys.amapKey) providers.push('amap');
  if (keys.googleKey) providers.push('google');
  const provider = MAP_PROVIDERS.find((p) => p === data.provider && providers.includes(p)) ?? 'maplibre';
  return {
    ...FALLBACK_MAP_CONFIG,
    provider,
    providers,
    styleUrl: str(data.styleUrl) ?? null,
    tileUrl: str(data.tileUrl) ?? null,
    ...Object.fromEntries(Object.entries(keys).filter(([, v]) => v)),
    center: isLonLat(data.center) ? data.center : FALLBACK_MAP_CONFIG.center,
    zoom: typeof data.zoom === 'number' && data.zoom >= 0 && data.zoom <= 22 ? data.zoom : FALLBACK_MAP_CONFIG.zoom,
  };
}

/**
 * `GET /api/map/config`. The map must open offline too, so a failed call (no network, an old
 * service, a refused session) is not an error here: it yields the offline MapLibre default.
 */
export async function fetchMapConfig(fetchImpl: typeof fetch = fetch, token = getToken()): Promise<MapConfig> {
  try {
    const response = await fetchImpl('/api/map/config', {
      headers: { Accept: 'application/json', ...(token ? { Authorization: token } : {}) },
    });
    if (!response.ok) return normalizeMapConfig(null);
    const body = (await response.json()) as { code?: unknown; data?: unknown };
    return normalizeMapConfig(body.code === 0 || body.code === '0' ? body.data : null);
  } catch {
    return normalizeMapConfig(null);
  }
}

export const mapConfigQuery = queryOptions({
  queryKey: ['map', 'config'],
  queryFn: () => fetchMapConfig(),
  staleTime: 5 * 60_000,
});
