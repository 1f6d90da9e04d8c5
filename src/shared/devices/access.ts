/**
 * Door access over the device protocol (docs/device-protocol.md#door-access): the credential list
 * the service pushes to a door unit (`accessRights`), card issuing (`armCard`), the unit's access
 * events (`access`) and its request for its list (`accessSync`). Shared by the service, the
 * simulator and protocol.ts, which validates them.
 */
import { z } from 'zod';
import { isBadText } from '../text';

/** How a door was opened (or refused): the `method` of an `access` uplink. */
export const ACCESS_METHODS = ['card', 'face', 'qr', 'remote', 'call', 'password'] as const;
export type AccessMethod = (typeof ACCESS_METHODS)[number];

/**
 * Why a unit refused (or `ok`): an unknown credential, a revoked one (the unit saw it dropped
 * from its list), one expired or not valid yet, outside its time window, or a face that matched
 * nobody well enough.
 */
export const ACCESS_REASONS = [
  'ok',
  'unknown',
  'revoked',
  'expired',
  'notYetValid',
  'outsideWindow',
  'noMatch',
] as const;
export type AccessReason = (typeof ACCESS_REASONS)[number];

/** Credential types a unit's list carries. */
const CREDENTIAL_TYPES = ['card', 'qr', 'face'] as const;
export type CredentialType = (typeof CREDENTIAL_TYPES)[number];

/** Most credentials one unit's list carries (one downlink, well under 200 KB). */
export const MAX_CREDENTIALS = 2000;

/**
 * A door opened from a console within this long after the unit rang answered that call: the
 * unit reports the opening as method `call` (else `remote`), and the community dashboard counts
 * the call as answered.
 */
export const ANSWER_WINDOW_S = 180;

/** `HH:MM-HH:MM` in the unit's local time; a window past midnight (22:00-06:00) wraps. */
export const TIME_WINDOW_RE = /^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/;

const text = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .refine((v) => !isBadText(v), 'text holds a NUL byte or an unpaired surrogate');

/**
 * One credential: `t` its type, `v` the card number, QR token or face sample id, `r` the right it
 * comes from, `from`/`until` (ms since the epoch) its validity, `win` a daily time window.
 */
const credentialSchema = z
  .object({
    t: z.enum(CREDENTIAL_TYPES),
    v: text(200),
    r: z.number().int().positive(),
    from: z.number().int().nonnegative().optional(),
    until: z.number().int().nonnegative().optional(),
    win: z.string().regex(TIME_WINDOW_RE).optional(),
  })
  .strict();
export type Credential = z.infer<typeof credentialSchema>;

/**
 * `accessRights`: the unit's WHOLE list under a version that only grows. The unit replaces what it
 * had (a credential missing from the list is revoked: the unit drops it and refuses it from then
 * on), remembers the version, and acknowledges. A full list rather than deltas: an unreachable unit
 * that missed pushes needs only the newest one, and a re-send is idempotent.
 */
export const accessRightsParams = z
  .object({
    version: z.number().int().nonnegative(),
    credentials: z.array(credentialSchema).max(MAX_CREDENTIALS),
    /**
     * Credentials revoked lately (REVOKED_KEEP_DAYS) that this unit opened for: the unit refuses
     * them as `revoked` rather than `unknown`, even after a restart.
     */
    revoked: z
      .array(z.object({ t: z.enum(CREDENTIAL_TYPES), v: text(200) }).strict())
      .max(MAX_CREDENTIALS)
      .optional(),
  })
  .strict();

/** How long a revoked credential stays in a unit's list as revoked. */
export const REVOKED_KEEP_DAYS = 30;
export type AccessRightsParams = z.infer<typeof accessRightsParams>;

/** `armCard`: the next card the unit reads within `seconds` is reported with a `card` uplink (5084), not opened for. */
export const armCardParams = z
  .object({ seconds: z.number().int().min(10).max(600), label: text(100).optional() })
  .strict();

/** Uplink `access`: one opening or refusal at the unit. */
export const accessUplinkFields = {
  method: z.enum(ACCESS_METHODS),
  /** The card number, QR token, face sample id or, for remote/call, the operator's user id. */
  credential: text(200).optional(),
  granted: z.boolean(),
  reason: z.enum(ACCESS_REASONS).optional(),
  /** The right the unit matched, from its list. */
  rightId: z.number().int().positive().optional(),
  /** Face matches: the verification score, 0-1. */
  score: z.number().min(0).max(1).optional(),
};

/** Uplink `accessSync`: the unit (after a restart) asks for its list; `version` is what it holds. */
export const accessSyncFields = { version: z.number().int().nonnegative().default(0) };

/** Whether `at` (ms) falls in `win` (HH:MM-HH:MM) in the time zone offset `offsetMin` (minutes east of UTC). */
export function inWindow(win: string, at: number, offsetMin: number): boolean {
  const m = TIME_WINDOW_RE.exec(win);
  if (!m) return false;
  const [a, b] = win.split('-').map((hm) => Number(hm.slice(0, 2)) * 60 + Number(hm.slice(3, 5))) as [number, number];
  const minute = Math.floor(((at / 60_000 + offsetMin) % 1440) + 1440) % 1440;
  return a <= b ? minute >= a && minute < b : minute >= a || minute < b;
}

/** The unit's decision for one credential of its list (undefined: not in the list). */
export function judge(c: Credential | undefined, at: number, offsetMin: number): AccessReason {
  if (!c) return 'unknown';
  if (c.from !== undefined && at < c.from) return 'notYetValid';
  if (c.until !== undefined && at >= c.until) return 'expired';
  if (c.win && !inWindow(c.win, at, offsetMin)) return 'outsideWindow';
  return 'ok';
}
