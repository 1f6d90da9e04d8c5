/**
 * Pure geometry of the drawing tools: circles as rings on the sphere, handle positions, and the
 * pixel tests that turn pointer events into "on this handle" / "a real drag" decisions.
 */
import { distanceM, type LonLat } from '../../../shared/geo/fence';

export type Px = readonly [x: number, y: number];

const EARTH_R = 6_371_008.8;
const rad = (d: number) => (d * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;

/** Below this many pixels a press-and-release is a click, not a drag (MapLibre's own tolerance is 3). */
export const CLICK_SLOP_PX = 4;
/** A pointer this close to a handle grabs it. */
const HANDLE_HIT_PX = 10;
/** Vertices of the ring that draws a circle. */
const CIRCLE_STEPS = 64;

/** The point `distance` metres from `from` along the initial `bearing` (degrees from north). */
export function destination(from: LonLat, bearing: number, distance: number): LonLat {
  const d = distance / EARTH_R;
  const b = rad(bearing);
  const lat1 = rad(from[1]);
  const lon1 = rad(from[0]);
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
  const lon2 =
    lon1 + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  return [((deg(lon2) + 540) % 360) - 180, deg(lat2)];
}

/** Closed ring approximating the circle, so the drawn outline matches what the service evaluates. */
export function circleRing(center: LonLat, radiusM: number, steps = CIRCLE_STEPS): LonLat[] {
  const ring: LonLat[] = [];
  for (let i = 0; i < steps; i++) ring.push(destination(center, (360 * i) / steps, radiusM));
  ring.push(ring[0]!);
  return ring;
}

/** Where the radius handle sits: due east of the centre, on the outline. */
export function radiusHandle(center: LonLat, radiusM: number): LonLat {
  return destination(center, 90, radiusM);
}

export function pxDistance(a: Px, b: Px): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1]);
}

/** Radius from the centre to the pointer, whole metres, never zero (the service refuses 0). */
export function radiusTo(center: LonLat, at: LonLat): number {
  return Math.max(1, Math.round(distanceM(center, at)));
}

/** Index of the handle nearest to `at` within HANDLE_HIT_PX, or -1. */
export function hitHandle(handles: readonly Px[], at: Px): number {
  let best = -1;
  let bestD = HANDLE_HIT_PX;
  handles.forEach((h, i) => {
    const d = pxDistance(h, at);
    if (d <= bestD) {
      best = i;
      bestD = d;
    }
  });
  return best;
}

/** Six decimals is ~0.1 m: plenty for a fence, and keeps bodies and snapshots readable. */
export function roundLonLat(p: LonLat): LonLat {
  return [Math.round(p[0] * 1e6) / 1e6, Math.round(p[1] * 1e6) / 1e6];
}
