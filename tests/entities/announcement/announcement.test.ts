import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { post, type TestApp } from '../../server/helper';
import { list, type Row } from '../../server/org-helper';
import { users } from '../../../src/server/db/schema';
import { topics } from '../../../src/shared/topics';
import { deliverDue } from '../../../src/entities/announcement/actions';
import { ANNOUNCEMENT_PUSH_CODE, ANNOUNCEMENT_WITHDRAWN_PUSH_CODE } from '../../../src/shared/announcements';
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
let demoTenant: number;
let other: AnnouncementSite['other'];
let ids: AnnouncementSite['ids'];
let tokens: AnnouncementSite['tokens'];
let deptId = 0;
let roleId = 0;
let helmet = '';
let doorUnit = '';
let sent: Sent[] = [];
let spoken: Spoken[] = [];

const api = <T = Row>(path: string, body: object, token = demo) =>
  post<T>(t.app, `/api/user/announcement/${path}`, body, { token });
const settle = () => new Promise((r) => setTimeout(r, 150));
const pushedTo = () => pushedToOf(sent);
const downlinks = (imei: string) =>
  sent.filter((s) => s.topic === topics.deviceServer(imei) && s.body.cmd === 'broadcast');
const draft = (extra: object = {}) => addDraft(site, extra);

beforeAll(async () => {
  site = await announcementSite({ sent: (s) => sent.push(s), spoken: (s) => spoken.push(s) });
  ({ t, demo, demoTenant, other, ids, tokens, deptId, roleId, helmet, doorUnit } = site);
}, 300_000);
afterAll(() => t?.close());
beforeEach(() => {
  sent = [];
  spoken = [];
});

describe('announcements: add and validation', () => {
  it('a new one is a draft by its creator; bad input answers its key', async () => {
    const row = await draft();
    expect(row).toMatchObject({
      state: ANNOUNCEMENT_STATE.draft,
      publisherName: 'Demo administrator',
      departmentIds: [deptId],
      roleIds: [roleId],
      userIds: [ids.byName],
    });
    expect(
      (await api('add', { title: '', content: 'x', level: 1, scope: 1, userIds: [ids.byName], needApproval: 2 })).code,
    ).toBe(400);
    expect((await api('add', { title: 'Nobody', content: 'x', level: 1, scope: 1, needApproval: 2 })).key).toBe(
      'announcementNoRecipients',
    );
    expect((await api('add', { title: 'No node', content: 'x', level: 1, scope: 2, needApproval: 1 })).key).toBe(
      'approvalNodeRequired',
    );
    expect(
      (
        await api('add', {
          title: 'Foreign',
          content: 'x',
          level: 1,
          scope: 1,
          userIds: [other.userId],
          needApproval: 2,
        })
      ).key,
    ).toBe('refInvalid');
    // The whole site needs nobody named.
    expect((await api('add', { title: 'Site', content: 'x', level: 1, scope: 2, needApproval: 2 })).code).toBe(0);
    expect(sent.filter((s) => s.body.code === ANNOUNCEMENT_PUSH_CODE)).toEqual([]);
  });
});

