/**
 * The fence editor's values and the rules between them, the drawn shape and the service body.
 * Pure, so the form, the map and the tests share one definition: the body carries the field
 * names of docs/requirements/entities.md#geofence (name, type, shape, status, radius, longitude, latitude,
 * description) plus points and imeis/groupIds, and is checked with the same schema the service validates with.
 */
import {
  FENCE_DEFAULTS,
  FENCE_SHAPE,
  FENCE_STATUS,
  FENCE_TYPE,
  fenceAddBody,
  fenceUpdateBody,
  openRing,
  type LonLat,
} from '../../../shared/geo/fence';
import { fieldErrors } from '../../lib/formErrors';
import type { DrawnShape } from '../../map/types';

export interface FenceFormValues {
  name: string;
  type: number;
  shape: number;
  status: number;
  /** Metres; null while the field is empty. */
  radius: number | null;
  longitude: number | null;
  latitude: number | null;
  /** Open ring of a polygon. */
  points: LonLat[] | null;
  description: string;
  imeis: string[];
  groupIds: number[];
}

/** Where an error shows: a form field, or 'geometry' under the drawing buttons. */
export type FenceErrorField = 'name' | 'type' | 'shape' | 'status' | 'radius' | 'description' | 'imeis' | 'groupIds' | 'geometry';
export type FenceErrors = Partial<Record<FenceErrorField, string>>;

export const emptyFence = (): FenceFormValues => ({
  name: '',
  type: FENCE_TYPE.electronic,
  shape: FENCE_SHAPE.circle,
  status: FENCE_STATUS.enabled,
  radius: FENCE_DEFAULTS.radius,
  longitude: null,
  latitude: null,
  points: null,
  description: '',
  imeis: [],
  groupIds: [],
});

const num = (v: unknown): number | null => (v === null || v === undefined || v === '' || !Number.isFinite(Number(v)) ? null : Number(v));

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
  const ring = value.filter((p): p is LonLat => Array.isArray(p) && p.length >= 2 && p.every((c) => typeof c === 'number'));
  return ring.length >= 3 ? openRing(ring.map((p) => [p[0], p[1]] as LonLat)) : null;
}

/** Values of an existing fence (its row from fence/get and its assignments from fence/devices). */
export function valuesOf(row: Record<string, unknown>, assigned?: { imeis?: string[]; groupIds?: number[] }): FenceFormValues {
  const base = emptyFence();
  return {
    name: typeof row.name === 'string' ? row.name : '',
    type: num(row.type) ?? base.type,
    shape: num(row.shape) ?? base.shape,
    status: num(row.status) ?? base.status,
    radius: num(row.radius),
    longitude: num(row.longitude),
    latitude: num(row.latitude),
    points: parsePoints(row.points),
    description: typeof row.description === 'string' ? row.description : '',
    imeis: assigned?.imeis ?? [],
    groupIds: assigned?.groupIds ?? [],
  };
}

/** The shape the values describe, for the map; null until there is one to draw. */
export function shapeOf(v: FenceFormValues): DrawnShape | null {
  if (v.shape === FENCE_SHAPE.polygon) return v.points && v.points.length >= 3 ? { kind: 'polygon', ring: v.points } : null;
  if (v.longitude === null || v.latitude === null) return null;
  return { kind: 'circle', center: [v.longitude, v.latitude], radiusM: v.radius && v.radius > 0 ? v.radius : FENCE_DEFAULTS.radius };
}

/** The values after the user drew or edited a shape (the radius field follows the circle). */
export function withShape(v: FenceFormValues, s: DrawnShape): FenceFormValues {
  if (s.kind === 'circle') return { ...v, shape: FENCE_SHAPE.circle, longitude: s.center[0], latitude: s.center[1], radius: s.radiusM };
  return { ...v, shape: FENCE_SHAPE.polygon, points: s.ring };
}

/** The `fence/add` or `fence/update` body; geometry of the other shape is left out. */
export function bodyOf(v: FenceFormValues, id?: number): Record<string, unknown> {
  const circle = v.shape === FENCE_SHAPE.circle;
  const description = v.description.trim();
  return {
    ...(id !== undefined ? { id } : {}),
    name: v.name.trim(),
    type: v.type,
    shape: v.shape,
    status: v.status,
    ...(circle
      ? { radius: v.radius ?? undefined, longitude: v.longitude ?? undefined, latitude: v.latitude ?? undefined }
      : { points: v.points ?? undefined }),
    ...(description ? { description } : {}),
    imeis: v.imeis,
    groupIds: v.groupIds,
  };
}

const GEOMETRY_FIELDS = new Set(['longitude', 'latitude', 'points']);
const FORM_FIELDS = new Set(['name', 'type', 'shape', 'status', 'radius', 'description', 'imeis', 'groupIds']);
/** The geometry error of a fence with nothing drawn yet (the screen words it). */
export const SHAPE_REQUIRED = 'shapeRequired';

/** Client-side check with the service's own schema; geometry problems go under the drawing tools. */
export function validateFence(v: FenceFormValues, id?: number): FenceErrors {
  const body = bodyOf(v, id);
  const found = fieldErrors<string>(id !== undefined ? fenceUpdateBody : fenceAddBody, body);
  const errors: FenceErrors = {};
  for (const [field, message] of Object.entries(found)) {
    const target = (GEOMETRY_FIELDS.has(field) ? 'geometry' : field) as FenceErrorField;
    if (message && !errors[target]) errors[target] = target === 'geometry' && message === 'required' ? SHAPE_REQUIRED : message;
  }
  return errors;
}

/**
 * Which field a service refusal belongs to. The envelope's text starts with the field
 * ("imeis: ..."), the key says what is wrong; unknown ones stay with the form as a whole.
 */
export function serviceErrorField(key: string | undefined, text: string): FenceErrorField | null {
  const field = /^\s*([a-zA-Z]+)(?:\.\d+)*\s*:/.exec(text)?.[1];
  if (field && GEOMETRY_FIELDS.has(field)) return 'geometry';
  if (field && FORM_FIELDS.has(field)) return field as FenceErrorField;
  switch (key) {
    case 'fenceNameRequired':
    case 'duplicateName':
      return 'name';
    case 'lonInvalid':
    case 'latInvalid':
    case 'polygonTooFewPoints':
    case 'polygonSelfIntersects':
      return 'geometry';
    case 'refInvalid':
      return 'imeis';
    default:
      return null;
  }
}
