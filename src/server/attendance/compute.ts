import { ATTENDANCE_TYPE } from '../../entities/attendance-rule/resource';
import { periodsOf, STATE_KEYS, type RuleTimes, type StateKey } from './periods';
import { isoWeek, isoWeekday, localInstant } from '../../shared/attendance/days';

/**
 * The state per period of docs/requirements/states-and-codes.md#attendance (amAtState ...
 * eveningEndState): 0 absent, 1 normal, 2 late, 3 left early; 4 on leave is ours (approved leave
 * covers the due time and the punch is missing or not normal). null: the rule has no such punch, or
 * its due time has not passed yet.
 */
export const PERIOD_STATE = { absent: 0, normal: 1, late: 2, early: 3, leave: 4 } as const;

/** The record's overall status (spec "Attendance record: on work, off work, abnormal"). */
export const RECORD_STATUS = { onWork: 1, offWork: 2, abnormal: 3 } as const;

export interface ComputeRule extends RuleTimes {
  type: number;
  /** Days off, YYYY-MM-DD. */
  holidays: readonly string[];
}

interface ComputeInput {
  rule: ComputeRule;
  /** The local day, YYYY-MM-DD. */
  day: string;
  punches: readonly Date[];
  leaves: readonly { startAt: Date; endAt: Date }[];
  /** Now: a period whose due time is still ahead is not judged yet. */
  now: Date;
  timeZone: string;
}

type DayStates = Record<StateKey, number | null>;

export interface DayResult {
  states: DayStates;
  status: number;
  late: number;
  early: number;
  absent: number;
  leave: number;
  firstPunch: Date | null;
  lastPunch: Date | null;
  punches: number;
}

/** Whether the rule's type makes the day a workday (holidays aside). */
export function isWorkday(type: number, day: string, holidays: readonly string[]): boolean {
  if (holidays.includes(day)) return false;
  const wd = isoWeekday(day);
  const big = wd <= 5;
  const small = wd <= 6;
  if (type === ATTENDANCE_TYPE.bigWeek) return big;
  if (type === ATTENDANCE_TYPE.smallWeek) return small;
  return isoWeek(day) % 2 === 1 ? big : small;
}

/**
 * One worker's day under a rule: the states per period, the counts and the status; undefined for
 * a day off (not a workday of the rule's type, or a holiday): no record.
 * Punches are split into periods at the cut-offs (the noon cut-off, else half way between one
 * period's end and the next's start). In a period the earliest punch is the in-punch and the
 * latest the out-punch; a single punch after the late limit is the out-punch only.
 * In: up to start normal, up to the late limit late, none (or only later ones) absent.
 * Out: from the end normal, before it left early, none absent.
 */
export function computeDay(input: ComputeInput): DayResult | undefined {
  const { rule, day, timeZone } = input;
  if (!isWorkday(rule.type, day, rule.holidays)) return undefined;
  const shape = periodsOf(rule);
  if (typeof shape === 'string') return undefined;
  const base = localInstant(day, 0, timeZone).getTime();
  const at = (minute: number) => base + minute * 60_000;
  const minuteOfPunch = (d: Date) => (d.getTime() - base) / 60_000;
  const sorted = [...input.punches].sort((a, b) => a.getTime() - b.getTime());
  const now = input.now.getTime();
  const onLeave = (t: number) => input.leaves.some((l) => l.startAt.getTime() <= t && t <= l.endAt.getTime());
  const states = Object.fromEntries(STATE_KEYS.map((k) => [k, null])) as DayStates;
  let lastKind: 'in' | 'out' | undefined;
  shape.periods.forEach((p, i) => {
    const lo = i === 0 ? -Infinity : shape.cutoffs[i - 1]!;
    const hi = i === shape.periods.length - 1 ? Infinity : shape.cutoffs[i]!;
    const mine = sorted.filter((d) => {
      const m = minuteOfPunch(d);
      return m >= lo && m < hi;
    });
    let inPunch: number | undefined;
    let outPunch: number | undefined;
    if (mine.length >= 2) {
      inPunch = minuteOfPunch(mine[0]!);
      outPunch = minuteOfPunch(mine.at(-1)!);
    } else if (mine.length === 1) {
      const m = minuteOfPunch(mine[0]!);
      if (m <= p.late) inPunch = m;
      else outPunch = m;
    }
    // In-punch state: judged once a punch is there or the late limit has passed.
    let s: number | null;
    if (inPunch !== undefined && inPunch <= p.start) s = PERIOD_STATE.normal;
    else if (inPunch !== undefined && inPunch <= p.late) s = PERIOD_STATE.late;
    else s = now > at(p.late) ? PERIOD_STATE.absent : null;
    if (s !== null && s !== PERIOD_STATE.normal && onLeave(at(p.start))) s = PERIOD_STATE.leave;
    states[p.atKey] = s;
    // Out-punch state: a punch before the end is leaving early only once the end has passed
    // (the worker may punch again), an out-punch from the end is normal.
    let e: number | null;
    if (outPunch !== undefined && outPunch >= p.end) e = PERIOD_STATE.normal;
    else if (now <= at(p.end)) e = null;
    else if (outPunch !== undefined) e = PERIOD_STATE.early;
    else e = now > at(hi === Infinity ? 24 * 60 : hi) ? PERIOD_STATE.absent : null;
    if (e !== null && e !== PERIOD_STATE.normal && onLeave(at(p.end))) e = PERIOD_STATE.leave;
    states[p.endKey] = e;
    if (inPunch !== undefined) lastKind = 'in';
    if (outPunch !== undefined) lastKind = 'out';
  });
  const values = STATE_KEYS.map((k) => states[k]);
  const count = (v: number) => values.filter((x) => x === v).length;
  const late = count(PERIOD_STATE.late);
  const early = count(PERIOD_STATE.early);
  const absent = count(PERIOD_STATE.absent);
  const leave = count(PERIOD_STATE.leave);
  const status =
    late + early + absent > 0
      ? RECORD_STATUS.abnormal
      : lastKind === 'in'
        ? RECORD_STATUS.onWork
        : RECORD_STATUS.offWork;
  return {
    states,
    status,
    late,
    early,
    absent,
    leave,
    firstPunch: sorted[0] ?? null,
    lastPunch: sorted.at(-1) ?? null,
    punches: sorted.length,
  };
}

/** The holidays text of a rule as days. */
export const holidaysOf = (text: string | null | undefined): string[] =>
  (text ?? '').split(/[\s,，]+/).filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d));
