import { FENCE_TYPE } from '../../shared/geo/fence';
import type { Observation } from './geometry';

/** Alarm types of src/shared/alarms/types.ts. */
const FENCE_ALARM = { recovery: 3, exit: 20, entry: 21 } as const;
export type FenceAlarmType = (typeof FENCE_ALARM)[keyof typeof FENCE_ALARM];

/** A (fence, device) pair as stored: its side, and a crossing seen but not yet confirmed. */
export interface PairState {
  inside: boolean;
  /** Fix time (ms) of the first fix beyond the boundary, while a crossing waits for its dwell. */
  pendingSince?: number;
  /** The side that crossing goes to (always `!inside`). */
  pendingInside?: boolean;
}

/**
 * What a fix does to a pair, to be written:
 * - `first`: no row yet, the fix is inside: the row is created (the pair's first known state);
 * - `pend`: a fix clearly beyond the boundary starts a crossing, pending since this fix;
 * - `cancel`: a fix back on the stored side drops the pending crossing;
 * - `change`: the crossing is confirmed (dwell 0: at once); `since` is when it began.
 */
export type Step =
  | { op: 'first'; inside: true; since: number }
  | { op: 'pend'; inside: boolean; since: number }
  | { op: 'cancel'; inside: boolean }
  | { op: 'change'; inside: boolean; since: number };

/**
 * The step a fix at `ts` makes on a pair, or undefined for no write (docs/fences.md "What raises
 * what", "Dwell"). `stored` is the pair's row: undefined when there is none. No row reads as "not
 * known inside": a first fix outside writes nothing (so a device that starts outside a keep-in
 * fence raises no exit and later no recovery it never needed), a first fix inside is taken as it
 * is (boundary included), without dwell. A known state changes only on fixes clearly beyond the
 * boundary (geometry.ts), so jitter on the line cannot flap it, and only once the device has
 * stayed beyond for `dwellMs`: the first such fix starts a pending crossing, a later one still
 * clearly beyond at least `dwellMs` after it confirms it, any fix back on the stored side cancels
 * it. A fix beyond but within the margin neither confirms nor cancels.
 */
export function step(stored: PairState | undefined, o: Observation, ts: number, dwellMs: number): Step | undefined {
  if (stored === undefined) return o.inside ? { op: 'first', inside: true, since: ts } : undefined;
  if (o.inside === stored.inside)
    return stored.pendingSince !== undefined ? { op: 'cancel', inside: stored.inside } : undefined;
  if (!o.clear) return undefined;
  if (dwellMs <= 0) return { op: 'change', inside: o.inside, since: ts };
  if (stored.pendingSince === undefined || stored.pendingInside !== o.inside)
    return { op: 'pend', inside: o.inside, since: ts };
  return ts - stored.pendingSince >= dwellMs
    ? { op: 'change', inside: o.inside, since: stored.pendingSince }
    : undefined;
}

/** The pair after a step. */
export function after(step: Step): PairState {
  return step.op === 'pend'
    ? { inside: !step.inside, pendingSince: step.since, pendingInside: step.inside }
    : { inside: step.inside };
}

/**
 * What a stored change raises: `inserted` is a pair seen for the first time. Electronic fences
 * (keep in): leaving raises fence exit, coming back fence recovery, the first fix nothing. Key
 * fences (keep out): entering raises fence entry (the first fix too), leaving again recovery.
 */
export function alarmOf(fenceType: number, inside: boolean, inserted: boolean): FenceAlarmType | undefined {
  if (fenceType === FENCE_TYPE.key) return inside ? FENCE_ALARM.entry : inserted ? undefined : FENCE_ALARM.recovery;
  if (inserted) return undefined;
  return inside ? FENCE_ALARM.recovery : FENCE_ALARM.exit;
}
