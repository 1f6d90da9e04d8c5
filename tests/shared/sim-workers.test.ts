/**
 * The simulator's site workers (src/sim/workers.ts): the demo helmets' wearers keep the working
 * day of src/shared/attendance/workday.ts on the service's local clock, and a helmet says
 * when it is put on or taken off and reports fixes only while worn.
 */
import { describe, expect, it } from 'vitest';
import { decodePayload } from '../../src/shared/devices/codec';
import { demoFleet } from '../../src/shared/devices/demo';
import { DeviceBrain } from '../../src/sim/brain';
import type { SimDevice } from '../../src/sim/roster';
import { atWork } from '../../src/sim/workers';
import { localInstant, daysBetween, isoWeekday } from '../../src/shared/attendance/days';
import { DEMO_WORKDAY, dayPlan, isWorkday } from '../../src/shared/attendance/workday';

const TZ = 'Asia/Shanghai';
const helmet = demoFleet().find((d) => d.kind === 'helmet' && d.scenario === 'construction')!;
const at = (day: string, hh: number, mm = 0) => localInstant(day, hh * 60 + mm, TZ).getTime();

function brain(device: SimDevice, clock: { t: number }, shiftTimeZone?: string) {
  const sent: Record<string, unknown>[] = [];
  const b = new DeviceBrain(
    device,
    (_topic, payload) => sent.push(decodePayload(payload).value as Record<string, unknown>),
    { intervalS: 60, seed: 1, idPrefix: 't', now: () => clock.t, shiftTimeZone },
  );
  return { b, sent };
}

describe('workers of the demo site', () => {
  it('keep plausible hours: most on time, some 5-30 minutes late, some early, a few days away', () => {
    const days = daysBetween('2026-01-05', '2026-04-03').filter((d) => isWorkday(isoWeekday(d)));
    const worn = demoFleet().filter(
      (d) => d.scenario === 'construction' && (d.kind === 'helmet' || d.kind === 'uwbTag'),
    );
    const plans = worn.flatMap((d) => days.map((day) => dayPlan(d.imei, day))).filter((p) => !p.absent);
    const late = plans.filter((p) => p.arrive > DEMO_WORKDAY.start);
    expect(late.length / plans.length).toBeGreaterThan(0.05);
    expect(late.length / plans.length).toBeLessThan(0.3);
    for (const p of late) {
      expect(p.arrive - DEMO_WORKDAY.start).toBeGreaterThanOrEqual(5);
      expect(p.arrive - DEMO_WORKDAY.start).toBeLessThanOrEqual(30);
    }
    for (const p of plans) expect(p.arrive).toBeGreaterThanOrEqual(DEMO_WORKDAY.start - 25);
    const early = plans.filter((p) => p.leave < DEMO_WORKDAY.end);
    expect(early.length).toBeGreaterThan(0);
    expect(early.length / plans.length).toBeLessThan(0.25);
    expect(plans.length).toBeLessThan(days.length * worn.length);
  });

  it('are not at work at night or at weekends', () => {
    expect(atWork(helmet.imei, at('2026-03-10', 3), TZ)).toBe(false);
    expect(atWork(helmet.imei, at('2026-03-10', 22), TZ)).toBe(false);
    // 2026-03-14 is a Saturday.
    expect(atWork(helmet.imei, at('2026-03-14', 10), TZ)).toBe(false);
  });

  it('put the helmet on at arrival and take it off at leaving; fixes only while it is worn', () => {
    const day = daysBetween('2026-03-09', '2026-03-20').find(
      (d) => isWorkday(isoWeekday(d)) && !dayPlan(helmet.imei, d).absent,
    )!;
    const plan = dayPlan(helmet.imei, day);
    const clock = { t: localInstant(day, plan.arrive - 30, TZ).getTime() };
    const { b, sent } = brain({ ...helmet }, clock, TZ);
    b.report(60);
    expect(sent.filter((m) => m.kind === 'status')).toEqual([expect.objectContaining({ wearing: false })]);
    expect(sent.some((m) => m.kind === 'location')).toBe(false);
    sent.length = 0;
    clock.t = localInstant(day, plan.arrive + 1, TZ).getTime();
    b.report(60);
    expect(sent.filter((m) => m.kind === 'status')).toEqual([expect.objectContaining({ wearing: true })]);
    expect(sent.filter((m) => m.kind === 'location')).toHaveLength(1);
    sent.length = 0;
    clock.t = localInstant(day, plan.leave + 1, TZ).getTime();
    b.report(60);
    expect(sent.filter((m) => m.kind === 'status')).toEqual([expect.objectContaining({ wearing: false })]);
    expect(sent.some((m) => m.kind === 'location')).toBe(false);
  });

  it('leave devices alone without a time zone, and devices outside the demo site', () => {
    const clock = { t: at('2026-03-10', 3) };
    const plain = brain({ ...helmet }, clock);
    plain.b.report(60);
    expect(plain.sent.some((m) => m.kind === 'location')).toBe(true);
    const other = brain({ ...helmet, imei: '860999000000009' }, clock, TZ);
    other.b.report(60);
    expect(other.sent.some((m) => m.kind === 'location')).toBe(true);
    expect(other.sent.some((m) => m.kind === 'status')).toBe(false);
  });
});
