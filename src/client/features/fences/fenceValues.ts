/**
 * The fence editor's values: empty, or read from a stored fence. Apart from fenceForm.ts (the
 * rules and the service body, checked with zod) because the route loader needs them on first load.
 */
import {
  FENCE_DEFAULTS,
  FENCE_SHAPE,
  FENCE_STATUS,
  FENCE_TYPE,
  openRing,
  type LonLat,
} from '../../../shared/geo/fence';

export interface FenceFormValues {
  name: string;
  type: number;
  shape: number;
  status: number;
  /** Metres; null while the field is empty. */
  radius: number | null;
  /** Seconds beyond the boundary before a crossing is raised; null: the service's default. */
  dwell: number | null;
  longitude: number | null;
  latitude: number | null;
  /** Open ring of a polygon. */
  points: LonLat[] | null;
  description: string;
  imeis: string[];
  groupIds: number[];
}

export const emptyFence = (): FenceFormValues => ({
  name: '',
  type: FENCE_TYPE.electronic,
  shape: FENCE_SHAPE.circle,
  status: FENCE_STATUS.enabled,
  radius: FENCE_DEFAULTS.radius,
  dwell: null,
  longitude: null,
  latitude: null,
  points: null,
  description: '',
  imeis: [],
  groupIds: [],
});

const num = (v: unknown): number | null =>
  v === null || v === undefined || v === '' || !Number.isFinite(Number(v)) ? null : Number(v);

/** A stored ring arrives as an array, or as JSON text from older rows. */
export function parsePoints(v: unknown): LonLat[] | null {
  let value = v;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!Array.isArray(value)) return null;
  const ring = value.filter(
    (p): p is LonLat => Array.isArray(p) && p.length >= 2 && p.every((c) => typeof c === 'number'),
  );
  return ring.length >= 3 ? openRing(ring.map((p) => [p[0], p[1]] as LonLat)) : null;
}

/** Values of an existing fence (its row from fence/get and its assignments from fence/devices). */
export function valuesOf(
  row: Record<string, unknown>,
  assigned?: { imeis?: string[]; groupIds?: number[] },
): FenceFormValues {
  const base = emptyFence();
  return {
    name: typeof row.name === 'string' ? row.name : '',
    type: num(row.type) ?? base.type,
    shape: num(row.shape) ?? base.shape,
    status: num(row.status) ?? base.status,
    radius: num(row.radius),
    dwell: num(row.dwell),
    longitude: num(row.longitude),
    latitude: num(row.latitude),
    points: parsePoints(row.points),
    description: typeof row.description === 'string' ? row.description : '',
    imeis: assigned?.imeis ?? [],
    groupIds: assigned?.groupIds ?? [],
  };
}
