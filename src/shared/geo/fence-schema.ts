/**
 * The bodies of `POST /api/device/fence/add|update` (docs/requirements/entities.md#geofence): the
 * service validates with these and the fence editor checks its values against the same ones.
 * Apart from fence.ts (codes and geometry), so screens that only draw fences load no zod.
 */
import { z } from 'zod';
import { IMEI_RE } from '../devices/protocol';
import {
  FENCE_TYPE,
  FENCE_SHAPE,
  FENCE_STATUS,
  MAX_FENCE_DWELL_S,
  MAX_FENCE_RADIUS_M,
  MAX_POLYGON_POINTS,
  openRing,
  selfIntersects,
  distinctPoints,
} from './fence';

const lonSchema = z.number().finite().min(-180, 'lonInvalid').max(180, 'lonInvalid');
const latSchema = z.number().finite().min(-90, 'latInvalid').max(90, 'latInvalid');
const pointSchema = z.tuple([lonSchema, latSchema]);

/**
 * One outer ring, no holes (a nested array of rings is refused by the tuple check). The closing
 * point may be given or not; the ring needs 3 distinct points and must not cross itself.
 */
export const ringSchema = z
  .array(pointSchema)
  .min(3, 'polygonTooFewPoints')
  .max(MAX_POLYGON_POINTS + 1, 'tooLarge')
  .refine((r) => distinctPoints(r) >= 3, 'polygonTooFewPoints')
  .refine((r) => !selfIntersects(openRing(r)), 'polygonSelfIntersects');

const fenceFields = {
  name: z.string().trim().min(1, 'fenceNameRequired').max(64, 'tooLong'),
  type: z.union([z.literal(FENCE_TYPE.key), z.literal(FENCE_TYPE.electronic)]),
  shape: z.union([z.literal(FENCE_SHAPE.circle), z.literal(FENCE_SHAPE.polygon)]),
  status: z.union([z.literal(FENCE_STATUS.disabled), z.literal(FENCE_STATUS.enabled)]).default(FENCE_STATUS.enabled),
  /** Metres; circles only. */
  radius: z.number().finite().positive('tooSmall').max(MAX_FENCE_RADIUS_M, 'tooLarge').optional(),
  /** Circle centre (polygons: ignored, the service stores the ring's centroid). */
  longitude: lonSchema.optional(),
  latitude: latSchema.optional(),
  description: z.string().trim().max(500, 'tooLong').optional(),
  /**
   * Seconds a device must stay beyond the boundary before a crossing is raised; 0 at once; null
   * (or omitted on add) the service's FENCE_DWELL_S. Omitted on update: kept.
   */
  dwell: z.number().int().min(0).max(MAX_FENCE_DWELL_S, 'tooLarge').nullable().optional(),
  /** Polygons: [[lon, lat], ...]. */
  points: ringSchema.optional(),
  /** Devices the fence watches (replaces the set on update). */
  imeis: z.array(z.string().regex(IMEI_RE, 'imeiInvalid')).max(10_000, 'tooLarge').optional(),
  /** Device groups the fence watches (their devices, now and later). */
  groupIds: z.array(z.number().int().positive()).max(1000, 'tooLarge').optional(),
};

function shapeComplete(
  f: { shape: number; radius?: number; longitude?: number; latitude?: number; points?: unknown[] },
  ctx: z.RefinementCtx,
) {
  if (f.shape === FENCE_SHAPE.circle) {
    if (f.radius === undefined) ctx.addIssue({ code: 'custom', path: ['radius'], message: 'required' });
    if (f.longitude === undefined) ctx.addIssue({ code: 'custom', path: ['longitude'], message: 'required' });
    if (f.latitude === undefined) ctx.addIssue({ code: 'custom', path: ['latitude'], message: 'required' });
  } else if (!f.points) ctx.addIssue({ code: 'custom', path: ['points'], message: 'required' });
}

export const fenceAddBody = z.object(fenceFields).superRefine(shapeComplete);
// An update that leaves status out keeps it (no default that would re-enable a disabled fence).
export const fenceUpdateBody = z
  .object({
    id: z.number().int().positive(),
    ...fenceFields,
    status: z.union([z.literal(FENCE_STATUS.disabled), z.literal(FENCE_STATUS.enabled)]).optional(),
  })
  .superRefine(shapeComplete);
export type FenceInput = z.infer<typeof fenceAddBody>;
