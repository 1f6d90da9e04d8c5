/**
 * Attendance punches: the read-only list (filters by worker, source and time, sort, export), the
 * console's punch button (`POST /api/user/attendancePunch/punch`, src/server/attendance-sources/routes.ts),
 * recordPunch of ./punch.ts (stores the punch and recomputes the worker's day) and tenant isolation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTENDANCE_RULE_BODY } from '../../server/attendance-fixture';
import { addUser } from '../../server/fixtures';
import { login, post, type TestApp } from '../../server/helper';
import { demoApp, list, parseCsv, tenantWithAdmin, type Row } from '../../server/org-helper';
import { localInstant } from '../../../src/shared/attendance/days';
import { recordPunch } from '../../../src/server/attendance';
import { PUNCH_SOURCE } from '../../../src/entities/attendance-punch/resource';

let t: TestApp;
let demo: string;
let demoTenant: number;
let other: string;
let worker: number;

const api = <T = Row>(action: string, body: object, token = demo) =>
  post<T>(t.app, `/api/user/attendancePunch/${action}`, body, { token });
const at = (day: string, hhmm: string) =>
  localInstant(day, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)), t.app.config.timeZone);

beforeAll(async () => {
  ({ t, demo, demoTenant } = await demoApp());
  other = (await tenantWithAdmin(t.app, 'Other Co', 'punchother')).token;
  worker = await addUser(t.app, { tenant: demoTenant, username: 'punch-worker' });
  const rule = await post(
    t.app,
    '/api/user/attendanceRule/add',
    { ...ATTENDANCE_RULE_BODY, name: 'Punch test hours', type: 1, userIds: [worker] },
    { token: demo },
  );
  expect(rule.code, rule.msg).toBe(0);
  // Building the seeded app takes most of a minute on a busy machine.
}, 180_000);
afterAll(() => t?.close());

describe('attendance punches', () => {
  it('the demo site starts with its workers’ punches, newest first; another company has none', async () => {
    const seeded = await list(t.app, 'attendancePunch', { size: 50 }, demo);
    expect(seeded.total).toBeGreaterThan(0);
    const times = seeded.rows.map((r) => Date.parse(String(r.at)));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect((await list(t.app, 'attendancePunch', {}, other)).total).toBe(0);
  });

  it("recordPunch stores the punch and recomputes the worker's day", async () => {
    // Monday 2 November 2026, a workday of the rule (Monday to Friday).
    await recordPunch(t.app, {
      tenantId: demoTenant,
      userId: worker,
      at: at('2026-11-02', '08:10'),
      source: PUNCH_SOURCE.helmet,
      imei: '860000000000123',
    });
    await recordPunch(t.app, {
      tenantId: demoTenant,
      userId: worker,
      at: at('2026-11-02', '17:45'),
      source: PUNCH_SOURCE.faceDoor,
      note: 'gate 2',
    });
    const rows = (
      await list(t.app, 'attendancePunch', { filters: { userId: worker }, sort: [{ field: 'at', order: 'asc' }] }, demo)
    ).rows;
    expect(rows).toMatchObject([
      { source: PUNCH_SOURCE.helmet, imei: '860000000000123', note: null },
      { source: PUNCH_SOURCE.faceDoor, imei: null, note: 'gate 2' },
    ]);
    expect(Date.parse(String(rows[0]!.at))).toBe(at('2026-11-02', '08:10').getTime());
    const [record] = (await list(t.app, 'attendanceRecord', { filters: { userId: worker } }, demo)).rows;
    expect(record).toMatchObject({ day: '2026-11-02', punches: 2 });
    expect(Date.parse(String(record!.firstPunch))).toBe(at('2026-11-02', '08:10').getTime());
    expect(Date.parse(String(record!.lastPunch))).toBe(at('2026-11-02', '17:45').getTime());
  });

  it('filters by source and time range', async () => {
    const helmet = await list(
      t.app,
      'attendancePunch',
      { filters: { userId: worker, source: PUNCH_SOURCE.helmet } },
      demo,
    );
    expect(helmet.rows.map((r) => r.imei)).toEqual(['860000000000123']);
    const afternoon = await list(
      t.app,
      'attendancePunch',
      { filters: { userId: worker, at: [at('2026-11-02', '12:00').toISOString(), null] } },
      demo,
    );
    expect(afternoon.rows.map((r) => r.source)).toEqual([PUNCH_SOURCE.faceDoor]);
  });

  it("the console's punch button punches for the caller at the service's time; the visitor cannot", async () => {
    const { token, user } = await login(t.app, 'punch-worker', 'secret1');
    const res = await api<{ at: string; source: number }>('punch', {}, token);
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toEqual({ at: new Date(t.clock.now()).toISOString(), source: PUNCH_SOURCE.console });
    const [mine] = (
      await list(t.app, 'attendancePunch', { filters: { userId: user.id, source: PUNCH_SOURCE.console } }, demo)
    ).rows;
    expect(mine).toMatchObject({ userId: worker });
    expect(Date.parse(String(mine!.at))).toBe(t.clock.now());
    const visitor = String(
      (await post(t.app, '/api/auth/auth/visitorLogin', { language: 'CN' })).headers.authorization,
    );
    expect(await api('punch', {}, visitor)).toMatchObject({ code: 403, key: 'readOnlyVisitor' });
  });

  it('exports the rows; nobody adds, changes or deletes a punch; another company sees none', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/attendancePunch/export',
      payload: { filters: { userId: worker }, format: 'csv' },
      headers: { authorization: demo },
    });
    expect(res.statusCode).toBe(200);
    expect(parseCsv(res.body).length).toBe(1 + 3);
    const [row] = (await list(t.app, 'attendancePunch', { filters: { userId: worker } }, demo)).rows;
    for (const action of ['add', 'update', 'delete'])
      expect((await api(action, { id: row!.id, ids: [row!.id], userId: worker })).code).toBe(404);
    expect((await api('get', { id: row!.id }, other)).code).toBe(404);
    expect((await list(t.app, 'attendancePunch', { filters: { userId: worker } }, other)).total).toBe(0);
  });
});
