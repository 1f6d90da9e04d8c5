import { metresBetween } from '../../../shared/devices/motion';

/** A fix is sent at most once per this many milliseconds ... */
export const MIN_FIX_INTERVAL_MS = 10_000;
/** ... unless the phone moved at least this many metres since the last fix sent. */
export const MIN_FIX_DISTANCE_M = 25;

interface Point {
  lat: number;
  lon: number;
  /** The fix's own time, ms since the epoch. */
  at: number;
}

/**
 * Which of the browser's fixes are worth sending (docs/device-protocol.md "The phone shares its
 * position"): watchPosition reports every second or so while moving, a patrol's track needs one
 * every 10 s or 25 m, and each one sent costs the phone's battery and data.
 */
export class FixThrottle {
  private last: Point | undefined;

  /** Whether `p` is sent; when it is, it becomes the point the next ones are measured from. */
  keep(p: Point): boolean {
    const last = this.last;
    if (last && p.at < last.at) return false;
    if (last && p.at - last.at < MIN_FIX_INTERVAL_MS && metresBetween(last, p) < MIN_FIX_DISTANCE_M) return false;
    this.last = p;
    return true;
  }

  reset(): void {
    this.last = undefined;
  }
}
