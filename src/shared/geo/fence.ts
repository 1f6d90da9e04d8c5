/**
 * Geofences (docs/requirements/entities.md#geofence, docs/requirements/states-and-codes.md#fences,
 * docs/requirements/realtime-map-and-tracks.md#fences-on-the-map): the fields the service takes
 * on `POST /api/device/fence/add|update`, the code tables, and the geometry both sides evaluate.
 * Coordinates are WGS-84 (lon, lat) everywhere; providers that need GCJ-02 convert at their edge.
 */

/** docs/requirements/states-and-codes.md#fences: fence type 0 key fence, 1 electronic fence. */
export const FENCE_TYPE = { key: 0, electronic: 1 } as const;
/** docs/requirements/states-and-codes.md#fences: fence shape 0 circle, 1 polygon. */
export const FENCE_SHAPE = { circle: 0, polygon: 1 } as const;
/** docs/requirements/states-and-codes.md#fences: fence state 0 disabled, 1 enabled. */
export const FENCE_STATUS = { disabled: 0, enabled: 1 } as const;

export const FENCE_TYPE_TABLE = [
  { value: FENCE_TYPE.key, cn: '重点围栏', en: 'Key fence' },
  { value: FENCE_TYPE.electronic, cn: '电子围栏', en: 'Electronic fence' },
] as const;
export const FENCE_SHAPE_TABLE = [
  { value: FENCE_SHAPE.circle, cn: '圆形', en: 'Circle' },
  { value: FENCE_SHAPE.polygon, cn: '多边形', en: 'Polygon' },
] as const;
export const FENCE_STATUS_TABLE = [
  { value: FENCE_STATUS.enabled, cn: '启用', en: 'Enabled' },
  { value: FENCE_STATUS.disabled, cn: '禁用', en: 'Disabled' },
] as const;

/**
 * docs/requirements/realtime-map-and-tracks.md#fences-on-the-map: circle default radius 100 m, stroke/fill #38f;
 * polygon colour #1791fc.
 */
export const FENCE_DEFAULTS = { radius: 100, circleColor: '#38f', polygonColor: '#1791fc' } as const;
export const MAX_FENCE_RADIUS_M = 50_000;
/**
 * Dwell (docs/fences.md "Dwell"): seconds a device must stay beyond a fence's boundary before the
 * crossing is raised. A fence's own `dwell` (0 = at once), else the service's FENCE_DWELL_S.
 */
export const DEFAULT_FENCE_DWELL_S = 30;
export const MAX_FENCE_DWELL_S = 3_600;
export const MAX_POLYGON_POINTS = 500;

export type LonLat = [lon: number, lat: number];

/** A fence as the evaluator and the map need it. */
export interface FenceGeometry {
  id: number;
  shape: number;
  /** Circle centre, or the polygon's centroid. */
  lon: number;
  lat: number;
  radius: number | null;
  /** Open ring (no repeated closing point). */
  points: LonLat[] | null;
}

const EARTH_R = 6_371_008.8;
const rad = (d: number) => (d * Math.PI) / 180;

/** Great-circle distance in metres (haversine). */
export function distanceM(a: LonLat, b: LonLat): number {
  const dLat = rad(b[1] - a[1]);
  const dLon = rad(b[0] - a[0]);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a[1])) * Math.cos(rad(b[1])) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_R * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function openRing(r: readonly LonLat[]): LonLat[] {
  const first = r[0];
  const last = r[r.length - 1];
  return r.length > 1 && first && last && first[0] === last[0] && first[1] === last[1] ? r.slice(0, -1) : [...r];
}

export function distinctPoints(r: readonly LonLat[]): number {
  return new Set(r.map((p) => `${p[0]},${p[1]}`)).size;
}

/** Ray casting on lon/lat (fences are small: planar is exact enough). A point on an edge counts as inside. */
export function pointInRing(p: LonLat, ring: readonly LonLat[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (onSegment(p, ring[j]!, ring[i]!)) return true;
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function onSegment(p: LonLat, a: LonLat, b: LonLat): boolean {
  const cross = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
  if (Math.abs(cross) > 1e-12) return false;
  return (
    p[0] >= Math.min(a[0], b[0]) &&
    p[0] <= Math.max(a[0], b[0]) &&
    p[1] >= Math.min(a[1], b[1]) &&
    p[1] <= Math.max(a[1], b[1])
  );
}

function segmentsCross(a: LonLat, b: LonLat, c: LonLat, d: LonLat): boolean {
  const o = (p: LonLat, q: LonLat, r: LonLat) =>
    Math.sign((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]));
  return o(a, b, c) * o(a, b, d) < 0 && o(c, d, a) * o(c, d, b) < 0;
}

/** Proper crossings of non-adjacent edges (O(n²); rings are at most MAX_POLYGON_POINTS). */
export function selfIntersects(ring: readonly LonLat[]): boolean {
  const n = ring.length;
  for (let i = 0; i < n; i++) {
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue;
      if (segmentsCross(ring[i]!, ring[(i + 1) % n]!, ring[j]!, ring[(j + 1) % n]!)) return true;
    }
  }
  return false;
}

/** Whether a WGS-84 point is inside the fence (the boundary counts as inside). */
export function insideFence(f: FenceGeometry, p: LonLat): boolean {
  if (f.shape === FENCE_SHAPE.circle) return f.radius !== null && distanceM([f.lon, f.lat], p) <= f.radius;
  return f.points !== null && pointInRing(p, f.points);
}

/** Bounding box [minLon, minLat, maxLon, maxLat] for a spatial index. */
export function fenceBBox(f: FenceGeometry): [number, number, number, number] {
  if (f.shape === FENCE_SHAPE.circle && f.radius !== null) {
    // Metres per degree on the sphere distanceM uses, with 1 % to spare: a box a hair too small
    // would hide a fence from a point inside its edge (111,320 m/degree lost 56 m at 50 km).
    const mPerDeg = (EARTH_R * Math.PI) / 180 / 1.01;
    const dLat = f.radius / mPerDeg;
    const dLon = f.radius / (mPerDeg * Math.max(0.01, Math.cos(rad(f.lat))));
    return [f.lon - dLon, f.lat - dLat, f.lon + dLon, f.lat + dLat];
  }
  const pts = f.points ?? [[f.lon, f.lat]];
  return [
    Math.min(...pts.map((p) => p[0])),
    Math.min(...pts.map((p) => p[1])),
    Math.max(...pts.map((p) => p[0])),
    Math.max(...pts.map((p) => p[1])),
  ];
}
