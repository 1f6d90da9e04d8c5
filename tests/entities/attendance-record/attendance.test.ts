import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTENDANCE_RULE_BODY } from '../../server/attendance-fixture';
import { addUser } from '../../server/fixtures';
import { finishedJob, post, type TestApp } from '../../server/helper';
import { demoApp, list, tenantWithAdmin, type Row } from '../../server/org-helper';
import { departments, users } from '../../../src/server/db/schema';
import { localInstant } from '../../../src/shared/attendance/days';
import { leaveRequests } from '../../../src/entities/leave-request';
import { PUNCH_SOURCE } from '../../../src/entities/attendance-punch';
import { recordPunch } from '../../../src/server/attendance';
import type { AttendanceStats } from '../../../src/shared/attendance/stats';

let t: TestApp;
let demo: string;
let demoTenant: number;
let other: string;
let dept: number;
let alice: number;
let bob: number;
let ruleId: number;

const tz = () => t.app.config.timeZone;
const at = (day: string, hhmm: string) =>
  localInstant(day, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)), tz());
/** Weekdays of September 2026 (Tuesday the 1st to Wednesday the 30th): 22. */
const WEEKDAYS = Array.from({ length: 30 }, (_, i) => `2026-09-${String(i + 1).padStart(2, '0')}`).filter((d) => {
  const wd = new Date(`${d}T00:00:00Z`).getUTCDay();
  return wd >= 1 && wd <= 5;
});

const rule = { ...ATTENDANCE_RULE_BODY, name: 'Site hours', type: 1 };

beforeAll(async () => {
  ({ t, demo, demoTenant } = await demoApp());
  other = (await tenantWithAdmin(t.app, 'Other Attendance Co', 'otherattendance')).token;
  const [d] = await t.app.db
    .insert(departments)
    .values({ tenantId: demoTenant, name: 'Attendance crew' })
    .returning({ id: departments.id });
  dept = d!.id;
  alice = await addUser(t.app, { tenant: demoTenant, username: 'att-alice' });
  bob = await addUser(t.app, { tenant: demoTenant, username: 'att-bob' });
  await t.app.db
    .update(users)
    .set({ departmentId: dept })
    .where(inArray(users.id, [alice, bob]));
}, 400_000);
afterAll(() => t?.close());

describe('attendance rules', () => {
  it('validates the times of the punch count, their order, holidays and targets; another company sees nothing', async () => {
    const missing = await post(t.app, '/api/user/attendanceRule/add', { ...rule, pmStart: undefined }, { token: demo });
    expect([missing.code, missing.key]).toEqual([400, 'required']);
    const disorder = await post(t.app, '/api/user/attendanceRule/add', { ...rule, amLate: '08:00' }, { token: demo });
    expect([disorder.code, disorder.key]).toEqual([400, 'rangeInvalid']);
    const badTime = await post(t.app, '/api/user/attendanceRule/add', { ...rule, amStart: '25:00' }, { token: demo });
    expect([badTime.code, badTime.key]).toEqual([400, 'timeInvalid']);
    const badDay = await post(
      t.app,
      '/api/user/attendanceRule/add',
      { ...rule, holidays: '2026-02-31' },
      { token: demo },
    );
    expect([badDay.code, badDay.key]).toEqual([400, 'dateInvalid']);
    const otherUser = await post(
      t.app,
      '/api/user/attendanceRule/add',
      { ...rule, userIds: [alice] },
      { token: other },
    );
    expect([otherUser.code, otherUser.key]).toEqual([400, 'refInvalid']);
    const added = await post<Row>(
      t.app,
      '/api/user/attendanceRule/add',
      { ...rule, holidays: '2026-10-02, 2026-10-01', userIds: [alice, bob] },
      { token: demo },
    );
    expect(added.code).toBe(0);
    ruleId = added.data.id;
    expect(added.data.holidays).toBe('2026-10-01,2026-10-02');
    // An update is checked against the stored times.
    const upd = await post(t.app, '/api/user/attendanceRule/update', { id: ruleId, amEnd: '13:45' }, { token: demo });
    expect([upd.code, upd.key]).toEqual([400, 'rangeInvalid']);
    expect((await list(t.app, 'attendanceRule', {}, other)).total).toBe(0);
  });
});

