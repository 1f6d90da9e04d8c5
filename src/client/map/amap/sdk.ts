/**
 * Loads the AMap JS API 2.0 once, with the plugins the console uses. The SDK has no types of its
 * own: the few members used are typed loosely here. Untested here (no network, no key): written
 * against AMap's reference (Map, MarkerCluster, Circle, Polygon, Polyline, MouseTool, AutoComplete).
 */
import type { MapConfig } from '../../../shared/geo/map-config';

/* eslint-disable @typescript-eslint/no-explicit-any -- the SDK is untyped */
export type AMapNS = any;

let loading: Promise<AMapNS> | null = null;

export function loadAmap(config: Pick<MapConfig, 'amapKey' | 'amapSecurityCode'>): Promise<AMapNS> {
  if (!config.amapKey) return Promise.reject(new Error('AMap key not configured'));
  loading ??= (async () => {
    // The security code must be on window before the loader runs (AMap JS API 2.0, key + securityJsCode).
    if (config.amapSecurityCode) (window as any)._AMapSecurityConfig = { securityJsCode: config.amapSecurityCode };
    const { load } = await import('@amap/amap-jsapi-loader');
    return load({
      key: config.amapKey!,
      version: '2.0',
      plugins: ['AMap.MarkerCluster', 'AMap.MouseTool', 'AMap.AutoComplete', 'AMap.PlaceSearch', 'AMap.Geocoder'],
    });
  })().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
/* eslint-enable @typescript-eslint/no-explicit-any */
