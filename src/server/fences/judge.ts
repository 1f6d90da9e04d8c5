import { FENCE_TYPE } from '../../shared/geo/fence';
import type { Observation } from './geometry';

/** Alarm types of src/shared/alarms/types.ts. */
export const FENCE_ALARM = { recovery: 3, exit: 20, entry: 21 } as const;
export type FenceAlarmType = (typeof FENCE_ALARM)[keyof typeof FENCE_ALARM];

/**
 * The state a fix moves a (fence, device) pair to, or undefined for no write. `stored` is the
 * pair's row: undefined when there is none. No row reads as "not known inside": a first fix
 * outside writes nothing (so a device that starts outside a keep-in fence raises no exit and
 * later no recovery it never needed), a first fix inside is taken as it is (boundary included).
 * A known state changes only on a fix clearly beyond the boundary (geometry.ts), so jitter on
 * the line cannot flap it.
 */
export function nextState(stored: boolean | undefined, o: Observation): boolean | undefined {
  if (stored === undefined) return o.inside ? true : undefined;
  if (o.inside === stored || !o.clear) return undefined;
  return o.inside;
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
