import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRole, addUser } from '../../server/fixtures';
import { login, post, type TestApp } from '../../server/helper';
import { demoApp, list, tenantWithAdmin, type Row } from '../../server/org-helper';
import { canMove } from '../../../src/shared/state-machine';
import { planEnd, WORK_PLAN_MACHINE, WORK_PLAN_STATE, type PlanTree } from '../../../src/entities/work-plan/resource';
import { today } from '../../../src/entities/work-plan/server';

let t: TestApp;
let demo: string;
let demoTenant: number;
let demoUserId: number;
let other: string;

const DAY_MS = 86_400_000;
/** A date `days` from the service's today (YYYY-MM-DD). */
const day = (days: number) =>
  new Date(Date.parse(`${today(t.app.clock.now(), t.app.config.timeZone)}T00:00:00Z`) + days * DAY_MS)
    .toISOString()
    .slice(0, 10);

const add = (body: object, token = demo) =>
  post<Row>(t.app, '/api/user/workPlan/add', { superiorId: demoUserId, ...body }, { token });
const move = (action: 'complete' | 'abnormal' | 'reopen', id: number, token = demo) =>
  post<Row>(t.app, `/api/user/workPlan/${action}`, { id }, { token });

beforeAll(async () => {
  ({ t, demo, demoTenant } = await demoApp());
  demoUserId = (await login(t.app, 'demo', 'demo123')).user.id as number;
  other = (await tenantWithAdmin(t.app, 'Other Plans Co', 'otherplans')).token;
});
afterAll(() => t?.close());

describe('work plans: dates and validation', () => {
  it('the end date follows start and period; a period of 0 or a missing start is refused', async () => {
    expect(planEnd('2026-11-01', 1)).toBe('2026-11-01');
    expect(planEnd('2026-11-25', 10)).toBe('2026-12-04');
    const added = await add({ name: 'Foundation', startDate: day(0), periodDays: 30 });
    expect(added.code).toBe(0);
    expect(added.data).toMatchObject({
      startDate: day(0),
      periodDays: 30,
      endDate: day(29),
      state: WORK_PLAN_STATE.open,
      progress: 0,
    });
    const zero = await add({ name: 'Nothing', startDate: day(0), periodDays: 0 });
    expect(zero).toMatchObject({ code: 400, key: 'tooSmall' });
    expect((await add({ name: 'No start', periodDays: 3 })).code).toBe(400);
    // A longer period moves the end date.
    const longer = await post<Row>(
      t.app,
      '/api/user/workPlan/update',
      { id: added.data.id, periodDays: 40 },
      { token: demo },
    );
    expect(longer.data.endDate).toBe(day(39));
  });

  it('a sub-plan lies within its parent; the parent cannot shrink past its sub-plans nor go under them', async () => {
    const parent = (await add({ name: 'Main structure', startDate: day(0), periodDays: 20 })).data;
    const inside = await add({ name: 'Floors 1-3', parentId: parent.id, startDate: day(2), periodDays: 10 });
    expect(inside.code).toBe(0);
    expect(await add({ name: 'Too early', parentId: parent.id, startDate: day(-1), periodDays: 3 })).toMatchObject({
      code: 400,
      key: 'workPlanOutsideParent',
    });
    expect(await add({ name: 'Too long', parentId: parent.id, startDate: day(15), periodDays: 10 })).toMatchObject({
      code: 400,
      key: 'workPlanOutsideParent',
    });
    // Moving the sub-plan out by an update is refused too.
    expect(
      await post(t.app, '/api/user/workPlan/update', { id: inside.data.id, startDate: day(18) }, { token: demo }),
    ).toMatchObject({ code: 400, key: 'workPlanOutsideParent' });
    // The parent's new dates must keep the sub-plan inside.
    expect(
      await post(t.app, '/api/user/workPlan/update', { id: parent.id, periodDays: 5 }, { token: demo }),
    ).toMatchObject({ code: 400, key: 'workPlanChildOutside' });
    // No cycles: the parent cannot go under its own sub-plan, nor a plan under itself.
    expect(
      await post(t.app, '/api/user/workPlan/update', { id: parent.id, parentId: inside.data.id }, { token: demo }),
    ).toMatchObject({ code: 400, key: 'workPlanCycle' });
    expect(
      await post(t.app, '/api/user/workPlan/update', { id: parent.id, parentId: parent.id }, { token: demo }),
    ).toMatchObject({ code: 400, key: 'workPlanCycle' });
    // The list filters by parent.
    const children = await list(t.app, 'workPlan', { filters: { parentId: parent.id } }, demo);
    expect(children.rows.map((r) => r.name)).toEqual(['Floors 1-3']);
  });

  it('the person in charge (the caller by default) and the parent must be of the company', async () => {
    const foreign = await add({ name: 'Foreign', startDate: day(0), periodDays: 5 }, other);
    expect(foreign.key).toBe('refInvalid'); // demo's user is not the other company's
    const theirs = (
      await post<Row>(
        t.app,
        '/api/user/workPlan/add',
        { name: 'Theirs', startDate: day(0), periodDays: 5 },
        { token: other },
      )
    ).data;
    // Without one named, the person in charge is the caller.
    const mine = await post<Row>(
      t.app,
      '/api/user/workPlan/add',
      { name: 'Mine by default', startDate: day(0), periodDays: 5 },
      { token: demo },
    );
    expect(mine.data.superiorId).toBe(demoUserId);
    expect((await add({ name: 'Under theirs', parentId: theirs.id, startDate: day(0), periodDays: 1 })).key).toBe(
      'refInvalid',
    );
  });
});

