import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addUser } from '../../server/fixtures';
import { post, type TestApp } from '../../server/helper';
import { list, type Row } from '../../server/org-helper';
import { ANNOUNCEMENT_WITHDRAWN_PUSH_CODE } from '../../../src/shared/announcements';
import { ANNOUNCEMENT_STATE } from '../../../src/entities/announcement/resource';
import {
  addDraft,
  announcementSite,
  pushedTo as pushedToOf,
  type AnnouncementSite,
  type Sent,
  type Spoken,
} from './announcement.fixture';

let site: AnnouncementSite;
let t: TestApp;
let demo: string;
let other: AnnouncementSite['other'];
let ids: AnnouncementSite['ids'];
let tokens: AnnouncementSite['tokens'];
let nodeId = 0;
let sent: Sent[] = [];
let spoken: Spoken[] = [];

const api = <T = Row>(path: string, body: object, token = demo) =>
  post<T>(t.app, `/api/user/announcement/${path}`, body, { token });
const settle = () => new Promise((r) => setTimeout(r, 150));
const pushedTo = () => pushedToOf(sent);
const draft = (extra: object = {}) => addDraft(site, extra);

beforeAll(async () => {
  site = await announcementSite({ sent: (s) => sent.push(s), spoken: (s) => spoken.push(s) });
  ({ t, demo, other, ids, tokens } = site);
  const node = await post<Row>(
    t.app,
    '/api/user/approvalNode/add',
    { name: 'Two levels', level1Approvers: [ids.approver1], level2Approvers: [ids.approver2] },
    { token: demo },
  );
  expect(node.code, node.msg).toBe(0);
  nodeId = node.data.id;
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
    const row = await draft({ title: 'Own node', needApproval: 1, approvalNodeId: nodeId });
    // Naming it is refused as a reference outside the company, on add and on update alike.
    const added = await post(
      t.app,
      '/api/user/announcement/add',
      {
        title: 'Foreign node',
        content: 'x',
        level: 1,
        scope: 1,
        userIds: [ids.byName],
        needApproval: 1,
        approvalNodeId: nodeOfOther,
      },
      { token: demo },
    );
    expect(added).toMatchObject({ code: 400, key: 'refInvalid' });
    expect(await api('update', { id: row.id, approvalNodeId: nodeOfOther })).toMatchObject({ key: 'refInvalid' });
    expect((await list(t.app, 'announcement', { keyword: 'Foreign node' }, demo)).total).toBe(0);
    expect((await list(t.app, 'announcement', { keyword: 'Own node' }, demo)).rows[0]).toMatchObject({
      state: ANNOUNCEMENT_STATE.draft,
      approvalNodeId: nodeId,
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
