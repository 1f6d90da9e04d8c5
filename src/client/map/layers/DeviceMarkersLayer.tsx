import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { DeviceKind } from '../../../shared/devices/kinds';
import type { MapDevice } from '../../../shared/geo/map-config';
import type { Position } from '../../../shared/geo/positions';
import { useMapApi } from '../context';
import { FIX_COLORS, accuracyShapes } from '../accuracy';
import { mapDevicesQuery, mapLocationsQuery } from '../queries';
import { DevicePopup } from './DevicePopup';
import { Fleet } from './fleet';
import { useLivePositions } from './useLivePositions';

interface DeviceMarkersLayerProps {
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
  /** Only devices of these kinds (a scenario dashboard's map). */
  kinds?: readonly string[];
  /**
   * /locations_jf: the devices of this kind at their newest fix whatever its source (GPS, LBS,
   * Wi-Fi), each with its accuracy circle coloured by source.
   */
  accuracyOf?: DeviceKind;
  /** Called with every device after a load or a live update (for screens that list them). */
  onFleet?: (devices: MapDevice[]) => void;
}

/**
 * The tenant's devices as state-coloured markers, clustered when there are many, moved by live
 * positions without a reload. A click opens the device popup; it is the only thing drawn in DOM.
 */
export function DeviceMarkersLayer(props: DeviceMarkersLayerProps) {
  const { layer = 'devices', only, follow, fit, onMoved, popup = true, kinds, accuracyOf, onFleet } = props;
  const api = useMapApi();
  const { data } = useQuery(accuracyOf ? mapLocationsQuery(accuracyOf) : mapDevicesQuery);
  const fleet = useRef(new Fleet(accuracyOf !== undefined));
  const fleetChanged = useRef(onFleet);
  fleetChanged.current = onFleet;
  const frame = useRef<number | null>(null);
  const fitted = useRef<unknown>(null);
  const [selected, setSelected] = useState<string | null>(null);

  const draw = useCallback(() => {
    frame.current = null;
    api?.setMarkers(layer, fleet.current.points(only, kinds), { cluster: !only && !accuracyOf });
    if (accuracyOf) api?.setShapes(`${layer}-accuracy`, accuracyShapes(fleet.current.list(), FIX_COLORS));
    fleetChanged.current?.(fleet.current.list());
  }, [api, layer, only, kinds, accuracyOf]);

  useEffect(() => {
    if (!api || !data) return;
    fleet.current.reset(data);
    draw();
    const target = follow ? fleet.current.get(follow) : undefined;
    if (target) api.setView([target.lon, target.lat]);
    else if (fit && fitted.current !== api) {
      fitted.current = api;
      api.fitBounds(fleet.current.points(undefined, kinds).map((p) => p.lonLat));
    }
  }, [api, data, draw, follow, fit, kinds]);

  useEffect(() => {
    if (!api) return;
    if (popup) api.onMarkerClick((id) => setSelected(id));
    return () => {
      if (popup) api.onMarkerClick(null);
      api.clear(layer);
      api.clear(`${layer}-accuracy`);
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
