/**
 * The patrol phone (docs/device-protocol.md "The phone shares its position"): the console on a
 * patrol officer's phone posts its own fixes and SOS to `/api/phone/*`, and the service stores
 * them as a device of kind `phone` bound to that user. Shared by the routes and the console.
 */
import { z } from 'zod';
import { UPLINK_MIN_TS } from './devices/protocol';

/** Fixes one request may carry (the console sends its offline queue in batches of at most this). */
export const PHONE_MAX_FIXES = 500;
/**
 * How far ahead of the service's clock a fix's time may lie. A phone posts a fix within seconds
 * of taking it, so a time further ahead is a wrong clock; stored, it would stand as the device's
 * newest position until real time caught up with it.
 */
export const PHONE_MAX_AHEAD_MS = 5 * 60_000;
/** The oldest fix time the ingest keeps (src/server/ingest/ingest.ts): older is refused, not rewritten. */
export const PHONE_MIN_TS = UPLINK_MIN_TS;

/** The identifier of a user's phone device: letters first, so it never is a 15-digit IMEI or a JT/T 808 number. */
export const phoneImeiOf = (userId: number) => `PHONE${String(userId).padStart(10, '0')}`;

const isoTime = z.iso.datetime({ offset: true });

/** One fix as `navigator.geolocation` gives it; `at` is the fix's own time. */
const phoneFixSchema = z.object({
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
  /** Metres (the 95 % radius the browser reports). */
  accuracy: z.number().min(0).max(1_000_000),
  at: isoTime,
  /** Metres a second, as the browser gives it (stored in km/h like every device's speed). */
  speed: z.number().min(0).max(555).nullish(),
  /** Degrees clockwise from north. */
  heading: z.number().min(0).max(360).nullish(),
  /** Metres above the WGS-84 ellipsoid. */
  altitude: z.number().min(-1_000).max(10_000).nullish(),
  /** Percent. */
  battery: z.number().min(0).max(100).nullish(),
});
export type PhoneFix = z.infer<typeof phoneFixSchema>;

export const phonePositionsBody = z.object({
  fixes: z.array(phoneFixSchema).min(1).max(PHONE_MAX_FIXES),
});

/** An SOS from the phone: the last position it had, if any, and the local time of the hold. */
export const phoneSosBody = z.object({
  lat: z.number().min(-90).max(90).optional(),
  lon: z.number().min(-180).max(180).optional(),
  accuracy: z.number().min(0).max(1_000_000).optional(),
  at: isoTime,
});
export type PhoneSos = z.infer<typeof phoneSosBody>;

/** The caller's phone device, as `GET /api/phone/device` answers it (null before the first share). */
export interface PhoneDevice {
  id: number;
  imei: string;
  name: string | null;
  lat: number | null;
  lon: number | null;
  locatedAt: string | null;
}
