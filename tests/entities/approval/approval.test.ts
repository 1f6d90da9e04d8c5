import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { APPROVAL_PUSH_CODE, APPROVAL_STATE, checkApprovalLevels, STEP_RESULT } from '../../../src/shared/approvals';
import { buildTestApp, login, post, type TestApp } from '../../server/helper';
import { addRole, addUser, tenantId } from '../../server/fixtures';
import { list, tenantWithAdmin, type Row } from '../../server/org-helper';
import { submitApproval } from '../../../src/server/approvals';
import { approvedLeaveFor } from '../../../src/server/attendance';
import {
  DEMO_APPROVAL_NODE,
  DEMO_APPROVER,
  LEAVE_STATE,
  LEAVE_TYPE,
  leaveRequests,
} from '../../../src/entities/leave-request';

let t: TestApp;
let demo: string;
let demoTenant: number;
let other: string;
let otherTenant: number;
const ids = { lead1: 0, lead2: 0, boss: 0, outsider: 0 };
const tokens = { lead1: '', lead2: '', boss: '', outsider: '' };

const api = <T = Row>(path: string, body: unknown, token = demo) =>
  post<T>(t.app, `/api/user/${path}`, body, { token });
const decided: unknown[] = [];
const onDecided = (d: unknown) => void decided.push(d);
const pushes: { ids: readonly number[]; payload: Record<string, unknown> }[] = [];

/** A node of the demo company, answered id; fails loudly. */
async function addNode(name: string, levels: number[][]): Promise<number> {
  const res = await api('approvalNode/add', {
    name,
    level1Approvers: levels[0] ?? [],
    level2Approvers: levels[1] ?? [],
    level3Approvers: levels[2] ?? [],
  });
  expect(res.code, res.msg).toBe(0);
  return (res.data as Row).id;
}
const approval = async (id: number) => (await api('approval/get', { id })).data;
const hour = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

beforeAll(async () => {
  t = await buildTestApp();
  demo = (await login(t.app, 'demo', 'demo123')).token;
  demoTenant = await tenantId(t.app, 'Demo Site');
  const o = await tenantWithAdmin(t.app, 'Other Approvals Co', 'otherapprovals');
  other = o.token;
  otherTenant = o.tenant;
  const role = await addRole(t.app, demoTenant, 'approvers', ['audit', 'AuditNotice']);
  for (const name of ['lead1', 'lead2', 'boss', 'outsider'] as const) {
    ids[name] = await addUser(t.app, { tenant: demoTenant, username: `ap_${name}`, roleIds: [role] });
    tokens[name] = (await login(t.app, `ap_${name}`, 'secret1')).token;
  }
  t.app.events.on('approval.decided', onDecided);
  vi.spyOn(t.app.push, 'toUsers').mockImplementation(
    (to, payload) => void pushes.push({ ids: to, payload: payload as Record<string, unknown> }),
  );
}, 120_000);
afterAll(async () => {
  t?.app.events.off('approval.decided', onDecided);
  await t?.close();
});

describe('approval nodes', () => {
  it('levels in order and at least two approvers: checkApprovalLevels', () => {
    expect(checkApprovalLevels([[1], [2], []])).toBeUndefined();
    expect(checkApprovalLevels([[1, 2], [], []])).toBeUndefined();
    expect(checkApprovalLevels([[1], [], []])).toBe('approversAtLeastTwo');
    expect(checkApprovalLevels([[1], [1], []])).toBe('approversAtLeastTwo');
    expect(checkApprovalLevels([[], [], []])).toBe('approversAtLeastTwo');
    expect(checkApprovalLevels([[1], [], [2]])).toBe('approvalLevelsInvalid');
    expect(checkApprovalLevels([[], [1, 2], []])).toBe('approvalLevelsInvalid');
  });

  it("refuses a node with fewer than two approvers (add and update), a gap in its levels, or another company's user", async () => {
    expect((await api('approvalNode/add', { name: 'one', level1Approvers: [ids.lead1] })).key).toBe(
      'approversAtLeastTwo',
    );
    expect((await api('approvalNode/add', { name: 'none', level1Approvers: [] })).key).toBe('approversAtLeastTwo');
    expect(
      (await api('approvalNode/add', { name: 'gap', level1Approvers: [ids.lead1], level3Approvers: [ids.lead2] })).key,
    ).toBe('approvalLevelsInvalid');
    const foreign = await addUser(t.app, { tenant: otherTenant, username: 'ap_foreign' });
    expect(
      (await api('approvalNode/add', { name: 'foreign', level1Approvers: [ids.lead1], level2Approvers: [foreign] }))
        .key,
    ).toBe('refInvalid');
    const id = await addNode('ok', [[ids.lead1], [ids.lead2]]);
    expect((await api('approvalNode/get', { id })).data).toMatchObject({
      level1Approvers: [ids.lead1],
      level2Approvers: [ids.lead2],
      level3Approvers: [],
    });
    // Taking level 2 away leaves one approver: refused, nothing changed.
    expect((await api('approvalNode/update', { id, level2Approvers: [] })).key).toBe('approversAtLeastTwo');
    expect((await api('approvalNode/get', { id })).data).toMatchObject({ level2Approvers: [ids.lead2] });
    const names = (await list(t.app, 'approvalNode', { size: 100 }, demo)).rows.map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(['ok', DEMO_APPROVAL_NODE]));
    expect(names).not.toContain('one');
  });

  it('another company sees none of the nodes or requests and cannot start one on them', async () => {
    expect((await list(t.app, 'approvalNode', {}, other)).total).toBe(0);
    expect((await list(t.app, 'approval', {}, other)).total).toBe(0);
    const id = await addNode('mine', [[ids.lead1], [ids.lead2]]);
    await expect(
      submitApproval(t.app, { tenantId: otherTenant, kind: 'other', refId: 1, nodeId: id, title: 'x', applicantId: 1 }),
    ).rejects.toMatchObject({ key: 'approvalNodeInvalid' });
    expect((await api('approval/submit', { nodeId: id, title: 'x' }, other)).key).toBe('approvalNodeInvalid');
  });
});

