import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlarmStats } from '../../../src/shared/alarms/api';
import { alarmRecords } from '../../../src/server/db/schema';
import { buildTestApp, login, post, type TestApp } from '../helper';
import { addRole, addTenant, addUser, tenantId } from '../fixtures';

let t: TestApp;
let demo: string;
let visitor: string;
let plain: string;
let handler: string;
let demoTenant: number;
let otherTenant: number;
let mine: number[];
let theirs: number[];
const HOUR = 3_600_000;
let base: number;

type Row = typeof alarmRecords.$inferInsert;
const record = (tenant: number, type: number, hoursAgo: number, extra: Partial<Row> = {}): Row => ({
  tenantId: tenant,
  imei: '860000000000001',
  type,
  level: type === 15 ? 3 : 2,
  title: 'x',
  deviceKind: 'watch',
  deviceName: 'Watch 1',
  ts: new Date(base - hoursAgo * HOUR),
  createdAt: new Date(base - hoursAgo * HOUR),
  ...extra,
});

beforeAll(async () => {
  t = await buildTestApp({ embeddedBroker: true });
  base = t.clock.now();
  demoTenant = await tenantId(t.app, 'Demo Site');
  otherTenant = await addTenant(t.app, 'Other Site');
  await t.app.db.delete(alarmRecords);
  mine = (
    await t.app.db
      .insert(alarmRecords)
      .values([
        record(demoTenant, 15, 30),
        record(demoTenant, 6, 20, { imei: '860000000000777', deviceKind: 'helmet', deviceName: 'Helmet 7' }),
        record(demoTenant, 6, 10, { imei: '860000000000777', deviceKind: 'helmet', deviceName: 'Helmet 7', read: 1 }),
        record(demoTenant, 2, 2, { handleState: 1 }),
      ])
      .returning({ id: alarmRecords.id })
  ).map((r) => r.id);
  theirs = (
    await t.app.db
      .insert(alarmRecords)
      .values([record(otherTenant, 15, 5), record(otherTenant, 9, 1)])
      .returning({ id: alarmRecords.id })
  ).map((r) => r.id);
  demo = (await login(t.app, 'demo', 'demo123')).token;
  visitor = String((await post(t.app, '/api/auth/auth/visitorLogin', { language: 'CN' })).headers.authorization);
  // A user of the tenant without the alarm:handle mark, and one who holds it and the alarm menu.
  await addUser(t.app, { tenant: demoTenant, username: 'plain1' });
  const role = await addRole(t.app, demoTenant, 'Alarm desk', ['alarmList', 'alarm:handle']);
  await addUser(t.app, { tenant: demoTenant, username: 'desk1', roleIds: [role] });
  plain = (await login(t.app, 'plain1', 'secret1')).token;
  handler = (await login(t.app, 'desk1', 'secret1')).token;
});
afterAll(() => t?.close());

const api = <T = unknown>(path: string, body: unknown, token = demo) =>
  post<T>(t.app, `/api/device/alarm/${path}`, body, { token });
const rowsOf = (ids: number[]) =>
  t.app.db.select().from(alarmRecords).where(inArray(alarmRecords.id, ids)).orderBy(alarmRecords.id);

