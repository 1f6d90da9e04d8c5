import {
  distanceM,
  FENCE_SHAPE,
  insideFence,
  pointInRing,
  type FenceGeometry,
  type LonLat,
} from '../../shared/geo/fence';

/** Boundary margins (docs/fences.md): a fix must be this far beyond the boundary to change state. */
const MIN_MARGIN_M = 5;
/** A fix this vague (LBS, Wi-Fi) changes nothing near a boundary anyway; capping keeps the index query small. */
export const MAX_MARGIN_M = 100;

const M_PER_DEG = (Math.PI / 180) * 6_371_008.8;

/** The margin for a fix of this accuracy (metres). */
export function marginFor(accuracy: number | undefined): number {
  return Math.min(MAX_MARGIN_M, Math.max(MIN_MARGIN_M, accuracy ?? 0));
}

/** Metres from `p` to the segment a-b, on a local flat projection centred on `p` (fences are small). */
function segmentDistanceM(p: LonLat, a: LonLat, b: LonLat, kx: number): number {
  const ax = (a[0] - p[0]) * kx;
  const ay = (a[1] - p[1]) * M_PER_DEG;
  const bx = (b[0] - p[0]) * kx;
  const by = (b[1] - p[1]) * M_PER_DEG;
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len2));
  return Math.hypot(ax + t * dx, ay + t * dy);
}

/** Metres from `p` to the fence's boundary (either side). */
function boundaryDistanceM(f: FenceGeometry, p: LonLat): number {
  if (f.shape === FENCE_SHAPE.circle) return Math.abs(distanceM([f.lon, f.lat], p) - (f.radius ?? 0));
  const ring = f.points ?? [];
  const kx = M_PER_DEG * Math.cos((p[1] * Math.PI) / 180);
  let best = Infinity;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++)
    best = Math.min(best, segmentDistanceM(p, ring[j]!, ring[i]!, kx));
  return best;
}

/**
 * How deep inside a fence a fix can be at most, roughly: the radius, or the centroid's distance
 * to the ring. The inward margin is capped at half of it, so a fence smaller than the margin can
 * still be entered.
 */
export function insetM(f: FenceGeometry): number {
  if (f.shape === FENCE_SHAPE.circle) return f.radius ?? 0;
  const c: LonLat = [f.lon, f.lat];
  return f.points && pointInRing(c, f.points) ? boundaryDistanceM(f, c) : 0;
}

export interface Observation {
  /** insideFence: the boundary counts as inside. */
  inside: boolean;
  /** Beyond the boundary by the margin (inwards: by min(margin, inset / 2)): enough to change a known state. */
  clear: boolean;
}

export function observe(f: FenceGeometry & { inset: number }, p: LonLat, marginM: number): Observation {
  const inside = insideFence(f, p);
  const need = inside ? Math.min(marginM, f.inset / 2) : marginM;
  return { inside, clear: boundaryDistanceM(f, p) >= need };
}

/** The query box around a fix: its margin in degrees, so a fence it misses is clearly outside. */
export function marginBox(p: LonLat, marginM: number) {
  const dLat = marginM / M_PER_DEG;
  const dLon = marginM / (M_PER_DEG * Math.max(0.01, Math.cos((p[1] * Math.PI) / 180)));
  return { minX: p[0] - dLon, minY: p[1] - dLat, maxX: p[0] + dLon, maxY: p[1] + dLat };
}