describe('announcements: publishing without approval', () => {
  it('pushes 9060 to exactly its recipients, sends the text to the helmets in scope, and lists for them only', async () => {
    const row = await draft({ title: 'Lift closed', content: 'The site lift is closed today', level: 2 });
    const published = await api('publish', { id: row.id });
    expect(published.code, published.msg).toBe(0);
    expect(published.data).toMatchObject({ state: ANNOUNCEMENT_STATE.published, deviceCount: 1 });
    await settle();
    expect(pushedTo()).toEqual([ids.byDept, ids.byRole, ids.byName].sort((a, b) => a - b));
    const push = sent.find((s) => s.topic === topics.userWeb(ids.byName))!.body;
    expect(push).toMatchObject({
      code: ANNOUNCEMENT_PUSH_CODE,
      announcement: {
        id: row.id,
        title: 'Lift closed',
        content: 'The site lift is closed today',
        level: 2,
        publisherName: 'Demo administrator',
      },
    });
    expect(downlinks(helmet)).toHaveLength(1);
    expect(downlinks(helmet)[0]!.body.params).toEqual({ text: '公告：Lift closed。The site lift is closed today' });
    expect(downlinks(doorUnit)).toEqual([]);
    // Not urgent: nothing spoken.
    expect(spoken).toEqual([]);

    for (const who of ['byDept', 'byRole', 'byName'] as const) {
      const inbox = await api<{ rows: Row[]; unread: number }>('inbox/list', {}, tokens[who]);
      expect(inbox.data.rows.map((r) => r.id)).toContain(row.id);
    }
    expect((await api<{ rows: Row[] }>('inbox/list', {}, tokens.outsider)).data.rows.map((r) => r.id)).not.toContain(
      row.id,
    );
    const [listed] = (await list(t.app, 'announcement', { keyword: 'Lift closed' }, demo)).rows;
    expect(listed).toMatchObject({ recipientCount: 3, readCount: 0 });

    // Published is final but for a withdrawal.
    expect((await api('publish', { id: row.id })).key).toBe('noSuchTransition');
    expect((await api('update', { id: row.id, title: 'Changed' })).key).toBe('announcementLocked');
    sent = [];
    expect((await api('withdraw', { id: row.id })).data).toMatchObject({ state: ANNOUNCEMENT_STATE.withdrawn });
    expect((await api<{ rows: Row[] }>('inbox/list', {}, tokens.byName)).data.rows.map((r) => r.id)).not.toContain(
      row.id,
    );
    // The consoles it reached close it: push 9061 to the same three, nobody else.
    await settle();
    const withdrawnTo = sent.filter(
      (s) => /^acm\/\d+\/web$/.test(s.topic) && s.body.code === ANNOUNCEMENT_WITHDRAWN_PUSH_CODE,
    );
    expect(withdrawnTo.map((s) => Number(s.topic.split('/')[1])).sort((a, b) => a - b)).toEqual(
      [ids.byDept, ids.byRole, ids.byName].sort((a, b) => a - b),
    );
    expect(withdrawnTo[0]!.body).toEqual({ code: ANNOUNCEMENT_WITHDRAWN_PUSH_CODE, id: row.id });
    expect((await api('withdraw', { id: row.id })).key).toBe('noSuchTransition');
  });

  it('an urgent one for the whole site reaches every enabled person and device and is spoken on their consoles', async () => {
    const row = await draft({
      title: 'Evacuate',
      content: 'Gas leak at gate 3',
      level: 3,
      scope: 2,
      departmentIds: [],
      roleIds: [],
      userIds: [],
    });
    expect((await api('publish', { id: row.id })).code).toBe(0);
    await settle();
    const everyone = (
      await t.app.db
        .select({ id: users.id, kind: users.kind, status: users.status })
        .from(users)
        .where(eq(users.tenantId, demoTenant))
    )
      .filter((u) => u.status === 1 && (u.kind === 'admin' || u.kind === 'user'))
      .map((u) => u.id)
      .sort((a, b) => a - b);
    expect(pushedTo()).toEqual(everyone);
    expect(spoken).toEqual([{ ids: everyone, text: '紧急公告：Evacuate。Gas leak at gate 3' }]);
    expect(downlinks(helmet)).toHaveLength(1);
    expect(downlinks(doorUnit)).toHaveLength(1);
  });

  it('a scheduled one is published but reaches nobody before its time, then once', async () => {
    const at = new Date(t.clock.now() + 3_600_000).toISOString();
    const row = await draft({ title: 'Tomorrow', publishAt: at });
    expect((await api('publish', { id: row.id })).data).toMatchObject({
      state: ANNOUNCEMENT_STATE.published,
      deliveredAt: null,
    });
    expect(await deliverDue(t.app)).toBe(0);
    await settle();
    expect(pushedTo()).toEqual([]);
    expect((await api<{ rows: Row[] }>('inbox/list', {}, tokens.byName)).data.rows.map((r) => r.id)).not.toContain(
      row.id,
    );
    t.clock.advance(3_600_001);
    expect(await deliverDue(t.app)).toBe(1);
    expect(await deliverDue(t.app)).toBe(0);
    await settle();
    expect(pushedTo()).toEqual([ids.byDept, ids.byRole, ids.byName].sort((a, b) => a - b));
  });
});

describe('announcements: read receipts', () => {
  it('a recipient opening it marks it read once; the list counts readers; the drawer says who read when', async () => {
    const row = await draft({ title: 'Read me' });
    await api('publish', { id: row.id });
    const before = await api<{ rows: Row[]; unread: number }>('inbox/list', {}, tokens.byDept);
    expect(before.data.rows[0]).toMatchObject({ id: row.id, readAt: null });
    t.clock.advance(60_000);
    const first = await api<{ readAt: string }>('read', { id: row.id }, tokens.byDept);
    expect(first.code).toBe(0);
    t.clock.advance(60_000);
    const again = await api<{ readAt: string }>('read', { id: row.id }, tokens.byDept);
    expect(again.data.readAt).toBe(first.data.readAt);
    expect((await api('read', { id: row.id }, tokens.outsider)).key).toBe('notRecipient');
    expect((await list(t.app, 'announcement', { keyword: 'Read me' }, demo)).rows[0]).toMatchObject({
      recipientCount: 3,
      readCount: 1,
    });
    const receipts = await api<Row[]>('receipts/list', { id: row.id });
    expect(receipts.data).toHaveLength(3);
    expect(receipts.data[0]).toMatchObject({
      userId: ids.byDept,
      name: 'ann_byDept',
      departmentName: 'Crane crew',
      readAt: first.data.readAt,
    });
    expect(receipts.data.slice(1).every((r) => r.readAt === null)).toBe(true);
    // Unread first: the read one goes after the unread ones of the same user.
    const inbox = await api<{ rows: Row[]; unread: number }>('inbox/list', {}, tokens.byDept);
    const unreadIds = inbox.data.rows.filter((r) => r.readAt === null).map((r) => r.id);
    expect(inbox.data.rows.slice(0, unreadIds.length).every((r) => r.readAt === null)).toBe(true);
    expect(inbox.data.unread).toBe(before.data.unread - 1);
    expect(
      (await api<{ rows: Row[] }>('inbox/list', { unread: true }, tokens.byDept)).data.rows.map((r) => r.id),
    ).not.toContain(row.id);
  });
});

describe('announcements: tenancy and marks', () => {
  it('another company sees, publishes and reads nothing of ours', async () => {
    const row = await draft({ title: 'Ours only' });
    await api('publish', { id: row.id });
    expect((await list(t.app, 'announcement', { keyword: 'Ours only' }, other.token)).total).toBe(0);
    expect((await api('withdraw', { id: row.id }, other.token)).code).toBe(404);
    expect((await api('receipts/list', { id: row.id }, other.token)).code).toBe(404);
    expect((await api('read', { id: row.id }, other.token)).key).toBe('notRecipient');
    expect((await api<{ rows: Row[] }>('inbox/list', {}, other.token)).data.rows).toEqual([]);
  });

  it('publishing needs announcement:publish', async () => {
    const row = await draft({ title: 'Marks' });
    expect((await api('publish', { id: row.id }, tokens.byRole)).code).toBe(403);
  });
});
