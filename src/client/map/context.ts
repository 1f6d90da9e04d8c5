import { createContext, useContext } from 'react';
import type { MapApi } from './types';

/** The one map of the screen; null until its provider has loaded. */
export const MapApiContext = createContext<MapApi | null>(null);

/** The screen's map. Layer components call it and re-run their effects when the provider changes. */
export function useMapApi(): MapApi | null {
  return useContext(MapApiContext);
}
