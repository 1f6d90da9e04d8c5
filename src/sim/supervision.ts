/**
 * The supervision scenario's monitored persons in the simulator: the demo site's first
 * supervision ankle bracelet leaves its wearer's home fence now and then (a fence exit alarm to
 * the supervisor, then a recovery), every WANDER_EVERY_MIN minutes for WANDER_FOR_MIN minutes.
 * The fence is the seeded one (src/entities/monitored-person/seed.ts, DEMO_FENCE_RADIUS_M around
 * the device's home); the shift carries the fix well beyond it.
 */
import type { Fix } from '../shared/devices/motion';
import { demoFleet } from '../shared/devices/demo';
import type { SimDevice } from './roster';

const WANDER_EVERY_MIN = 30;
const WANDER_FOR_MIN = 4;
/** How far north the wanderer goes: beyond the seeded 250 m fence and its margins. */
const WANDER_M = 450;

const WANDERER = demoFleet().find((d) => d.scenario === 'supervision' && d.kind === 'ankle')?.imei;

/** Whether `now` falls in one of the wanderer's excursions. */
function wandering(now: number): boolean {
  return Math.floor(now / 60_000) % WANDER_EVERY_MIN < WANDER_FOR_MIN;
}

/** The wanderer's fixes during an excursion, carried WANDER_M north; anyone else's unchanged. */
export class Wanderer {
  static for(device: SimDevice): Wanderer | undefined {
    return device.imei === WANDERER ? new Wanderer() : undefined;
  }

  shift(fix: Fix, now: number): Fix {
    if (fix.source === 'uwb' || !wandering(now)) return fix;
    return { ...fix, lat: fix.lat + WANDER_M / 111_195 };
  }
}
