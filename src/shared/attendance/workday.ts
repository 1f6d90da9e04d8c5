/**
 * The demo site's working day and how its workers keep it: shared by the demo seed (a past month
 * of punches, src/server/db/seed-workers.ts) and the simulator's workers (src/sim/workers.ts), so
 * the history and the live demo look alike. Pure: no database, no clock.
 */
import { createRng, seedOf } from '../prng';

/** Minutes of the local day: in by 08:00, lunch 12:00-13:30, out from 17:30 (the demo rule's times). */
export const DEMO_WORKDAY = { start: 8 * 60, noonOut: 12 * 60, noonIn: 13 * 60 + 30, end: 17 * 60 + 30 } as const;

interface DayPlan {
  /** Stays home (no punch that day). */
  absent: boolean;
  /** Minutes of the local day: arrival (helmet on), lunch out and back, departure (helmet off). */
  arrive: number;
  noonOut: number;
  noonIn: number;
  leave: number;
  late: boolean;
  early: boolean;
}

/** Monday to Friday (ISO weekdays 1..5): the days the demo workers come. */
export const isWorkday = (isoWeekday: number) => isoWeekday >= 1 && isoWeekday <= 5;

/**
 * One worker's day, the same for the same worker and day: most arrive 5-25 minutes early, about
 * one in six 5-30 minutes late; most leave within 25 minutes after the end, about one in ten
 * 10-45 minutes early; about one day in twenty-five they stay away.
 */
export function dayPlan(worker: string, day: string): DayPlan {
  const rng = createRng(seedOf(`workday:${worker}:${day}`));
  const absent = rng.chance(0.04);
  const late = rng.chance(0.16);
  const early = rng.chance(0.1);
  const w = DEMO_WORKDAY;
  return {
    absent,
    late,
    early,
    arrive: late ? w.start + rng.int(5, 30) : w.start - rng.int(5, 25),
    noonOut: w.noonOut + rng.int(0, 8),
    noonIn: w.noonIn - rng.int(2, 15),
    leave: early ? w.end - rng.int(10, 45) : w.end + rng.int(0, 25),
  };
}