describe('alarm list (generic resource)', () => {
  it('lists the tenant only, filters on type, level, read, handle state, kind, time and the imei keyword', async () => {
    const list = async (body: object) => (await api<{ rows: { id: number }[]; total: number }>('list', body)).data;
    expect((await list({})).total).toBe(4);
    expect((await list({ filters: { type: 6 } })).total).toBe(2);
    expect((await list({ filters: { level: 3 } })).total).toBe(1);
    expect((await list({ filters: { read: 0 } })).total).toBe(3);
    expect((await list({ filters: { handleState: 1 } })).rows.map((r) => r.id)).toEqual([mine[3]]);
    expect((await list({ filters: { deviceKind: ['helmet'] } })).total).toBe(2);
    expect((await list({ keyword: '0777' })).total).toBe(2);
    expect(
      (
        await list({
          filters: { ts: [new Date(base - 25 * HOUR).toISOString(), new Date(base - 5 * HOUR).toISOString()] },
        })
      ).total,
    ).toBe(2);
    const all = await list({ size: 100 });
    expect(all.rows.map((r) => r.id)).toEqual([mine[3], mine[2], mine[1], mine[0]]);
    expect((await api('get', { id: theirs[0] })).code).toBe(404);
    expect((await api('add', {})).status).toBe(404);
  });

  it('exports the list', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/device/alarm/export',
      payload: { format: 'csv', filters: { type: 6 } },
      headers: { authorization: demo },
    });
    expect(res.headers['content-type']).toMatch(/csv/);
    expect(res.body.split('\n').filter((l) => l.includes('860000000000777'))).toHaveLength(2);
  });
});

describe('read and handle', () => {
  it('marks read once; a replay changes nothing and succeeds; other tenants are untouched', async () => {
    const updates: unknown[] = [];
    const on = (...args: unknown[]) => updates.push(args);
    t.app.alarmHub.on('updated', on);
    try {
      const first = await api<{ updated: number }>('read', { ids: [mine[0], mine[1], theirs[0]], requestId: 'r1' });
      expect(first).toMatchObject({ code: 0, data: { updated: 2 } });
      const replay = await api<{ updated: number }>('read', { ids: [mine[0], mine[1], theirs[0]], requestId: 'r1' });
      expect(replay).toMatchObject({ code: 0, data: { updated: 0 } });
      expect((await api('read', { ids: theirs })).code).toBe(404);
    } finally {
      t.app.alarmHub.off('updated', on);
    }
    expect(updates).toEqual([[demoTenant, [mine[0], mine[1]], { read: 1 }]]);
    expect((await rowsOf(theirs)).map((r) => r.read)).toEqual([0, 0]);
  });

  it('handles with the handler and time; the same body again changes nothing', async () => {
    const body = { ids: [mine[0], theirs[0]], state: 1, note: 'Called the family', requestId: 'h1' };
    const first = await api<{ updated: number }>('handle', body, handler);
    expect(first).toMatchObject({ code: 0, data: { updated: 1 } });
    const [row] = await rowsOf([mine[0]!]);
    expect(row).toMatchObject({ handleState: 1, handleNote: 'Called the family', handlerName: 'desk1', read: 1 });
    expect(row!.handledAt!.getTime()).toBe(t.clock.now());
    t.clock.advance(60_000);
    expect(await api('handle', body, handler)).toMatchObject({ code: 0, data: { updated: 0 } });
    // Someone marks it a false alarm; the first request replayed late (offline queue) does not undo that.
    expect(await api('handle', { ids: [mine[0]], state: 2 })).toMatchObject({ code: 0, data: { updated: 1 } });
    expect(await api('handle', body, handler)).toMatchObject({ code: 0, data: { updated: 0 } });
    const [after] = await rowsOf([mine[0]!]);
    expect(after).toMatchObject({ handleState: 2, handlerName: 'Demo administrator' });
    expect((await rowsOf(theirs)).map((r) => r.handleState)).toEqual([0, 0]);
    expect((await api('handle', { ids: theirs, state: 1 })).code).toBe(404);
  });

  it('refuses visitors and users without the alarm:handle mark; visitors cannot mark read', async () => {
    expect((await api('handle', { ids: [mine[1]], state: 1 }, visitor)).code).toBe(403);
    expect(await api('handle', { ids: [mine[1]], state: 1 }, plain)).toMatchObject({ code: 403, key: 'noPermission' });
    expect((await api('read', { ids: [mine[2]] }, visitor)).code).toBe(403);
    expect((await rowsOf([mine[1]!]))[0]!.handleState).toBe(0);
  });

  it('answers bad input with a clear error', async () => {
    expect(await api('read', { ids: [] })).toMatchObject({ code: 400, key: 'nothingSelected' });
    expect(await api('handle', { ids: [1], state: 0 })).toMatchObject({ code: 400 });
    expect(await api('handle', { ids: ['x'], state: 1 })).toMatchObject({ code: 400 });
    expect(await api('handle', { ids: [1], state: 1, note: 'x'.repeat(501) })).toMatchObject({
      code: 400,
      key: 'tooLong',
    });
    expect(await api('since', { after: 'not a date' })).toMatchObject({ code: 400, key: 'dateInvalid' });
    expect(await api('since', { after: new Date().toISOString(), limit: 10_000 })).toMatchObject({ code: 400 });
    expect(
      await api('stats', { from: new Date(base).toISOString(), to: new Date(base - HOUR).toISOString() }),
    ).toMatchObject({ code: 400, key: 'invalidInput' });
    expect(await api('stats', { bucket: 'week' })).toMatchObject({ code: 400 });
  });
});

