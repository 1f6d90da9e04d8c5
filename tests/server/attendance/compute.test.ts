import { describe, expect, it } from 'vitest';
import {
  computeDay,
  periodsOf,
  isWorkday,
  PERIOD_STATE,
  RECORD_STATUS,
  type ComputeRule,
  type DayResult,
} from '../../../src/server/attendance';
import { daysBetween, localInstant } from '../../../src/shared/attendance/days';

const TZ = 'Asia/Shanghai';
const base = {
  amStart: null,
  amLate: null,
  amEnd: null,
  noonCutoff: null,
  pmStart: null,
  pmLate: null,
  pmEnd: null,
  eveningStart: null,
  eveningLate: null,
  eveningEnd: null,
};

/** Type 1 (Mon-Fri), 4 punches, a holiday on the 11th. */
const big: ComputeRule = {
  ...base,
  type: 1,
  punchCount: 4,
  amStart: '08:30',
  amLate: '09:00',
  amEnd: '12:00',
  noonCutoff: '12:30',
  pmStart: '13:30',
  pmLate: '14:00',
  pmEnd: '17:30',
  holidays: ['2026-11-11'],
};
/** Type 2 (Mon-Sat), 2 punches: in by 08:00, out from 17:00. */
const small: ComputeRule = {
  ...base,
  type: 2,
  punchCount: 2,
  amStart: '08:00',
  amLate: '08:30',
  pmEnd: '17:00',
  holidays: [],
};
/** Type 3 (alternating), 6 punches with an evening shift. */
const alternating: ComputeRule = {
  ...base,
  type: 3,
  punchCount: 6,
  amStart: '08:00',
  amLate: '08:30',
  amEnd: '12:00',
  pmStart: '13:00',
  pmLate: '13:30',
  pmEnd: '17:00',
  eveningStart: '18:00',
  eveningLate: '18:30',
  eveningEnd: '21:00',
  holidays: [],
};

const hm = (s: string) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3));
const at = (day: string, minute: number) => localInstant(day, minute, TZ);

/**
 * A month (November 2026) of punches of one worker under `rule`: punctual every day (weekends
 * too), except late in on the 3rd and 17th, out 30 minutes early at the end of the day on the
 * 5th and 19th, no punch at all on the 10th and 24th, the afternoon's in-punch (2 punches: the
 * out-punch) missing on the 12th, and approved leave all day on the 25th without punches.
 */
function month(rule: ComputeRule): Map<string, DayResult | undefined> {
  const shape = periodsOf(rule);
  if (typeof shape === 'string') throw new Error(shape);
  const out = new Map<string, DayResult | undefined>();
  for (const day of daysBetween('2026-11-01', '2026-11-30')) {
    const d = Number(day.slice(8));
    const punches: Date[] = [];
    const leaves = d === 25 ? [{ startAt: at(day, 0), endAt: at(day, 24 * 60 - 1) }] : [];
    if (![10, 24, 25].includes(d)) {
      shape.periods.forEach((p, i) => {
        const last = i === shape.periods.length - 1;
        if (d === 12 && rule.punchCount === 2) {
          punches.push(at(day, p.start - 10));
          return;
        }
        if (!(d === 12 && i === 1)) punches.push(at(day, [3, 17].includes(d) && i === 0 ? p.start + 10 : p.start - 10));
        punches.push(at(day, [5, 19].includes(d) && last ? p.end - 30 : p.end + 5));
      });
    }
    out.set(day, computeDay({ rule, day, punches, leaves, now: new Date('2026-12-01T12:00:00Z'), timeZone: TZ }));
  }
  return out;
}

function totals(results: Map<string, DayResult | undefined>) {
  const rs = [...results.values()].filter((r): r is DayResult => !!r);
  const sum = (k: 'late' | 'early' | 'absent' | 'leave') => rs.reduce((s, r) => s + r[k], 0);
  return {
    records: rs.length,
    late: sum('late'),
    early: sum('early'),
    absent: sum('absent'),
    leave: sum('leave'),
    abnormal: rs.filter((r) => r.status === RECORD_STATUS.abnormal).length,
  };
}

