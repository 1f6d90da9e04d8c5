import type { LonLat } from '../../shared/geo/fence';
import type { MapConfig } from '../../shared/geo/map-config';
import type { MapApi, MapProviderName } from './types';

export interface ViewState {
  center: LonLat;
  zoom: number;
}

/** One provider's live map inside a container: the MapApi plus what MapView needs to swap providers. */
export interface ProviderHandle {
  api: MapApi;
  getView(): ViewState;
  resize(): void;
  destroy(): void;
}

export type ProviderFactory = (container: HTMLElement, config: MapConfig, view: ViewState) => Promise<ProviderHandle>;

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
