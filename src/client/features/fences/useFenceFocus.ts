import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { MapApi } from '../../map/types';
import { framePoints } from './fenceShapes';
import { shapeOf } from './fenceForm';
import { type FenceFormValues } from './fenceValues';
import { devicePositionQuery } from './fences.queries';

/** Zoom used when the map jumps to a device, close enough to draw a 100 m circle around it. */
const DEVICE_ZOOM = 17;

/**
 * Where the editor's map looks: at the fence when one is loaded (once per map), else at the
 * first assigned device once it is chosen, so a new fence is drawn where that device is.
 */
export function useFenceFocus(api: MapApi | null, values: FenceFormValues): void {
  const framed = useRef<MapApi | null>(null);
  const shape = shapeOf(values);
  // Only the fence as loaded is framed: a shape drawn now is already in view.
  const loaded = useRef(shape).current;
  const imei = values.imeis[0];
  const position = useQuery({ ...devicePositionQuery(imei ?? ''), enabled: Boolean(imei) && !shape });

  useEffect(() => {
    if (!api || framed.current === api || !loaded) return;
    framed.current = api;
    api.fitBounds(framePoints(loaded), 60);
  }, [api, loaded]);

  const lat = position.data?.lat;
  const lon = position.data?.lon;
  useEffect(() => {
    if (!api || shape || lat == null || lon == null) return;
    api.setView([lon, lat], DEVICE_ZOOM);
    // Only a new device position moves the map; later form edits must not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, lat, lon]);
}
