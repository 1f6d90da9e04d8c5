import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { insideFence, type LonLat } from '../../../shared/geo/fence';
import { useMapApi } from '../../map/context';
import type { MapApi } from '../../map/types';
import { fenceArea, fenceDrawn, fenceToMapShape, framePoints } from './fenceShapes';
import { activeFencesQuery, type ActiveFence } from './fences.queries';

/** The fence under a click: the smallest of those containing it (nested fences stay reachable). */
export function fenceAt(fences: readonly ActiveFence[], at: LonLat): ActiveFence | null {
  const geometry = (f: ActiveFence) => ({
    id: f.id,
    shape: f.shape,
    lon: f.longitude,
    lat: f.latitude,
    radius: f.radius,
    points: f.points,
  });
  const area = (f: ActiveFence) => {
    const drawn = fenceDrawn(f);
    return drawn ? fenceArea(drawn) : Infinity;
  };
  const hits = fences.filter((f) => insideFence(geometry(f), at));
  return hits.sort((a, b) => area(a) - area(b))[0] ?? null;
}

/**
 * Every enabled fence of the tenant on the map, framed once when they first arrive; a click
 * inside one selects it. Renders nothing.
 */
export function FencesLayer({ onSelect }: { onSelect: (id: number | null) => void }) {
  const api = useMapApi();
  const { data: fences } = useQuery(activeFencesQuery());
  const select = useRef(onSelect);
  select.current = onSelect;
  const framed = useRef<MapApi | null>(null);

  useEffect(() => {
    if (!api || !fences?.length || framed.current === api) return;
    framed.current = api;
    api.fitBounds(
      fences.flatMap((f) => {
        const drawn = fenceDrawn(f);
        return drawn ? framePoints(drawn) : [];
      }),
      60,
    );
  }, [api, fences]);

  useEffect(() => {
    if (!api || !fences) return;
    api.setShapes(
      'fences',
      fences.map(fenceToMapShape).filter((s) => s !== null),
    );
    api.onClick((at) => select.current(fenceAt(fences, at)?.id ?? null));
    return () => {
      api.onClick(null);
      api.clear('fences');
    };
  }, [api, fences]);
  return null;
}