describe('the engine', () => {
  it('two levels: level 1 approves -> still pending at level 2; level 2 approves -> approved, approval.decided once, pushes on the way', async () => {
    const node = await addNode('two levels', [[ids.lead1], [ids.lead2]]);
    pushes.length = 0;
    decided.length = 0;
    const { approvalId } = await submitApproval(t.app, {
      tenantId: demoTenant,
      kind: 'other',
      refId: 7,
      nodeId: node,
      title: 'Buy concrete',
      applicantId: ids.boss,
    });
    expect(pushes).toEqual([
      {
        ids: [ids.lead1],
        payload: expect.objectContaining({ code: APPROVAL_PUSH_CODE, approvalId, level: 1, title: 'Buy concrete' }),
      },
    ]);
    // Level 2 cannot act before level 1; the outsider never.
    expect((await api('approval/approve', { id: approvalId }, tokens.lead2)).key).toBe('approvalNotYourTurn');
    expect((await api('approval/approve', { id: approvalId }, tokens.outsider)).key).toBe('approvalNotYourTurn');
    expect((await api('approval/inbox/list', {}, tokens.lead1)).data).toEqual([
      expect.objectContaining({ id: approvalId, level: 1, levelCount: 2 }),
    ]);
    expect((await api('approval/inbox/list', {}, tokens.lead2)).data).toEqual([]);

    const first = await api('approval/approve', { id: approvalId, comment: 'ok from 1' }, tokens.lead1);
    expect(first.code, first.msg).toBe(0);
    expect(await approval(approvalId)).toMatchObject({ state: APPROVAL_STATE.pending, level: 2 });
    expect(decided).toEqual([]);
    expect(pushes.at(-1)).toEqual({ ids: [ids.lead2], payload: expect.objectContaining({ approvalId, level: 2 }) });
    // Acting twice is no move.
    expect((await api('approval/approve', { id: approvalId }, tokens.lead1)).key).toBe('noSuchTransition');
    expect((await api('approval/inbox/list', {}, tokens.lead2)).data).toEqual([
      expect.objectContaining({ id: approvalId, level: 2 }),
    ]);

    const second = await api('approval/approve', { id: approvalId, comment: 'ok from 2' }, tokens.lead2);
    expect(second.code, second.msg).toBe(0);
    expect(await approval(approvalId)).toMatchObject({ state: APPROVAL_STATE.approved, comment: 'ok from 2' });
    expect(decided).toEqual([
      { tenantId: demoTenant, kind: 'other', refId: 7, approvalId, result: 'approved', comment: 'ok from 2' },
    ]);
    expect(pushes.at(-1)).toEqual({
      ids: [ids.boss],
      payload: expect.objectContaining({ approvalId, result: 'approved' }),
    });
    expect((await api('approval/approve', { id: approvalId }, tokens.lead2)).key).toBe('noSuchTransition');
    expect((await api('approval/reject', { id: approvalId }, tokens.lead2)).key).toBe('noSuchTransition');
    expect(decided).toHaveLength(1);

    const detail = (await api<{ steps: Row[]; levels: Row[] }>('approval/detail', { id: approvalId }, tokens.lead1))
      .data;
    expect(detail.steps.map((s) => [s.level, s.approverId, s.result, s.comment])).toEqual([
      [1, ids.lead1, STEP_RESULT.approved, 'ok from 1'],
      [2, ids.lead2, STEP_RESULT.approved, 'ok from 2'],
    ]);
    expect(detail.levels).toHaveLength(2);
    expect((await api('approval/detail', { id: approvalId }, other)).key).toBe('notFound');
  });

  it('a rejection at level 1 ends it: rejected, decided once, level 2 never asked', async () => {
    const node = await addNode('reject', [[ids.lead1], [ids.lead2]]);
    decided.length = 0;
    const { approvalId } = await submitApproval(t.app, {
      tenantId: demoTenant,
      kind: 'other',
      refId: 8,
      nodeId: node,
      title: 'Overtime',
      applicantId: ids.boss,
    });
    expect((await api('approval/reject', { id: approvalId, comment: 'no budget' }, tokens.lead1)).code).toBe(0);
    expect(await approval(approvalId)).toMatchObject({
      state: APPROVAL_STATE.rejected,
      level: 1,
      comment: 'no budget',
    });
    expect(decided).toEqual([expect.objectContaining({ approvalId, result: 'rejected', comment: 'no budget' })]);
    expect((await api('approval/approve', { id: approvalId }, tokens.lead2)).key).toBe('noSuchTransition');
    expect((await api('approval/inbox/list', {}, tokens.lead2)).data).toEqual([]);
  });

  it('the applicant withdraws a pending request (nobody else); then no one can decide it', async () => {
    const node = await addNode('withdraw', [[ids.lead1, ids.lead2]]);
    const sub = await api<{ approvalId: number }>(
      'approval/submit',
      { nodeId: node, title: 'Other request' },
      tokens.boss,
    );
    expect(sub.code, sub.msg).toBe(0);
    const id = sub.data.approvalId;
    expect((await api('approval/withdraw', { id }, tokens.lead1)).key).toBe('noPermission');
    expect((await api('approval/withdraw', { id }, tokens.boss)).code).toBe(0);
    expect(await approval(id)).toMatchObject({ state: APPROVAL_STATE.withdrawn, kind: 'other', applicantId: ids.boss });
    expect((await api('approval/approve', { id }, tokens.lead2)).key).toBe('noSuchTransition');
    expect((await api('approval/withdraw', { id }, tokens.boss)).key).toBe('noSuchTransition');
  });
});

