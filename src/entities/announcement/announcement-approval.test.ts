import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addRole, addUser } from '../../../tests/server/fixtures';
import { login, post, type TestApp } from '../../../tests/server/helper';
import { demoApp, list, tenantWithAdmin, type Row } from '../../../tests/server/org-helper';
import { devices } from '../../server/db/schema-devices';
import { departments, users } from '../../server/db/schema-tenancy';
import { ANNOUNCEMENT_PUSH_CODE, ANNOUNCEMENT_WITHDRAWN_PUSH_CODE } from '../../shared/announcements';
import { ANNOUNCEMENT_STATE } from './resource';

let t: TestApp;
let demo: string;
let demoTenant: number;
let other: { token: string; userId: number; tenant: number };
/** Recipients: one by department, one by role, one by name; `outsider` is none of them. */
const ids = { byDept: 0, byRole: 0, byName: 0, outsider: 0, approver1: 0, approver2: 0 };
const tokens: Record<keyof typeof ids, string> = {
  byDept: '',
  byRole: '',
  byName: '',
  outsider: '',
  approver1: '',
  approver2: '',
};
let deptId = 0;
let roleId = 0;
let nodeId = 0;

interface Sent {
  topic: string;
  body: Record<string, unknown>;
}
let sent: Sent[] = [];
let spoken: { ids: number[]; text: string }[] = [];

const api = <T = Row>(path: string, body: object, token = demo) =>
  post<T>(t.app, `/api/user/announcement/${path}`, body, { token });
const settle = () => new Promise((r) => setTimeout(r, 150));
const pushedTo = () =>
  sent
    .filter((s) => /^acm\/\d+\/web$/.test(s.topic) && s.body.code === ANNOUNCEMENT_PUSH_CODE)
    .map((s) => Number(s.topic.split('/')[1]))
    .sort((a, b) => a - b);

const draft = async (extra: object = {}) => {
  const res = await api('add', {
    title: 'Crane inspection',
    content: 'Tower crane 2 is inspected at 14:00',
    level: 1,
    scope: 1,
    departmentIds: [deptId],
    roleIds: [roleId],
    userIds: [ids.byName],
    needApproval: 2,
    ...extra,
  });
  expect(res.code, res.msg).toBe(0);
  return res.data;
};

beforeAll(async () => {
  ({ t, demo, demoTenant } = await demoApp());
  const o = await tenantWithAdmin(t.app, 'Other Site', 'otheradmin2');
  other = { token: o.token, userId: o.userId, tenant: o.tenant };
  const [dept] = await t.app.db.insert(departments).values({ tenantId: demoTenant, name: 'Crane crew' }).returning();
  deptId = dept!.id;
  roleId = await addRole(t.app, demoTenant, 'Safety officers', ['siteAnnouncement']);
  for (const key of Object.keys(ids) as (keyof typeof ids)[]) {
    ids[key] = await addUser(t.app, {
      tenant: demoTenant,
      username: `ann_${key}`,
      roleIds: key === 'byRole' ? [roleId] : [],
    });
    tokens[key] = (await login(t.app, `ann_${key}`, 'secret1')).token;
  }
  await t.app.db.update(users).set({ departmentId: deptId }).where(eq(users.id, ids.byDept));
  // An online helmet of the department and an online door unit of nobody in scope.
  const [h] = await t.app.db
    .select()
    .from(devices)
    .where(and(eq(devices.tenantId, demoTenant), eq(devices.kind, 'helmet')))
    .limit(1);
  const [d] = await t.app.db
    .select()
    .from(devices)
    .where(and(eq(devices.tenantId, demoTenant), eq(devices.kind, 'doorUnit')))
    .limit(1);
  await t.app.db.update(devices).set({ state: 1, departmentId: deptId, gatewayId: null }).where(eq(devices.id, h!.id));
  await t.app.db
    .update(devices)
    .set({ state: 1, departmentId: null, userId: null, gatewayId: null })
    .where(eq(devices.id, d!.id));
  const node = await post<Row>(
    t.app,
    '/api/user/approvalNode/add',
    { name: 'Two levels', level1Approvers: [ids.approver1], level2Approvers: [ids.approver2] },
    { token: demo },
  );
  expect(node.code, node.msg).toBe(0);
  nodeId = node.data.id;

  const publish = t.app.broker.publish.bind(t.app.broker);
  t.app.broker.publish = async (topic, payload, opts) => {
    try {
      sent.push({ topic, body: JSON.parse(Buffer.from(payload as Buffer).toString()) as Record<string, unknown> });
    } catch {
      // a binary (CBOR) downlink: not one of ours
    }
    return publish(topic, payload, opts);
  };
  const sockets = (
    t.app.push as unknown as {
      deps: { sockets: { send: (ids: Iterable<number>, n: { msgContent: string }) => number } };
    }
  ).deps.sockets;
  const send = sockets.send.bind(sockets);
  sockets.send = (to, notice) => {
    spoken.push({ ids: [...to], text: notice.msgContent });
    return send(to, notice);
  };
}, 300_000);
afterAll(() => t?.close());
beforeEach(() => {
  sent = [];
  spoken = [];
});

