import { HHMM_RE } from '../../entities/attendance-rule/resource';

/** The stored times of a rule (HH:mm text, null where the punch count needs none). */
export interface RuleTimes {
  punchCount: number;
  amStart: string | null;
  amLate: string | null;
  amEnd: string | null;
  noonCutoff: string | null;
  pmStart: string | null;
  pmLate: string | null;
  pmEnd: string | null;
  eveningStart: string | null;
  eveningLate: string | null;
  eveningEnd: string | null;
}

const minuteOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The record's state columns, in the order of docs/requirements/states-and-codes.md#attendance. */
export const STATE_KEYS = [
  'amAtState',
  'amEndState',
  'pmAtState',
  'pmEndState',
  'eveningAtState',
  'eveningEndState',
] as const;
export type StateKey = (typeof STATE_KEYS)[number];

/** One work span of a day: in by `start` (late up to `late`), out from `end`; minutes of the local day. */
interface Period {
  atKey: StateKey;
  endKey: StateKey;
  start: number;
  late: number;
  end: number;
}

/**
 * The periods a rule defines, in order, or a problem: 'required' when a time the punch count
 * needs is missing, 'rangeInvalid' when they are out of order (start <= late < end, each period
 * after the one before it, the noon cut-off between the morning's end and the afternoon's start).
 * 2 punches: one span from the morning's start to the afternoon's end (amAtState, pmEndState);
 * 4: morning and afternoon; 6: and the evening.
 */
export function periodsOf(
  rule: RuleTimes,
): { periods: Period[]; cutoffs: number[] } | 'required' | 'rangeInvalid' | 'timeInvalid' {
  const need = (v: string | null): number | undefined =>
    v == null || v === '' ? undefined : HHMM_RE.test(v) ? minuteOf(v) : Number.NaN;
  const am = [need(rule.amStart), need(rule.amLate), need(rule.amEnd)];
  const pm = [need(rule.pmStart), need(rule.pmLate), need(rule.pmEnd)];
  const ev = [need(rule.eveningStart), need(rule.eveningLate), need(rule.eveningEnd)];
  const noon = need(rule.noonCutoff);
  const all = [...am, ...pm, ...ev, noon];
  if (all.some((v) => Number.isNaN(v))) return 'timeInvalid';
  const mk = (atKey: StateKey, endKey: StateKey, s?: number, l?: number, e?: number): Period | undefined =>
    s === undefined || e === undefined ? undefined : { atKey, endKey, start: s, late: l ?? s, end: e };
  let periods: (Period | undefined)[];
  if (rule.punchCount === 2) periods = [mk('amAtState', 'pmEndState', am[0], am[1], pm[2] ?? am[2])];
  else if (rule.punchCount === 4)
    periods = [mk('amAtState', 'amEndState', am[0], am[1], am[2]), mk('pmAtState', 'pmEndState', pm[0], pm[1], pm[2])];
  else if (rule.punchCount === 6)
    periods = [
      mk('amAtState', 'amEndState', am[0], am[1], am[2]),
      mk('pmAtState', 'pmEndState', pm[0], pm[1], pm[2]),
      mk('eveningAtState', 'eveningEndState', ev[0], ev[1], ev[2]),
    ];
  else return 'rangeInvalid';
  if (periods.some((p) => !p)) return 'required';
  const ps = periods as Period[];
  for (let i = 0; i < ps.length; i++) {
    const p = ps[i]!;
    if (!(p.start <= p.late && p.late < p.end)) return 'rangeInvalid';
    if (i > 0 && ps[i - 1]!.end > p.start) return 'rangeInvalid';
  }
  // Where one period's punches stop and the next one's begin.
  const cutoffs: number[] = [];
  for (let i = 0; i + 1 < ps.length; i++) {
    const a = ps[i]!;
    const b = ps[i + 1]!;
    if (i === 0 && noon !== undefined) {
      if (noon < a.end || noon > b.start) return 'rangeInvalid';
      cutoffs.push(noon);
    } else cutoffs.push(Math.floor((a.end + b.start) / 2));
  }
  return { periods: ps, cutoffs };
}
