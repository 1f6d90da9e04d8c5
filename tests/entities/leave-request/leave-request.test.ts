/**
 * Leave requests (/AuditNotice): the list (filters, sort), add with its validation and hooks of
 * ./server.ts (the applicant defaults to the caller and is a user of the company, the end after
 * the start, an approval opened on the node), update only while pending, the state following the
 * approval, cancel and delete withdrawing it (./routes.ts), and tenant isolation. The approval
 * engine itself is src/entities/approval's.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { APPROVAL_STATE } from '../../../src/shared/approvals';
import { addUser } from '../../server/fixtures';
import { login, post, type TestApp } from '../../server/helper';
import { demoApp, list, tenantWithAdmin, type Row } from '../../server/org-helper';
import { approvals } from '../../../src/entities/approval';
import { LEAVE_STATE, LEAVE_TYPE } from '../../../src/entities/leave-request/resource';

let t: TestApp;
let demo: string;
let demoUserId: number;
let other: { tenant: number; token: string; userId: number };
let worker: number;
let approver: string;
let node: number;

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const api = <T = Row>(path: string, body: object, token = demo) => post<T>(t.app, `/api/user/${path}`, body, { token });
const base = Date.UTC(2026, 5, 1, 0, 0, 0);
const leave = (over: object = {}) => ({
  userId: worker,
  type: LEAVE_TYPE.sick,
  startAt: iso(base + 8 * HOUR),
  endAt: iso(base + 17 * HOUR),
  reason: 'Flu',
  nodeId: node,
  ...over,
});
const added = async (body: object, token = demo) => {
  const res = await api('leaveRequest/add', body, token);
  expect(res.code, res.msg).toBe(0);
  return res.data;
};
const approvalOf = async (id: number) => (await t.app.db.select().from(approvals).where(eq(approvals.id, id)))[0];
const stateOf = async (id: number) => (await api<Row>('leaveRequest/get', { id })).data.state;

beforeAll(async () => {
  const d = await demoApp();
  ({ t, demo } = d);
  demoUserId = (await login(t.app, 'demo', 'demo123')).user.id;
  other = await tenantWithAdmin(t.app, 'Other Co', 'leaveother');
  worker = await addUser(t.app, { tenant: d.demoTenant, username: 'leave-worker' });
  const [a, b] = [
    await addUser(t.app, { tenant: d.demoTenant, username: 'leave-approver-a' }),
    await addUser(t.app, { tenant: d.demoTenant, username: 'leave-approver-b' }),
  ];
  approver = (await login(t.app, 'leave-approver-a', 'secret1')).token;
  const n = await api('approvalNode/add', { name: 'Leave test node', level1Approvers: [a, b] });
  expect(n.code, n.msg).toBe(0);
  node = n.data.id;
  // Building the seeded app takes most of a minute on a busy machine.
}, 180_000);
afterAll(() => t?.close());

describe('leave requests', () => {
  it('the demo starts with leave in every state; another company has none', async () => {
    const seeded = await list(t.app, 'leaveRequest', { size: 100 }, demo);
    expect(new Set(seeded.rows.map((r) => r.state))).toEqual(
      new Set([LEAVE_STATE.pending, LEAVE_STATE.approved, LEAVE_STATE.rejected, LEAVE_STATE.cancelled]),
    );
    expect((await list(t.app, 'leaveRequest', {}, other.token)).total).toBe(0);
  });

  it('a new request is pending with its approval open on the node; the applicant defaults to the caller', async () => {
    const r = await added(leave());
    expect(r).toMatchObject({ userId: worker, state: LEAVE_STATE.pending, nodeId: node });
    expect(await approvalOf(r.approvalId as number)).toMatchObject({
      kind: 'leave',
      refId: r.id,
      state: APPROVAL_STATE.pending,
      applicantId: worker,
    });
    const mine = await added(leave({ userId: undefined, reason: 'Dentist' }));
    expect(mine.userId).toBe(demoUserId);
  });

  it('lists by applicant, type, state and start range, sorted by start', async () => {
    await added(leave({ type: LEAVE_TYPE.personal, startAt: iso(base + 48 * HOUR), endAt: iso(base + 52 * HOUR) }));
    const rows = (
      await list(
        t.app,
        'leaveRequest',
        { filters: { userId: worker }, sort: [{ field: 'startAt', order: 'desc' }] },
        demo,
      )
    ).rows;
    expect(rows.map((r) => r.type)).toEqual([LEAVE_TYPE.personal, LEAVE_TYPE.sick]);
    expect(
      (await list(t.app, 'leaveRequest', { filters: { userId: worker, type: LEAVE_TYPE.sick } }, demo)).total,
    ).toBe(1);
    const window = await list(
      t.app,
      'leaveRequest',
      { filters: { userId: worker, startAt: [iso(base + 24 * HOUR), null], state: LEAVE_STATE.pending } },
      demo,
    );
    expect(window.rows.map((r) => r.type)).toEqual([LEAVE_TYPE.personal]);
    expect((await list(t.app, 'leaveRequest', { keyword: 'Dentist' }, demo)).total).toBe(1);
  });

  it.each([
    ['an end before the start', () => leave({ endAt: iso(base) }), 'rangeInvalid'],
    ['an unknown type', () => leave({ type: 7 }), 'mustChooseOne'],
    ['no reason', () => leave({ reason: '' }), 'required'],
    ['a reason over 500 characters', () => leave({ reason: 'x'.repeat(501) }), 'tooLong'],
    ['no node', () => leave({ nodeId: undefined }), 'required'],
    ['a node that does not exist', () => leave({ nodeId: 999_999 }), 'refInvalid'],
    ["another company's applicant", () => leave({ userId: other.userId }), 'refInvalid'],
    ['a start that is no date', () => leave({ startAt: '2026-02-30 08:00' }), 'dateInvalid'],
  ])('refuses %s with its key, storing nothing', async (_what, body, key) => {
    const before = (await list(t.app, 'leaveRequest', { filters: { userId: worker } }, demo)).total;
    const res = await api('leaveRequest/add', body());
    expect(res).toMatchObject({ code: 400, key });
    expect((await list(t.app, 'leaveRequest', { filters: { userId: worker } }, demo)).total).toBe(before);
  });

  it('a pending request may change (checked against its stored times); a decided one may not', async () => {
    const r = await added(leave({ reason: 'Change me' }));
    expect((await api('leaveRequest/update', { id: r.id, reason: 'Changed' })).code).toBe(0);
    expect(await api('leaveRequest/update', { id: r.id, endAt: iso(base + 7 * HOUR) })).toMatchObject({
      code: 400,
      key: 'rangeInvalid',
    });
    // One approver of its only level decides it.
    expect((await api('approval/approve', { id: r.approvalId }, approver)).code).toBe(0);
    await vi.waitFor(async () => expect(await stateOf(r.id)).toBe(LEAVE_STATE.approved));
    expect((await api('leaveRequest/update', { id: r.id, reason: 'Again' })).key).toBe('noSuchTransition');
    expect((await api<Row>('leaveRequest/get', { id: r.id })).data.reason).toBe('Changed');
  });

  it('a rejection ends it rejected; cancel and delete withdraw a pending approval', async () => {
    const rejected = await added(leave({ reason: 'Reject me' }));
    expect((await api('approval/reject', { id: rejected.approvalId, comment: 'busy' }, approver)).code).toBe(0);
    await vi.waitFor(async () => expect(await stateOf(rejected.id)).toBe(LEAVE_STATE.rejected));
    expect((await api('leaveRequest/cancel', { id: rejected.id })).key).toBe('noSuchTransition');

    const cancelled = await added(leave({ reason: 'Cancel me' }));
    expect((await api('leaveRequest/cancel', { id: cancelled.id })).code).toBe(0);
    expect(await stateOf(cancelled.id)).toBe(LEAVE_STATE.cancelled);
    expect((await approvalOf(cancelled.approvalId as number))?.state).toBe(APPROVAL_STATE.withdrawn);

    const deleted = await added(leave({ reason: 'Delete me' }));
    expect((await api('leaveRequest/delete', { ids: [deleted.id] })).code).toBe(0);
    expect((await api('leaveRequest/get', { id: deleted.id })).code).toBe(404);
    await vi.waitFor(async () =>
      expect((await approvalOf(deleted.approvalId as number))?.state).toBe(APPROVAL_STATE.withdrawn),
    );
  });

  it('another company neither sees, changes, cancels nor deletes a request', async () => {
    const r = await added(leave({ reason: 'Private leave' }));
    expect((await list(t.app, 'leaveRequest', { keyword: 'Private leave' }, other.token)).total).toBe(0);
    expect((await api('leaveRequest/get', { id: r.id }, other.token)).code).toBe(404);
    expect((await api('leaveRequest/update', { id: r.id, reason: 'Taken' }, other.token)).code).toBe(404);
    expect((await api('leaveRequest/cancel', { id: r.id }, other.token)).code).toBe(404);
    expect((await api('leaveRequest/delete', { ids: [r.id] }, other.token)).code).toBe(404);
    expect(await stateOf(r.id)).toBe(LEAVE_STATE.pending);
  });
});