describe('work plans: states', () => {
  it('the machine: open -> completed | abnormal, abnormal -> completed | open, completed -> open only', () => {
    expect(canMove(WORK_PLAN_MACHINE, WORK_PLAN_STATE.open, WORK_PLAN_STATE.completed)).toBe(true);
    expect(canMove(WORK_PLAN_MACHINE, WORK_PLAN_STATE.completed, WORK_PLAN_STATE.abnormal)).toBe(false);
    expect(canMove(WORK_PLAN_MACHINE, WORK_PLAN_STATE.abnormal, WORK_PLAN_STATE.open)).toBe(true);
  });

  it('completing a parent with an open sub-plan is refused; once the sub-plan is done it completes with progress 100', async () => {
    const parent = (await add({ name: 'Roofing', startDate: day(0), periodDays: 10 })).data;
    const child = (await add({ name: 'Roof tiles', parentId: parent.id, startDate: day(1), periodDays: 3 })).data;
    expect(await move('complete', parent.id)).toMatchObject({ code: 400, key: 'workPlanOpenChildren' });
    expect((await move('complete', child.id)).data).toMatchObject({ state: WORK_PLAN_STATE.completed, progress: 100 });
    expect(await move('complete', child.id)).toMatchObject({ code: 400, key: 'noSuchTransition' });
    expect(await move('abnormal', child.id)).toMatchObject({ code: 400, key: 'noSuchTransition' });
    expect((await move('complete', parent.id)).data.state).toBe(WORK_PLAN_STATE.completed);
    expect((await move('reopen', parent.id)).data.state).toBe(WORK_PLAN_STATE.open);
    const abnormal = await move('abnormal', parent.id);
    expect(abnormal.data.state).toBe(WORK_PLAN_STATE.abnormal);
    expect(
      (await list(t.app, 'workPlan', { filters: { state: WORK_PLAN_STATE.abnormal }, keyword: 'Roofing' }, demo)).total,
    ).toBe(1);
    // The form cannot set the state.
    await post(
      t.app,
      '/api/user/workPlan/update',
      { id: parent.id, state: WORK_PLAN_STATE.completed },
      { token: demo },
    );
    expect(
      (await list(t.app, 'workPlan', { keyword: 'Roofing' }, demo)).rows.find((r) => r.id === parent.id)?.state,
    ).toBe(WORK_PLAN_STATE.abnormal);
    // Another company's plan is not found; a user without workPlan:update is refused.
    expect((await move('complete', parent.id, other)).code).toBe(404);
    const reader = await addRole(t.app, demoTenant, 'Plans reader', ['workPlan']);
    await addUser(t.app, { tenant: demoTenant, username: 'planreader', roleIds: [reader] });
    const readerToken = (await login(t.app, 'planreader', 'secret1')).token;
    expect((await move('reopen', parent.id, readerToken)).code).toBe(403);
    expect(
      (await post<PlanTree>(t.app, '/api/user/workPlan/tree', {}, { token: readerToken })).data.rows.length,
    ).toBeGreaterThan(0);
  });

  it('a plan not completed past its end date reads abnormal (list, filter, tree) until completed or extended', async () => {
    const plan = (await add({ name: 'Scaffold check', startDate: day(0), periodDays: 2 })).data;
    const done = (await add({ name: 'Scaffold order', startDate: day(0), periodDays: 2 })).data;
    await move('complete', done.id);
    const stateOf = async (id: number) =>
      (await list(t.app, 'workPlan', { keyword: 'Scaffold' }, demo)).rows.find((r) => r.id === id)?.state;
    expect(await stateOf(plan.id)).toBe(WORK_PLAN_STATE.open);
    t.clock.advance(3 * DAY_MS); // day(0) + 3: past the end (day(1))
    expect(await stateOf(plan.id)).toBe(WORK_PLAN_STATE.abnormal);
    expect(await stateOf(done.id)).toBe(WORK_PLAN_STATE.completed);
    const abnormal = await list(
      t.app,
      'workPlan',
      { filters: { state: WORK_PLAN_STATE.abnormal }, keyword: 'Scaffold' },
      demo,
    );
    expect(abnormal.rows.map((r) => r.id)).toEqual([plan.id]);
    const tree = (await post<PlanTree>(t.app, '/api/user/workPlan/tree', {}, { token: demo })).data;
    expect(tree.today).toBe(today(t.app.clock.now(), t.app.config.timeZone));
    expect(tree.rows.find((r) => r.id === plan.id)?.state).toBe(WORK_PLAN_STATE.abnormal);
    // An overdue plan cannot be "reported abnormal" again, but can be completed.
    expect((await move('abnormal', plan.id)).key).toBe('noSuchTransition');
    // Extending the period brings it back to not completed.
    await post(t.app, '/api/user/workPlan/update', { id: plan.id, periodDays: 30 }, { token: demo });
    expect(await stateOf(plan.id)).toBe(WORK_PLAN_STATE.open);
    t.clock.advance(-3 * DAY_MS);
  });
});

describe('work plans: tenant isolation', () => {
  it("another company sees none of the demo's plans, in the list or the tree", async () => {
    expect((await list(t.app, 'workPlan', {}, demo)).total).toBeGreaterThan(0);
    const theirs = await list(t.app, 'workPlan', {}, other);
    expect(theirs.rows.every((r) => r.name === 'Theirs')).toBe(true);
    const tree = (await post<PlanTree>(t.app, '/api/user/workPlan/tree', {}, { token: other })).data;
    expect(tree.rows.map((r) => r.name)).toEqual(['Theirs']);
  });
});