describe('attendance records from punches', () => {
  it('a month of punches through recordPunch gives the late, early, absent and leave counts; the lists, stats and report follow', async () => {
    // Approved leave all day on the 9th (Wednesday).
    await t.app.db.insert(leaveRequests).values({
      tenantId: demoTenant,
      userId: alice,
      type: 5,
      startAt: at('2026-09-09', '00:00'),
      endAt: at('2026-09-09', '23:59'),
      reason: 'sick',
      state: 2,
    });
    for (const day of WEEKDAYS) {
      if (day === '2026-09-08' || day === '2026-09-09') continue;
      const times = [
        day === '2026-09-02' ? '08:45' : '08:20',
        '12:05',
        '13:20',
        day === '2026-09-03' ? '17:00' : '17:40',
      ];
      for (const hhmm of times)
        await recordPunch(t.app, {
          tenantId: demoTenant,
          userId: alice,
          at: at(day, hhmm),
          source: PUNCH_SOURCE.console,
        });
    }
    // A weekend punch leaves no record.
    await recordPunch(t.app, {
      tenantId: demoTenant,
      userId: alice,
      at: at('2026-09-05', '08:00'),
      source: PUNCH_SOURCE.helmet,
      imei: '860000000000001',
    });
    const mine = await list(
      t.app,
      'attendanceRecord',
      { filters: { userId: alice, day: ['2026-09-01', '2026-09-30'] }, size: 100 },
      demo,
    );
    // Days with punches only: the 8th and 9th come with the finalisation below.
    expect(mine.total).toBe(20);
    const late = mine.rows.find((r) => r.day === '2026-09-02')!;
    expect([late.amAtState, late.amEndState, late.pmAtState, late.pmEndState, late.status]).toEqual([2, 1, 1, 1, 3]);
    expect(late.departmentId).toBe(dept);
    expect(mine.rows.find((r) => r.day === '2026-09-03')!.pmEndState).toBe(3);

    // Recompute the month (as after a rule change): the 8th becomes absent, the 9th on leave, Bob absent every weekday.
    const job = await post<{ id: number }>(
      t.app,
      '/api/user/attendanceRecord/recompute',
      { from: '2026-09-01', to: '2026-09-30' },
      { token: demo },
    );
    expect(job.code).toBe(0);
    const done = await finishedJob(t.app, job.data.id, demo);
    expect(done.result).toMatchObject({ days: 30 });
    const all = await list(
      t.app,
      'attendanceRecord',
      { filters: { userId: alice, day: ['2026-09-01', '2026-09-30'] }, size: 100 },
      demo,
    );
    expect(all.total).toBe(22);
    const sum = (k: string) => all.rows.reduce((s, r) => s + Number(r[k]), 0);
    expect({ late: sum('late'), early: sum('early'), absent: sum('absent'), leave: sum('leave') }).toEqual({
      late: 1,
      early: 1,
      absent: 4,
      leave: 4,
    });
    expect(all.rows.find((r) => r.day === '2026-09-09')).toMatchObject({ amAtState: 4, pmEndState: 4, status: 2 });

    // The presets: late or early, absent.
    expect(
      (
        await list(
          t.app,
          'attendanceRecord',
          { filters: { userId: alice, issue: 1, day: ['2026-09-01', '2026-09-30'] } },
          demo,
        )
      ).rows
        .map((r) => r.day)
        .sort(),
    ).toEqual(['2026-09-02', '2026-09-03']);
    expect(
      (
        await list(
          t.app,
          'attendanceRecord',
          { filters: { userId: alice, issue: 2, day: ['2026-09-01', '2026-09-30'] } },
          demo,
        )
      ).rows.map((r) => r.day),
    ).toEqual(['2026-09-08']);
    const bobs = await list(
      t.app,
      'attendanceRecord',
      { filters: { userId: bob, issue: 2, day: ['2026-09-01', '2026-09-30'] }, size: 100 },
      demo,
    );
    expect(bobs.total).toBe(22);
    expect(bobs.rows.every((r) => r.absent === 4 && r.status === 3)).toBe(true);

    const stats = await post<AttendanceStats>(
      t.app,
      '/api/user/attendanceRecord/stats',
      { from: '2026-09-01', to: '2026-09-30', departmentId: dept },
      { token: demo },
    );
    expect(stats.code).toBe(0);
    expect(stats.data.days).toHaveLength(30);
    expect(stats.data.totals).toMatchObject({ records: 44, late: 1, early: 1, absent: 23, leave: 1, normal: 19 });
    expect(stats.data.days.find((d) => d.day === '2026-09-02')).toMatchObject({ late: 1, absent: 1, normal: 0 });
    expect(stats.data.topLate).toEqual([{ userId: alice, name: 'att-alice', late: 1, early: 1, absent: 4 }]);
    expect(stats.data.departments).toEqual([
      expect.objectContaining({ departmentId: dept, name: 'Attendance crew', records: 44 }),
    ]);
    const badSpan = await post(
      t.app,
      '/api/user/attendanceRecord/stats',
      { from: '2026-09-30', to: '2026-09-01' },
      { token: demo },
    );
    expect([badSpan.code, badSpan.key]).toEqual([400, 'rangeInvalid']);

    const report = await post<{ id: number }>(
      t.app,
      '/api/user/attendanceRecord/reportJob',
      { month: '2026-09', departmentId: dept },
      { token: demo },
    );
    expect(report.code).toBe(0);
    const reported = await finishedJob(t.app, report.data.id, demo);
    expect(reported.result).toEqual({ records: 44, people: 2 });

    // Another company sees none of it and cannot recompute ours.
    expect((await list(t.app, 'attendanceRecord', { filters: { userId: alice } }, other)).total).toBe(0);
    expect(
      (
        await post<AttendanceStats>(
          t.app,
          '/api/user/attendanceRecord/stats',
          { from: '2026-09-01', to: '2026-09-30' },
          { token: other },
        )
      ).data.totals.records,
    ).toBe(0);
    expect((await list(t.app, 'attendancePunch', { filters: { userId: alice } }, other)).total).toBe(0);
    expect((await list(t.app, 'attendancePunch', { filters: { userId: alice } }, demo)).total).toBe(20 * 4 + 1);
  }, 240_000);

  it('a rule change and a recompute change the states; disabling the rule removes the records', async () => {
    expect(
      (await post(t.app, '/api/user/attendanceRule/update', { id: ruleId, amStart: '08:50' }, { token: demo })).code,
    ).toBe(0);
    const job = await post<{ id: number }>(
      t.app,
      '/api/user/attendanceRecord/recompute',
      { from: '2026-09-02', to: '2026-09-02' },
      { token: demo },
    );
    await finishedJob(t.app, job.data.id, demo);
    const [row] = (
      await list(t.app, 'attendanceRecord', { filters: { userId: alice, day: ['2026-09-02', '2026-09-02'] } }, demo)
    ).rows;
    expect(row).toMatchObject({ amAtState: 1, late: 0 });
    expect(
      (await post(t.app, '/api/user/attendanceRule/update', { id: ruleId, status: 0 }, { token: demo })).code,
    ).toBe(0);
    const job2 = await post<{ id: number }>(
      t.app,
      '/api/user/attendanceRecord/recompute',
      { from: '2026-09-02', to: '2026-09-02' },
      { token: demo },
    );
    await finishedJob(t.app, job2.data.id, demo);
    expect(
      (await list(t.app, 'attendanceRecord', { filters: { userId: alice, day: ['2026-09-02', '2026-09-02'] } }, demo))
        .total,
    ).toBe(0);
    const left = await t.app.db
      .select()
      .from(leaveRequests)
      .where(and(eq(leaveRequests.userId, alice)));
    expect(left).toHaveLength(1);
  }, 60_000);
});
