/**
 * The fence editor's values and the rules between them, the drawn shape and the service body.
 * Pure, so the form, the map and the tests share one definition: the body carries the field
 * names of docs/requirements/entities.md#geofence (name, type, shape, status, radius, longitude, latitude,
 * description) plus points and imeis/groupIds, and is checked with the same schema the service validates with.
 */
import { FENCE_DEFAULTS, FENCE_SHAPE } from '../../../shared/geo/fence';
import { fenceAddBody, fenceUpdateBody } from '../../../shared/geo/fence-schema';
import { fieldErrors } from '../../lib/formErrors';
import type { DrawnShape } from '../../map/types';
import type { FenceFormValues } from './fenceValues';

/** Where an error shows: a form field, or 'geometry' under the drawing buttons. */
type FenceErrorField =
  'name' | 'type' | 'shape' | 'status' | 'radius' | 'dwell' | 'description' | 'imeis' | 'groupIds' | 'geometry';
export type FenceErrors = Partial<Record<FenceErrorField, string>>;

/** The shape the values describe, for the map; null until there is one to draw. */
export function shapeOf(v: FenceFormValues): DrawnShape | null {
  if (v.shape === FENCE_SHAPE.polygon)
    return v.points && v.points.length >= 3 ? { kind: 'polygon', ring: v.points } : null;
  if (v.longitude === null || v.latitude === null) return null;
  return {
    kind: 'circle',
    center: [v.longitude, v.latitude],
    radiusM: v.radius && v.radius > 0 ? v.radius : FENCE_DEFAULTS.radius,
  };
}

/** The values after the user drew or edited a shape (the radius field follows the circle). */
export function withShape(v: FenceFormValues, s: DrawnShape): FenceFormValues {
  if (s.kind === 'circle')
    return { ...v, shape: FENCE_SHAPE.circle, longitude: s.center[0], latitude: s.center[1], radius: s.radiusM };
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
    // Empty sends null: the service's default (FENCE_DWELL_S), also when it was set before.
    dwell: v.dwell,
    ...(circle
      ? { radius: v.radius ?? undefined, longitude: v.longitude ?? undefined, latitude: v.latitude ?? undefined }
      : { points: v.points ?? undefined }),
    ...(description ? { description } : {}),
    imeis: v.imeis,
    groupIds: v.groupIds,
  };
}

const GEOMETRY_FIELDS = new Set(['longitude', 'latitude', 'points']);
const FORM_FIELDS = new Set(['name', 'type', 'shape', 'status', 'radius', 'dwell', 'description', 'imeis', 'groupIds']);
/** The geometry error of a fence with nothing drawn yet (the screen words it). */
export const SHAPE_REQUIRED = 'shapeRequired';

/** Client-side check with the service's own schema; geometry problems go under the drawing tools. */
export function validateFence(v: FenceFormValues, id?: number): FenceErrors {
  const body = bodyOf(v, id);
  const found = fieldErrors<string>(id !== undefined ? fenceUpdateBody : fenceAddBody, body);
  const errors: FenceErrors = {};
  for (const [field, message] of Object.entries(found)) {
    const target = (GEOMETRY_FIELDS.has(field) ? 'geometry' : field) as FenceErrorField;
    if (message && !errors[target])
      errors[target] = target === 'geometry' && message === 'required' ? SHAPE_REQUIRED : message;
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