describe('since, stats and unread count', () => {
  it('since: the tenant only, stored after the time, oldest first; nothing for users who may not see alarms', async () => {
    const res = await api<{ id: number; createdAt: string }[]>('since', {
      after: new Date(base - 25 * HOUR).toISOString(),
    });
    expect(res.data.map((r) => r.id)).toEqual([mine[1], mine[2], mine[3]]);
    expect(
      (await api<unknown[]>('since', { after: new Date(base - 25 * HOUR).toISOString(), limit: 1 })).data,
    ).toHaveLength(1);
    expect(
      (await api<{ id: number }[]>('since', { after: new Date(base - 40 * HOUR).toISOString() }, handler)).data,
    ).toHaveLength(4);
    expect((await api<unknown[]>('since', { after: new Date(base - 40 * HOUR).toISOString() }, plain)).data).toEqual(
      [],
    );
  });

  it('stats count the period by type, level, kind, handling, trend and top devices', async () => {
    await t.app.db.update(alarmRecords).set({ read: 0, handleState: 0 }).where(eq(alarmRecords.tenantId, demoTenant));
    await t.app.db.update(alarmRecords).set({ read: 1 }).where(eq(alarmRecords.id, mine[2]!));
    const from = new Date(base - 48 * HOUR).toISOString();
    const to = new Date(base).toISOString();
    const { data: s } = await api<AlarmStats>('stats', { from, to, bucket: 'day' });
    expect(s).toMatchObject({ total: 4, unread: 3, pending: 4 });
    // Largest first.
    expect(s.byType[0]).toEqual({ type: 6, count: 2 });
    expect(Object.fromEntries(s.byType.map((x) => [x.type, x.count]))).toEqual({ 2: 1, 6: 2, 15: 1 });
    expect(Object.fromEntries(s.byKind.map((x) => [x.kind, x.count]))).toEqual({ watch: 2, helmet: 2 });
    expect(Object.fromEntries(s.byLevel.map((x) => [x.level, x.count]))).toEqual({ 2: 3, 3: 1 });
    expect(s.byHandle).toEqual([{ state: 0, count: 4 }]);
    // Days counted from `from`: [48 h ago, 24 h ago) holds the one 30 h ago, the next day the rest.
    expect(s.trend.map((p) => p.count)).toEqual([1, 3, 0]);
    expect(s.trend[0]!.at).toBe(from);
    expect(s.topDevices[0]).toEqual({ imei: '860000000000001', name: 'Watch 1', count: 2 });
    const { data: hourly } = await api<AlarmStats>('stats', {
      from: new Date(base - 3 * HOUR).toISOString(),
      to,
      bucket: 'hour',
    });
    expect(hourly.total).toBe(1);
    expect(hourly.trend).toHaveLength(4);
  });

  it('unreadCount counts the tenant only', async () => {
    expect((await api<{ unread: number }>('unreadCount', undefined)).data).toEqual({ unread: 3 });
    const admin = (await login(t.app, 'admin', 'admin123')).token;
    expect((await api<{ unread: number }>('unreadCount', undefined, admin)).data.unread).toBe(5);
  });
});