describe('attendance computation (compute.ts)', () => {
  it('workdays: big week Mon-Fri, small week Mon-Sat, alternating by ISO week parity (odd big), holidays off', () => {
    expect(isWorkday(1, '2026-11-06', [])).toBe(true); // Friday
    expect(isWorkday(1, '2026-11-07', [])).toBe(false); // Saturday
    expect(isWorkday(2, '2026-11-07', [])).toBe(true);
    expect(isWorkday(2, '2026-11-08', [])).toBe(false); // Sunday
    expect(isWorkday(3, '2026-11-07', [])).toBe(false); // ISO week 45: big
    expect(isWorkday(3, '2026-11-14', [])).toBe(true); // ISO week 46: small
    expect(isWorkday(1, '2026-11-11', ['2026-11-11'])).toBe(false);
  });

  it('type 1, 4 punches: a month gives exactly the late, early and absent counts', () => {
    const r = month(big);
    // 21 weekdays less the holiday; the weekend punches leave no record.
    expect(totals(r)).toEqual({ records: 20, late: 2, early: 2, absent: 2 * 4 + 1, leave: 4, abnormal: 7 });
    expect(r.get('2026-11-07')).toBeUndefined();
    expect(r.get('2026-11-11')).toBeUndefined();
    expect(r.get('2026-11-03')!.states).toEqual({
      amAtState: 2,
      amEndState: 1,
      pmAtState: 1,
      pmEndState: 1,
      eveningAtState: null,
      eveningEndState: null,
    });
    expect(r.get('2026-11-05')!.states).toMatchObject({ amAtState: 1, amEndState: 1, pmAtState: 1, pmEndState: 3 });
    expect(r.get('2026-11-10')!.states).toMatchObject({ amAtState: 0, amEndState: 0, pmAtState: 0, pmEndState: 0 });
    expect(r.get('2026-11-12')!.states).toMatchObject({ amAtState: 1, amEndState: 1, pmAtState: 0, pmEndState: 1 });
    expect(r.get('2026-11-25')!.states).toMatchObject({ amAtState: 4, amEndState: 4, pmAtState: 4, pmEndState: 4 });
    expect(r.get('2026-11-25')!.status).toBe(RECORD_STATUS.offWork);
    expect(r.get('2026-11-02')!.status).toBe(RECORD_STATUS.offWork);
  });

  it('type 2, 2 punches: in at the morning, out at the afternoon end; Saturdays are workdays', () => {
    const r = month(small);
    expect(totals(r)).toEqual({ records: 25, late: 2, early: 2, absent: 2 * 2 + 1, leave: 2, abnormal: 7 });
    expect(r.get('2026-11-07')!.states).toEqual({
      amAtState: 1,
      amEndState: null,
      pmAtState: null,
      pmEndState: 1,
      eveningAtState: null,
      eveningEndState: null,
    });
    expect(r.get('2026-11-12')!.states).toMatchObject({ amAtState: 1, pmEndState: 0 });
    expect(r.get('2026-11-08')).toBeUndefined();
  });

  it('type 3, 6 punches: big and small weeks alternate, the evening is judged too', () => {
    const r = month(alternating);
    // Weeks 45 and 47 Mon-Fri, 46 and 48 Mon-Sat, and Monday the 30th (week 49).
    expect(totals(r)).toEqual({ records: 23, late: 2, early: 2, absent: 2 * 6 + 1, leave: 6, abnormal: 7 });
    expect(r.get('2026-11-07')).toBeUndefined();
    expect(r.get('2026-11-14')).toBeDefined();
    expect(r.get('2026-11-19')!.states).toEqual({
      amAtState: 1,
      amEndState: 1,
      pmAtState: 1,
      pmEndState: 1,
      eveningAtState: 1,
      eveningEndState: 3,
    });
  });

  it('a day in progress: nothing is judged before its time, the status follows the last punch', () => {
    const day = '2026-11-02';
    const morning = computeDay({
      rule: big,
      day,
      punches: [at(day, hm('08:20'))],
      leaves: [],
      now: at(day, hm('10:00')),
      timeZone: TZ,
    })!;
    expect(morning.states).toMatchObject({ amAtState: 1, amEndState: null, pmAtState: null, pmEndState: null });
    expect(morning.status).toBe(RECORD_STATUS.onWork);
    // An out-punch before the end is not yet leaving early: the worker may punch again.
    const early = computeDay({
      rule: big,
      day,
      punches: [at(day, hm('08:20')), at(day, hm('11:50'))],
      leaves: [],
      now: at(day, hm('11:55')),
      timeZone: TZ,
    })!;
    expect(early.states.amEndState).toBeNull();
    const later = computeDay({
      rule: big,
      day,
      punches: [at(day, hm('08:20')), at(day, hm('11:50'))],
      leaves: [],
      now: at(day, hm('12:10')),
      timeZone: TZ,
    })!;
    expect(later.states.amEndState).toBe(PERIOD_STATE.early);
    // After the late limit without a punch: absent.
    const none = computeDay({ rule: big, day, punches: [], leaves: [], now: at(day, hm('09:01')), timeZone: TZ })!;
    expect(none.states.amAtState).toBe(PERIOD_STATE.absent);
    expect(none.status).toBe(RECORD_STATUS.abnormal);
    // A punch after the late limit is the out-punch; the in-punch is absent.
    const tardy = computeDay({
      rule: big,
      day,
      punches: [at(day, hm('09:30'))],
      leaves: [],
      now: at(day, hm('09:31')),
      timeZone: TZ,
    })!;
    expect(tardy.states.amAtState).toBe(PERIOD_STATE.absent);
  });

  it('a rule needs the times of its punch count, in order', () => {
    expect(typeof periodsOf(big)).toBe('object');
    expect(periodsOf({ ...big, pmStart: null })).toBe('required');
    expect(periodsOf({ ...big, amLate: '08:00' })).toBe('rangeInvalid');
    expect(periodsOf({ ...big, amEnd: '14:00' })).toBe('rangeInvalid');
    expect(periodsOf({ ...big, noonCutoff: '11:00' })).toBe('rangeInvalid');
    expect(periodsOf({ ...small, pmEnd: '07:00' })).toBe('rangeInvalid');
    expect(periodsOf({ ...alternating, eveningEnd: null })).toBe('required');
    expect(periodsOf({ ...big, punchCount: 3 })).toBe('rangeInvalid');
  });
});
