import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Position } from '../../../shared/geo/positions';
import { useMapApi } from '../context';
import { mapDevicesQuery } from '../queries';
import { DevicePopup } from './DevicePopup';
import { Fleet } from './fleet';
import { useLivePositions } from './useLivePositions';

export interface DeviceMarkersLayerProps {
  /** Source/layer key on the map. */
  layer?: string;
  /** Show only this device (the /location screen). */
  only?: string;
  /** Keep this device in the centre as it moves. */
  follow?: string;
  /** Fit the view to all devices once they have loaded (the default view is a street at zoom 19). */
  fit?: boolean;
  /** Called after each live update with the devices that moved (for screens that list them). */
  onMoved?: (positions: Position[]) => void;
  /** A marker click opens the device popup (off where clicks on the map mean something else). */
  popup?: boolean;
}

/**
 * The tenant's devices as state-coloured markers, clustered when there are many, moved by live
 * positions without a reload. A click opens the device popup; it is the only thing drawn in DOM.
 */
export function DeviceMarkersLayer(props: DeviceMarkersLayerProps) {
  const { layer = 'devices', only, follow, fit, onMoved, popup = true } = props;
  const api = useMapApi();
  const { data } = useQuery(mapDevicesQuery);
  const fleet = useRef(new Fleet());
  const frame = useRef<number | null>(null);
  const fitted = useRef<unknown>(null);
  const [selected, setSelected] = useState<string | null>(null);

  const draw = useCallback(() => {
    frame.current = null;
    api?.setMarkers(layer, fleet.current.points(only), { cluster: !only });
  }, [api, layer, only]);

  useEffect(() => {
    if (!api || !data) return;
    fleet.current.reset(data);
    draw();
    const target = follow ? fleet.current.get(follow) : undefined;
    if (target) api.setView([target.lon, target.lat]);
    else if (fit && fitted.current !== api) {
      fitted.current = api;
      api.fitBounds(fleet.current.points().map((p) => p.lonLat));
    }
  }, [api, data, draw, follow, fit]);

  useEffect(() => {
    if (!api) return;
    if (popup) api.onMarkerClick((id) => setSelected(id));
    return () => {
      if (popup) api.onMarkerClick(null);
      api.clear(layer);
      if (frame.current !== null) cancelAnimationFrame(frame.current);
      frame.current = null;
    };
  }, [api, layer, popup]);

  useLivePositions((positions) => {
    if (!api || !fleet.current.merge(positions)) return;
    // Several pushes within one frame redraw once.
    frame.current ??= requestAnimationFrame(draw);
    const target = follow ? fleet.current.get(follow) : undefined;
    if (target && positions.some((p) => p.imei === follow)) api.setView([target.lon, target.lat]);
    onMoved?.(positions);
  });

  return selected ? <DevicePopup key={selected} imei={selected} onClose={() => setSelected(null)} /> : null;
}
