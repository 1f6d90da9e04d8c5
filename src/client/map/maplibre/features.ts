import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { stateColor } from '../markerStyle';
import { circleRing } from './draw-geometry';
import type { MapShape, MarkerPoint, TrackLine } from '../types';
import type { LonLat } from '../../../shared/geo/fence';

type Props = Record<string, string | number>;
const collection = (features: Feature<Geometry, Props>[]): FeatureCollection<Geometry, Props> => ({
  type: 'FeatureCollection',
  features,
});

/** Markers as points; the colour is computed here so the paint expression stays a plain lookup. */
export function markerFeatures(points: readonly MarkerPoint[]) {
  return collection(
    points.map((p) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [p.lonLat[0], p.lonLat[1]] },
      properties: { id: p.id, state: p.state, color: stateColor(p.state), label: p.label ?? '' },
    })),
  );
}

export function shapeFeatures(shapes: readonly MapShape[]) {
  return collection(
    shapes.map((s) => ({
      type: 'Feature',
      geometry: {
        type: 'Polygon',
        coordinates: [s.kind === 'circle' ? circleRing(s.center, s.radiusM) : closeRing(s.ring)],
      },
      properties: { id: s.id, color: s.style.color, opacity: s.style.fillOpacity ?? 0.2, label: s.label ?? '' },
    })),
  );
}

export function lineFeatures(line: TrackLine | null) {
  if (!line || line.points.length < 2) return collection([]);
  return collection([
    {
      type: 'Feature',
      geometry: { type: 'LineString', coordinates: line.points.map((p) => [p[0], p[1]]) },
      properties: { id: line.id, color: line.color },
    },
  ]);
}

export function cursorFeatures(at: LonLat | null, label?: string) {
  if (!at) return collection([]);
  return collection([
    { type: 'Feature', geometry: { type: 'Point', coordinates: [at[0], at[1]] }, properties: { label: label ?? '' } },
  ]);
}

function closeRing(ring: LonLat[]): LonLat[] {
  if (ring.length === 0) return ring;
  const [first, last] = [ring[0]!, ring[ring.length - 1]!];
  return first[0] === last[0] && first[1] === last[1] ? ring : [...ring, first];
}
