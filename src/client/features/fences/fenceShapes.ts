/**
 * Fences as map shapes, in the colours of docs/requirements/realtime-map-and-tracks.md#fences-on-the-map (circle #38f,
 * polygon #1791fc).
 */
import { FENCE_DEFAULTS, FENCE_SHAPE } from '../../../shared/geo/fence';
import type { DrawnShape, MapShape } from '../../map/types';
import type { ActiveFence } from './fences.queries';

export function drawnToMapShape(id: string, s: DrawnShape, label?: string): MapShape {
  return s.kind === 'circle'
    ? {
        id,
        kind: 'circle',
        center: s.center,
        radiusM: s.radiusM,
        style: { color: FENCE_DEFAULTS.circleColor, fillOpacity: 0.2 },
        label,
      }
    : { id, kind: 'polygon', ring: s.ring, style: { color: FENCE_DEFAULTS.polygonColor, fillOpacity: 0.2 }, label };
}

/** A stored fence's geometry; null when incomplete (never drawn broken). */
export function fenceDrawn(f: ActiveFence): DrawnShape | null {
  if (f.shape === FENCE_SHAPE.polygon)
    return f.points && f.points.length >= 3 ? { kind: 'polygon', ring: f.points } : null;
  if (f.radius === null || !Number.isFinite(f.longitude) || !Number.isFinite(f.latitude)) return null;
  return { kind: 'circle', center: [f.longitude, f.latitude], radiusM: f.radius };
}

export function fenceToMapShape(f: ActiveFence): MapShape | null {
  const drawn = fenceDrawn(f);
  return drawn && drawnToMapShape(String(f.id), drawn, f.name);
}

/** Area in square metres (planar, fences are small), to prefer the innermost of nested fences. */
export function fenceArea(s: DrawnShape): number {
  if (s.kind === 'circle') return Math.PI * s.radiusM ** 2;
  const r = s.ring;
  const twice = r.reduce((sum, p, i) => sum + p[0] * r[(i + 1) % r.length]![1] - r[(i + 1) % r.length]![0] * p[1], 0);
  const lat = r[0]?.[1] ?? 0;
  return (Math.abs(twice) / 2) * 111_320 ** 2 * Math.cos((lat * Math.PI) / 180);
}

/** Points that frame a shape (its ring, or the circle's bounding square). */
export function framePoints(s: DrawnShape): [number, number][] {
  if (s.kind === 'polygon') return s.ring;
  const dLat = s.radiusM / 111_320;
  const dLon = s.radiusM / (111_320 * Math.max(0.01, Math.cos((s.center[1] * Math.PI) / 180)));
  return [
    [s.center[0] - dLon, s.center[1] - dLat],
    [s.center[0] + dLon, s.center[1] + dLat],
  ];
}
