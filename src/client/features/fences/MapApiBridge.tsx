import { useEffect } from 'react';
import { useMapApi } from '../../map/context';
import type { MapApi } from '../../map/types';

/**
 * Hands the map's API to a panel outside the map (the fence form sits beside it, not on it).
 * Renders nothing, like the other layers; reports null again when the map goes away.
 */
export function MapApiBridge({ onApi }: { onApi: (api: MapApi | null) => void }) {
  const api = useMapApi();
  useEffect(() => {
    onApi(api);
    return () => onApi(null);
  }, [api, onApi]);
  return null;
}
