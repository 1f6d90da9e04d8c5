/**
 * Advertising on door-unit screens over the device protocol (docs/device-protocol.md#advertising):
 * the ad the service pushes to a door unit (`adPush`), its removal (`adWithdraw`) and the unit's
 * play reports (`adPlay`). Shared by the service, the simulator and protocol.ts, which validates them.
 */
import { z } from 'zod';
import { isBadText } from '../text';

/** Longest ad a unit plays, and the longest play it reports (seconds). */
export const AD_MAX_SECONDS = 3600;

/** `YYYY-MM-DD`. */
export const AD_DATE_RE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
/** `HH:MM`, the unit's local time. */
export const AD_TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

const text = (max: number) =>
  z
    .string()
    .max(max)
    .refine((v) => !isBadText(v), 'text holds a NUL byte or an unpaired surrogate');

/**
 * When a unit plays the ad: between the dates (inclusive, the unit's local days) and, each day,
 * within the time window (a window past midnight, 22:00-06:00, wraps). Each part is optional.
 */
const adScheduleSchema = z
  .object({
    startDate: z.string().regex(AD_DATE_RE).optional(),
    endDate: z.string().regex(AD_DATE_RE).optional(),
    dailyStart: z.string().regex(AD_TIME_RE).optional(),
    dailyEnd: z.string().regex(AD_TIME_RE).optional(),
  })
  .strict();
type AdSchedule = z.infer<typeof adScheduleSchema>;

/**
 * `adPush`: play this ad on a loop per its schedule. `url` is where the unit downloads the video:
 * the service's device-authenticated address (Basic imei:secret, the MQTT credentials), absolute
 * or relative to the service's HTTP address. Pushing an ad the unit has replaces it.
 */
export const adPushParams = z
  .object({
    adId: z.number().int().positive(),
    title: text(100),
    url: z
      .string()
      .max(1000)
      .regex(/^(https?:\/\/\S+|\/\S*)$/),
    durationS: z.number().int().min(1).max(AD_MAX_SECONDS),
    schedule: adScheduleSchema,
  })
  .strict();
export type AdPush = z.infer<typeof adPushParams>;

/** `adWithdraw`: stop playing the ad and delete it. */
export const adWithdrawParams = z.object({ adId: z.number().int().positive() }).strict();

/** `adPlay` uplink: the unit played the ad from `startedAt` (ms or s since the epoch) for `seconds`. */
export const adPlayFields = {
  adId: z.number().int().positive(),
  startedAt: z.number().positive(),
  seconds: z.number().int().min(0).max(AD_MAX_SECONDS),
};

/**
 * `adSync` uplink: on connecting, a unit names the ads it holds; the service pushes the ones it
 * should have and withdraws the others (a unit that was away, or lost its storage, catches up).
 */
export const adSyncFields = { adIds: z.array(z.number().int().positive()).max(500) };

const pad = (n: number) => String(n).padStart(2, '0');

/** Whether the schedule lets the ad play at `at` (the local time of whoever asks: the unit). */
export function inSchedule(s: AdSchedule, at: Date): boolean {
  const day = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
  if (s.startDate && day < s.startDate) return false;
  if (s.endDate && day > s.endDate) return false;
  if (!s.dailyStart || !s.dailyEnd) return true;
  const time = `${pad(at.getHours())}:${pad(at.getMinutes())}`;
  return s.dailyStart <= s.dailyEnd
    ? time >= s.dailyStart && time < s.dailyEnd
    : time >= s.dailyStart || time < s.dailyEnd;
}