describe('leave requests', () => {
  it("the demo has a two-level node and leave in every state, one waiting in the administrator's inbox", async () => {
    const leave = await list(t.app, 'leaveRequest', { size: 100 }, demo);
    expect(new Set(leave.rows.map((r) => r.state))).toEqual(new Set([1, 2, 3, 4]));
    const inbox = (await api<Row[]>('approval/inbox/list', {})).data;
    expect(inbox.some((r) => r.kind === 'leave' && r.level === 2)).toBe(true);
    const lead = await login(t.app, DEMO_APPROVER, 'demo123');
    expect((await api<Row[]>('approval/inbox/list', {}, lead.token)).data.length).toBeGreaterThan(0);
    expect((await list(t.app, 'leaveRequest', {}, other)).total).toBe(0);
  });

  it('validates: end after start, a type of the table, a reason of at most 500, a node of the company', async () => {
    const node = await addNode('leave check', [[ids.lead1], [ids.lead2]]);
    const now = t.clock.now();
    const ok = {
      type: LEAVE_TYPE.sick,
      startAt: iso(now + hour),
      endAt: iso(now + 9 * hour),
      reason: 'flu',
      nodeId: node,
    };
    expect((await api('leaveRequest/add', { ...ok, endAt: iso(now) })).key).toBe('rangeInvalid');
    expect((await api('leaveRequest/add', { ...ok, type: 7 })).key).toBe('mustChooseOne');
    expect((await api('leaveRequest/add', { ...ok, reason: 'x'.repeat(501) })).key).toBe('tooLong');
    const foreignNode = await post<Row>(
      t.app,
      '/api/user/approvalNode/add',
      { name: 'theirs', level1Approvers: [], level2Approvers: [] },
      { token: other },
    );
    expect(foreignNode.key).toBe('approversAtLeastTwo');
    expect((await api('leaveRequest/add', { ...ok, nodeId: 999_999 })).key).toBe('refInvalid');
    expect(await t.app.db.select().from(leaveRequests).where(eq(leaveRequests.reason, 'flu'))).toEqual([]);
  });

  it('the leave follows its approval: approved after both levels, rejected on a rejection; cancel withdraws', async () => {
    const node = await addNode('leave flow', [[ids.lead1], [ids.lead2]]);
    const now = t.clock.now();
    const add = async (reason: string) => {
      const res = await api('leaveRequest/add', {
        userId: ids.boss,
        type: LEAVE_TYPE.personal,
        startAt: iso(now + 24 * hour),
        endAt: iso(now + 32 * hour),
        reason,
        nodeId: node,
      });
      expect(res.code, res.msg).toBe(0);
      const [row] = await t.app.db
        .select()
        .from(leaveRequests)
        .where(eq(leaveRequests.id, (res.data as Row).id));
      return row!;
    };
    const state = async (id: number) =>
      (await t.app.db.select({ state: leaveRequests.state }).from(leaveRequests).where(eq(leaveRequests.id, id)))[0]!
        .state;

    const a = await add('approve me');
    expect(a).toMatchObject({ state: LEAVE_STATE.pending, userId: ids.boss });
    // Its applicant cannot withdraw the approval alone: the leave would stay pending.
    expect((await api('approval/withdraw', { id: a.approvalId }, tokens.boss)).key).toBe('approvalWithdrawOnItsScreen');
    expect(await approval(a.approvalId!)).toMatchObject({
      kind: 'leave',
      refId: a.id,
      state: APPROVAL_STATE.pending,
      applicantId: ids.boss,
    });
    await vi.waitFor(() =>
      expect(pushes.some((p) => p.payload.approvalId === a.approvalId && p.ids.includes(ids.lead1))).toBe(true),
    );
    expect((await api('approval/approve', { id: a.approvalId }, tokens.lead1)).code).toBe(0);
    expect(await state(a.id)).toBe(LEAVE_STATE.pending);
    expect((await api('approval/approve', { id: a.approvalId }, tokens.lead2)).code).toBe(0);
    await vi.waitFor(async () => expect(await state(a.id)).toBe(LEAVE_STATE.approved));
    // Approved leave no longer changes through the form.
    expect((await api('leaveRequest/update', { id: a.id, reason: 'changed' })).key).toBe('noSuchTransition');

    const r = await add('reject me');
    expect((await api('approval/reject', { id: r.approvalId, comment: 'busy week' }, tokens.lead1)).code).toBe(0);
    await vi.waitFor(async () => expect(await state(r.id)).toBe(LEAVE_STATE.rejected));
    expect((await api('leaveRequest/cancel', { id: r.id })).key).toBe('noSuchTransition');

    const c = await add('cancel me');
    expect((await api('leaveRequest/cancel', { id: c.id })).code).toBe(0);
    expect(await state(c.id)).toBe(LEAVE_STATE.cancelled);
    expect(await approval(c.approvalId!)).toMatchObject({ state: APPROVAL_STATE.withdrawn });
    expect((await api('leaveRequest/cancel', { id: a.id }, tokens.outsider)).key).toBe('noPermission');
  });

  it('approvedLeaveFor: only approved leave of those users overlapping the window', async () => {
    const base = Date.UTC(2026, 0, 10);
    const rows = [
      { userId: ids.lead1, state: LEAVE_STATE.approved, start: base, end: base + 8 * hour },
      { userId: ids.lead1, state: LEAVE_STATE.pending, start: base, end: base + 8 * hour },
      { userId: ids.lead1, state: LEAVE_STATE.rejected, start: base, end: base + 8 * hour },
      { userId: ids.lead1, state: LEAVE_STATE.cancelled, start: base, end: base + 8 * hour },
      { userId: ids.lead1, state: LEAVE_STATE.approved, start: base + 48 * hour, end: base + 56 * hour },
      { userId: ids.lead2, state: LEAVE_STATE.approved, start: base - 4 * hour, end: base + 2 * hour },
      { userId: ids.boss, state: LEAVE_STATE.approved, start: base, end: base + 8 * hour },
    ];
    await t.app.db.insert(leaveRequests).values(
      rows.map((r) => ({
        tenantId: demoTenant,
        userId: r.userId,
        type: LEAVE_TYPE.sick,
        startAt: new Date(r.start),
        endAt: new Date(r.end),
        reason: 'fixture',
        state: r.state,
      })),
    );
    const found = await approvedLeaveFor(
      t.app.db,
      demoTenant,
      [ids.lead1, ids.lead2],
      new Date(base),
      new Date(base + 24 * hour),
    );
    expect(found).toEqual([
      { userId: ids.lead1, startAt: new Date(base), endAt: new Date(base + 8 * hour), type: LEAVE_TYPE.sick },
      {
        userId: ids.lead2,
        startAt: new Date(base - 4 * hour),
        endAt: new Date(base + 2 * hour),
        type: LEAVE_TYPE.sick,
      },
    ]);
    // Touching at the edge is no overlap; another company's window is empty; no users, no rows.
    expect(
      await approvedLeaveFor(t.app.db, demoTenant, [ids.lead1], new Date(base + 8 * hour), new Date(base + 24 * hour)),
    ).toEqual([]);
    expect(
      await approvedLeaveFor(t.app.db, otherTenant, [ids.lead1], new Date(base), new Date(base + 24 * hour)),
    ).toEqual([]);
    expect(await approvedLeaveFor(t.app.db, demoTenant, [], new Date(base), new Date(base + 24 * hour))).toEqual([]);
  });
});