describe('announcements: approval', () => {
  const decide = (action: 'approve' | 'reject', approvalId: number, token: string, comment?: string) =>
    post(t.app, `/api/user/approval/${action}`, { id: approvalId, comment }, { token });

  it('one that needs two approvals is published only after both', async () => {
    const row = await draft({ title: 'Two approvals', needApproval: 1, approvalNodeId: nodeId });
    const submitted = await api('publish', { id: row.id });
    expect(submitted.code, submitted.msg).toBe(0);
    expect(submitted.data).toMatchObject({ state: ANNOUNCEMENT_STATE.pending });
    const approvalId = Number(submitted.data.approvalId);
    expect(approvalId).toBeGreaterThan(0);
    // The second level may not decide first.
    expect((await decide('approve', approvalId, tokens.approver2)).key).toBe('approvalNotYourTurn');
    expect((await decide('approve', approvalId, tokens.approver1, 'ok')).code).toBe(0);
    await settle();
    expect((await list(t.app, 'announcement', { keyword: 'Two approvals' }, demo)).rows[0]).toMatchObject({
      state: ANNOUNCEMENT_STATE.pending,
    });
    expect((await api<{ rows: Row[] }>('inbox/list', {}, tokens.byName)).data.rows.map((r) => r.id)).not.toContain(
      row.id,
    );
    expect(pushedTo()).toEqual([]);

    expect((await decide('approve', approvalId, tokens.approver2, 'publish it')).code).toBe(0);
    // The engine's event is handled behind the answer: wait for the delivery.
    await expect
      .poll(
        async () => (await list(t.app, 'announcement', { keyword: 'Two approvals' }, demo)).rows[0]?.recipientCount,
        { timeout: 15_000 },
      )
      .toBe(3);
    const [after] = (await list(t.app, 'announcement', { keyword: 'Two approvals' }, demo)).rows;
    expect(after).toMatchObject({
      state: ANNOUNCEMENT_STATE.published,
      reviewComment: 'publish it',
      reviewerName: 'ann_approver1、ann_approver2',
    });
    await expect
      .poll(pushedTo, { timeout: 15_000 })
      .toEqual([ids.byDept, ids.byRole, ids.byName].sort((a, b) => a - b));
    expect((await api<{ rows: Row[] }>('inbox/list', {}, tokens.byName)).data.rows.map((r) => r.id)).toContain(row.id);
  });

  it('a rejection makes it rejected and it is never pushed; an edit makes it a draft again', async () => {
    const row = await draft({ title: 'Will be rejected', needApproval: 1, approvalNodeId: nodeId });
    const approvalId = Number((await api('publish', { id: row.id })).data.approvalId);
    expect((await decide('reject', approvalId, tokens.approver1, 'wrong date')).code).toBe(0);
    await expect
      .poll(async () => (await list(t.app, 'announcement', { keyword: 'Will be rejected' }, demo)).rows[0]?.state, {
        timeout: 15_000,
      })
      .toBe(ANNOUNCEMENT_STATE.rejected);
    await settle();
    const [after] = (await list(t.app, 'announcement', { keyword: 'Will be rejected' }, demo)).rows;
    expect(after).toMatchObject({ state: ANNOUNCEMENT_STATE.rejected, reviewComment: 'wrong date', recipientCount: 0 });
    expect(pushedTo()).toEqual([]);
    expect((await api('publish', { id: row.id })).key).toBe('noSuchTransition');
    expect((await api('update', { id: row.id, title: 'Will be rejected (fixed)' })).data).toMatchObject({
      state: ANNOUNCEMENT_STATE.draft,
      reviewComment: null,
      reviewerName: null,
    });
  });

  it("another company's approval node is refused and the announcement stays a draft", async () => {
    const theirs = await addUser(t.app, { tenant: other.tenant, username: 'ann_their_approver' });
    const foreign = await post<Row>(
      t.app,
      '/api/user/approvalNode/add',
      { name: 'Theirs', level1Approvers: [other.userId], level2Approvers: [theirs] },
      { token: other.token },
    );
    expect(foreign.code, foreign.msg).toBe(0);
    const nodeOfOther = foreign.data.id;
    const row = await draft({ title: 'Foreign node', needApproval: 1, approvalNodeId: nodeOfOther });
    expect((await api('publish', { id: row.id })).key).toBe('approvalNodeInvalid');
    expect((await list(t.app, 'announcement', { keyword: 'Foreign node' }, demo)).rows[0]).toMatchObject({
      state: ANNOUNCEMENT_STATE.draft,
    });
  });

  it('withdrawing a pending one withdraws its request: a late decision changes nothing', async () => {
    const row = await draft({ title: 'Taken back', needApproval: 1, approvalNodeId: nodeId });
    const approvalId = Number((await api('publish', { id: row.id })).data.approvalId);
    expect((await api('withdraw', { id: row.id })).data).toMatchObject({ state: ANNOUNCEMENT_STATE.withdrawn });
    expect((await decide('approve', approvalId, tokens.approver1)).key).toBe('noSuchTransition');
    await settle();
    expect(pushedTo()).toEqual([]);
    // It reached nobody, so nobody is told it was withdrawn.
    expect(sent.filter((s) => s.body.code === ANNOUNCEMENT_WITHDRAWN_PUSH_CODE)).toEqual([]);
  });
});
