/**
 * Attendance rules (/AttendanceList): the generic list, add, update and delete, the hook of
 * ./server.ts (the times the punch count needs, in order (./periods.ts); holidays normalised;
 * departments and users of the company) and tenant isolation. How records are computed from a
 * rule is src/entities/attendance-record's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTENDANCE_RULE_BODY } from '../../server/attendance-fixture';
import { addUser } from '../../server/fixtures';
import { post, type TestApp } from '../../server/helper';
import { demoApp, list, tenantWithAdmin, type Row } from '../../server/org-helper';
import { departments } from '../../../src/server/db/schema';

let t: TestApp;
let demo: string;
let other: { tenant: number; token: string; userId: number };
let worker: number;
let dept: number;
let foreignDept: number;

const api = <T = Row>(action: string, body: object, token = demo) =>
  post<T>(t.app, `/api/user/attendanceRule/${action}`, body, { token });
const rule = { ...ATTENDANCE_RULE_BODY, name: 'Office hours' };
/** Two punches: in by the morning's start (late up to its limit), out from the afternoon's end. */
const twoPunches = {
  name: 'Two punches',
  punchCount: 2,
  type: 1,
  amStart: '09:00',
  amLate: '09:30',
  pmEnd: '18:00',
  status: 1,
};

beforeAll(async () => {
  const d = await demoApp();
  ({ t, demo } = d);
  other = await tenantWithAdmin(t.app, 'Other Co', 'ruleother');
  worker = await addUser(t.app, { tenant: d.demoTenant, username: 'rule-worker' });
  [{ id: dept }, { id: foreignDept }] = (await t.app.db
    .insert(departments)
    .values([
      { tenantId: d.demoTenant, name: 'Night crew' },
      { tenantId: other.tenant, name: 'Their crew' },
    ])
    .returning({ id: departments.id })) as [{ id: number }, { id: number }];
  // Building the seeded app takes most of a minute on a busy machine.
}, 180_000);
afterAll(() => t?.close());

describe('attendance rules', () => {
  it('the demo site starts with its four-punch weekday rule; another company has none', async () => {
    const seeded = await list(t.app, 'attendanceRule', { filters: { punchCount: 4, type: 1 } }, demo);
    expect(seeded.rows[0]).toMatchObject({ amStart: '08:00', amLate: '08:30', pmEnd: '17:30', status: 1 });
    expect((seeded.rows[0]!.userIds as number[]).length).toBeGreaterThan(0);
    expect((await list(t.app, 'attendanceRule', {}, other.token)).total).toBe(0);
  });

  it('stores a rule with its targets and normalised holidays; lists by name, punch count and type', async () => {
    const a = await api('add', {
      ...rule,
      holidays: '2026-10-02\n2026-10-01，2026-10-02 2026-05-01',
      departmentIds: [dept],
      userIds: [worker],
    });
    expect(a.code, a.msg).toBe(0);
    expect(a.data).toMatchObject({
      holidays: '2026-05-01,2026-10-01,2026-10-02',
      departmentIds: [dept],
      userIds: [worker],
    });
    const b = await api('add', twoPunches);
    expect(b.code, b.msg).toBe(0);
    const c = await api('add', {
      ...rule,
      name: 'Three shifts',
      punchCount: 6,
      type: 3,
      eveningStart: '19:00',
      eveningLate: '19:15',
      eveningEnd: '22:00',
    });
    expect(c.code, c.msg).toBe(0);
    expect((await list(t.app, 'attendanceRule', { filters: { punchCount: 2 } }, demo)).rows.map((r) => r.id)).toEqual([
      b.data.id,
    ]);
    expect((await list(t.app, 'attendanceRule', { filters: { type: 3 } }, demo)).rows.map((r) => r.id)).toEqual([
      c.data.id,
    ]);
    const byName = await list(
      t.app,
      'attendanceRule',
      { filters: { name: 'o' }, sort: [{ field: 'name', order: 'asc' }] },
      demo,
    );
    const names = byName.rows.map((r) => String(r.name));
    expect(names).toEqual(expect.arrayContaining(['Office hours', 'Two punches']));
    expect(names).toEqual([...names].sort());
  });

  it.each([
    ['no name', () => ({ ...rule, name: '' }), 'required'],
    ['an unknown punch count', () => ({ ...rule, punchCount: 3 }), 'mustChooseOne'],
    ['an unknown type', () => ({ ...rule, type: 4 }), 'mustChooseOne'],
    ['a time that is no time', () => ({ ...rule, pmEnd: '17.30' }), 'timeInvalid'],
    ['two punches without the end of the day', () => ({ ...twoPunches, pmEnd: undefined }), 'required'],
    ['six punches without the evening', () => ({ ...rule, punchCount: 6 }), 'required'],
    ['a late limit before the start', () => ({ ...rule, pmLate: '13:00' }), 'rangeInvalid'],
    ['the afternoon before the morning ends', () => ({ ...rule, pmStart: '11:00', pmLate: '11:30' }), 'rangeInvalid'],
    ['a noon cut-off outside the break', () => ({ ...rule, noonCutoff: '11:00' }), 'rangeInvalid'],
    ['a holiday that is no date', () => ({ ...rule, holidays: '2026-02-30' }), 'dateInvalid'],
    ['a department twice', () => ({ ...rule, departmentIds: [dept, dept] }), 'duplicateValues'],
    ["another company's department", () => ({ ...rule, departmentIds: [foreignDept] }), 'refInvalid'],
    ["another company's user", () => ({ ...rule, userIds: [other.userId] }), 'refInvalid'],
  ])('refuses %s with its key', async (_what, body, key) => {
    const res = await api('add', body());
    expect(res).toMatchObject({ code: 400, key });
    expect(res.msg).toBeTruthy();
  });

  it('an update is checked against the stored times; delete removes the rule', async () => {
    const { data } = await api('add', { ...rule, name: 'Updated hours' });
    const upd = await api('update', { id: data.id, amStart: '07:30', status: 0, userIds: [worker] });
    expect(upd.code, upd.msg).toBe(0);
    expect((await api('get', { id: data.id })).data).toMatchObject({ amStart: '07:30', status: 0, userIds: [worker] });
    expect(await api('update', { id: data.id, amEnd: '14:30' })).toMatchObject({ code: 400, key: 'rangeInvalid' });
    expect(await api('update', { id: data.id, punchCount: 6 })).toMatchObject({ code: 400, key: 'required' });
    expect((await api('get', { id: data.id })).data).toMatchObject({ punchCount: 4, amEnd: '12:00' });
    expect((await api('delete', { ids: [data.id] })).code).toBe(0);
    expect((await api('get', { id: data.id })).code).toBe(404);
  });

  it('another company neither sees, changes nor deletes a rule', async () => {
    const { data } = await api('add', { ...rule, name: 'Private hours' });
    expect((await list(t.app, 'attendanceRule', { keyword: 'Private hours' }, other.token)).total).toBe(0);
    expect((await api('get', { id: data.id }, other.token)).code).toBe(404);
    expect((await api('update', { id: data.id, name: 'Taken' }, other.token)).code).toBe(404);
    expect((await api('delete', { ids: [data.id] }, other.token)).code).toBe(404);
    expect((await api('get', { id: data.id })).data.name).toBe('Private hours');
  });
});
