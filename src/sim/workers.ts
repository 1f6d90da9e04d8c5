/**
 * The construction site's workers in the simulator: the demo helmets and UWB tags are worn by
 * people who keep the site's working day (src/shared/attendance/workday.ts, the same plan
 * the seeded month of punches follows). On the service's local clock a worker arrives around the
 * morning start (most a little early, some 5-30 minutes late), takes the helmet off over lunch and
 * leaves in the evening (some early); some days they stay away, and nobody comes at weekends.
 * Worn, a helmet says so (status `wearing`) and reports its fixes inside the site fence, which the
 * service turns into attendance punches; off, it lies in the site office and reports no fixes.
 */
import { isoWeekday, localDayOf, localMinuteOf } from '../shared/attendance/days';
import { dayPlan, isWorkday } from '../shared/attendance/workday';
import type { SimDevice } from './roster';
import type { UplinkInput } from './messages';
import { demoDevice } from './roster';

/** Kinds a worker wears whose presence punches. */
const WORN = new Set(['helmet', 'uwbTag']);

/** Whether worker `key` is at work (helmet on) at `now` in `timeZone`. */
export function atWork(key: string, now: number, timeZone: string): boolean {
  const at = new Date(now);
  const day = localDayOf(at, timeZone);
  if (!isWorkday(isoWeekday(day))) return false;
  const plan = dayPlan(key, day);
  if (plan.absent) return false;
  const m = localMinuteOf(at, day, timeZone);
  return (m >= plan.arrive && m < plan.noonOut) || (m >= plan.noonIn && m < plan.leave);
}

/** One worn device's shift: what it says when its wearer comes or goes, and whether it reports positions. */
export class WorkerShift {
  private worn: boolean | undefined;

  constructor(
    readonly device: Pick<SimDevice, 'imei' | 'kind'>,
    private readonly timeZone: string,
  ) {}

  /** Messages to send now (a helmet put on or taken off), and whether fixes are reported. */
  step(now: number): { messages: UplinkInput[]; reports: boolean } {
    // The seeded history is keyed by IMEI too: the same worker, the same habits.
    const worn = atWork(this.device.imei, now, this.timeZone);
    const messages: UplinkInput[] = [];
    if (worn !== this.worn && this.device.kind === 'helmet') messages.push({ kind: 'status', wearing: worn });
    this.worn = worn;
    return { messages, reports: worn };
  }
}

/** A shift for the demo site's worn devices (others, and every device without a time zone, have none). */
export function shiftFor(device: SimDevice, timeZone: string | undefined): WorkerShift | undefined {
  if (!timeZone || !WORN.has(device.kind) || demoDevice(device.imei)?.scenario !== 'construction') return undefined;
  return new WorkerShift(device, timeZone);
}
