import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, post, type TestApp } from '../../server/helper';
import { demoApp, list, tenantWithAdmin, type Row } from '../../server/org-helper';

let t: TestApp;
let demo: string;
let demoUserId: number;
let other: string;

beforeAll(async () => {
  ({ t, demo } = await demoApp());
  demoUserId = (await login(t.app, 'demo', 'demo123')).user.id as number;
  other = (await tenantWithAdmin(t.app, 'Other Logs Co', 'otherlogs')).token;
});
afterAll(() => t?.close());

describe('work logs', () => {
  it('the author defaults to the caller; logs filter by date range and plan; a plan shows its logs', async () => {
    const plan = (
      await post<Row>(
        t.app,
        '/api/user/workPlan/add',
        { name: 'Log plan', superiorId: demoUserId, startDate: '2026-03-01', periodDays: 30 },
        { token: demo },
      )
    ).data;
    const first = await post<Row>(
      t.app,
      '/api/user/workLog/add',
      { logDate: '2026-03-02', workPlanId: plan.id, weather: 1, content: 'Poured slab A', image1: '/files/a.jpg' },
      { token: demo },
    );
    expect(first.code).toBe(0);
    expect(first.data).toMatchObject({
      logDate: '2026-03-02',
      authorId: demoUserId,
      workPlanId: plan.id,
      weather: 1,
      image1: '/files/a.jpg',
    });
    await post(
      t.app,
      '/api/user/workLog/add',
      { logDate: '2026-03-05', workPlanId: plan.id, weather: 4, content: 'Rain, no pouring' },
      { token: demo },
    );
    await post(
      t.app,
      '/api/user/workLog/add',
      { logDate: '2026-03-20', content: 'Site tidy-up, no plan' },
      { token: demo },
    );
    const march = await list(t.app, 'workLog', { filters: { logDate: ['2026-03-01', '2026-03-10'] } }, demo);
    expect(march.rows.map((r) => r.logDate)).toEqual(['2026-03-05', '2026-03-02']);
    const ofPlan = await list(t.app, 'workLog', { filters: { workPlanId: plan.id } }, demo);
    expect(ofPlan.total).toBe(2);
    expect(ofPlan.rows.every((r) => r.workPlanId === plan.id)).toBe(true);
    // Content is required; a plan of another company is refused; the other company sees nothing.
    expect(
      (await post(t.app, '/api/user/workLog/add', { logDate: '2026-03-02', content: '' }, { token: demo })).code,
    ).toBe(400);
    expect(
      (
        await post(
          t.app,
          '/api/user/workLog/add',
          { logDate: '2026-03-02', content: 'x', workPlanId: plan.id },
          { token: other },
        )
      ).key,
    ).toBe('refInvalid');
    expect((await list(t.app, 'workLog', { keyword: 'slab' }, other)).total).toBe(0);
    // Deleting the plan keeps its logs, without the plan.
    await post(t.app, '/api/user/workPlan/delete', { ids: [plan.id] }, { token: demo });
    const kept = await list(t.app, 'workLog', { keyword: 'slab' }, demo);
    expect(kept.rows[0]).toMatchObject({ id: first.data.id, workPlanId: null });
  });
});
