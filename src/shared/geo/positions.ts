/**
 * Live device positions for the map (docs/requirements/realtime-map-and-tracks.md#live-positions: markers move without
 * reload).
 */
import { z } from 'zod';

export const POSITIONS_CODE = '9020';
/** The service coalesces a tenant's position changes and publishes at most this often. */
export const POSITIONS_PUSH_MS = 1000;

const positionSchema = z.object({
  imei: z.string(),
  /** WGS-84; absent for a UWB-only fix. */
  lat: z.number().optional(),
  lon: z.number().optional(),
  /** UWB: metres on the floor's drawing, and the floor. */
  x: z.number().optional(),
  y: z.number().optional(),
  floor: z.string().optional(),
  /** Radius in metres and source (gps, lbs, wifi, uwb) of the fix, when it is one. */
  accuracy: z.number().optional(),
  source: z.string().max(8).optional(),
  /** Device state code (1 online). */
  state: z.number(),
  /** Time of the fix, ms. */
  ts: z.number(),
});
export type Position = z.infer<typeof positionSchema>;

export const positionsPushSchema = z.object({
  code: z.union([z.literal(POSITIONS_CODE), z.literal(Number(POSITIONS_CODE))]).transform(() => POSITIONS_CODE),
  positions: z.array(positionSchema).max(20_000),
});
export type PositionsPush = z.infer<typeof positionsPushSchema>;
