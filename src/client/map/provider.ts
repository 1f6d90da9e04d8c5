import type { MapProviderName, ProviderFactory } from './types';

/** Each provider's code (and SDK) loads only when that provider is shown. */
export async function loadProvider(name: MapProviderName): Promise<ProviderFactory> {
  switch (name) {
    case 'amap':
      return (await import('./amap/adapter')).createAmap;
    case 'google':
      return (await import('./google/adapter')).createGoogle;
    default:
      return (await import('./maplibre/adapter')).createMapLibre;
  }
}
