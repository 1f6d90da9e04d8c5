import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, post, type TestApp } from '../../server/helper';
import { addUser, tenantId } from '../../server/fixtures';
import { list, tenantWithAdmin, type Row } from '../../server/org-helper';
import { dutyOverlaps } from '../../../src/entities/duty-record/resource';

let t: TestApp;
let demo: string;
let other: { token: string; userId: number };
let worker: number;
let worker2: number;

const api = <T = Row>(path: string, body: unknown, token = demo) =>
  post<T>(t.app, `/api/user/dutyRecord/${path}`, body, { token });
const duty = (extra: object) => ({
  dutyDate: '2031-03-10',
  area: '东区',
  startTime: '08:00',
  endTime: '12:00',
  userId: worker,
  ...extra,
});

beforeAll(async () => {
  t = await buildTestApp();
  demo = (await login(t.app, 'demo', 'demo123')).token;
  const demoTenant = await tenantId(t.app, 'Demo Site');
  worker = await addUser(t.app, { tenant: demoTenant, username: 'dutyworker1' });
  worker2 = await addUser(t.app, { tenant: demoTenant, username: 'dutyworker2' });
  const o = await tenantWithAdmin(t.app, 'Other Duty Co', 'otherduty');
  other = { token: o.token, userId: o.userId };
}, 300_000);
afterAll(async () => {
  await t?.close();
});

describe('duty records', () => {
  it('overlap of [start, end) times of a day', () => {
    expect(dutyOverlaps({ start: '08:00', end: '12:00' }, { start: '11:59', end: '13:00' })).toBe(true);
    expect(dutyOverlaps({ start: '08:00', end: '12:00' }, { start: '12:00', end: '13:00' })).toBe(false);
    expect(dutyOverlaps({ start: '08:00', end: '12:00' }, { start: '09:00', end: '10:00' })).toBe(true);
  });

  it('the demo has a month of duty records on a roster', async () => {
    const all = await list(t.app, 'dutyRecord', { size: 1 }, demo);
    expect(all.total).toBeGreaterThanOrEqual(28 * 3);
  });

  it('validates times, end after start, and the person being a user of the company', async () => {
    expect((await api('add', duty({ startTime: '8:00' }))).key).toBe('timeInvalid');
    expect((await api('add', duty({ endTime: '24:00' }))).key).toBe('timeInvalid');
    expect((await api('add', duty({ startTime: '12:00', endTime: '12:00' }))).key).toBe('dutyEndBeforeStart');
    expect((await api('add', duty({ startTime: '13:00', endTime: '09:00' }))).key).toBe('dutyEndBeforeStart');
    expect((await api('add', duty({ userId: other.userId }))).key).toBe('refInvalid');
    const ok = await api('add', duty({ situation: '正常' }));
    expect(ok.code, ok.msg).toBe(0);
    expect(ok.data).toMatchObject({ area: '东区', startTime: '08:00', endTime: '12:00', userId: worker });
    // An update that puts the end before the start is refused too.
    expect((await api('update', { id: ok.data.id, endTime: '07:00' })).key).toBe('dutyEndBeforeStart');
  });

  it('refuses an overlapping duty of the same person on the same day, allows it for another person or day, and adjacent times', async () => {
    const first = await api('add', duty({ dutyDate: '2031-04-01' }));
    expect(first.code, first.msg).toBe(0);
    const clash = await api(
      'add',
      duty({ dutyDate: '2031-04-01', startTime: '11:00', endTime: '15:00', area: '西区' }),
    );
    expect(clash.code).toBe(409);
    expect(clash.key).toBe('dutyOverlap');
    expect((await api('add', duty({ dutyDate: '2031-04-01', startTime: '12:00', endTime: '15:00' }))).code).toBe(0);
    expect(
      (await api('add', duty({ dutyDate: '2031-04-01', startTime: '11:00', endTime: '15:00', userId: worker2 }))).code,
    ).toBe(0);
    expect((await api('add', duty({ dutyDate: '2031-04-02', startTime: '11:00', endTime: '15:00' }))).code).toBe(0);
    // Moving the first onto the afternoon duty clashes; editing it in place does not clash with itself.
    expect((await api('update', { id: first.data.id, endTime: '12:30' })).key).toBe('dutyOverlap');
    expect((await api('update', { id: first.data.id, startTime: '07:00', situation: '提前到岗' })).code).toBe(0);
  });

  it('two concurrent overlapping duties of one person: exactly one is stored', async () => {
    const answers = await Promise.all(
      [0, 1, 2, 3].map((i) =>
        api('add', duty({ dutyDate: '2031-05-05', startTime: `0${8 + (i % 2)}:00`, endTime: '12:00' })),
      ),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.key === 'dutyOverlap')).toHaveLength(3);
  });

  it('another company sees none of them', async () => {
    expect((await list(t.app, 'dutyRecord', {}, other.token)).total).toBe(0);
    const mine = await list(t.app, 'dutyRecord', { size: 1 }, demo);
    expect((await api('get', { id: mine.rows[0]!.id }, other.token)).key).toBe('notFound');
  });
});
