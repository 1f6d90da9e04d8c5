/// <reference types="google.maps" />
/**
 * Loads the Google Maps JS API once through @googlemaps/js-api-loader's functional API
 * (setOptions + importLibrary). Untested here: no network and no key on this machine.
 */
import type { MapConfig } from '../../../shared/geo/map-config';

let configured = false;

export async function googleLibrary<K extends keyof google.maps.ImportLibraryMap>(
  config: Pick<MapConfig, 'googleKey'>,
  name: K,
): Promise<google.maps.ImportLibraryMap[K]> {
  if (!config.googleKey) throw new Error('Google Maps key not configured');
  const { importLibrary, setOptions } = await import('@googlemaps/js-api-loader');
  if (!configured) {
    setOptions({ key: config.googleKey, v: 'weekly', language: 'zh-CN' });
    configured = true;
  }
  return importLibrary(name);
}
