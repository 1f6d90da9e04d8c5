import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRole, addUser } from '../../server/fixtures';
import { login, post, type TestApp } from '../../server/helper';
import { demoApp, list, tenantWithAdmin, type Row } from '../../server/org-helper';

let t: TestApp;
let demo: string;
let demoTenant: number;
let other: string;

beforeAll(async () => {
  ({ t, demo, demoTenant } = await demoApp());
  other = (await tenantWithAdmin(t.app, 'Other Co', 'otheradmin')).token;
});
afterAll(() => t?.close());

describe('information (notices)', () => {
  it('a new notice is stored for the company and pushed as 9010 to its operators', async () => {
    const sent: { topic: string; payload: unknown }[] = [];
    const publish = t.app.broker.publish.bind(t.app.broker);
    t.app.broker.publish = async (topic, payload, opts) => {
      sent.push({ topic, payload });
      return publish(topic, payload, opts);
    };
    const added = await post<Row>(
      t.app,
      '/api/user/notice/add',
      { title: 'Drill at 3 pm', content: 'Fire drill in block A', level: 2 },
      { token: demo },
    );
    expect(added.code).toBe(0);
    await new Promise((r) => setTimeout(r, 300));
    const pushes = sent
      .filter((s) => /^acm\/\d+\/web$/.test(s.topic))
      .map((s) => JSON.parse(Buffer.from(s.payload as Buffer).toString()));
    expect(pushes.length).toBeGreaterThan(0);
    expect(pushes[0]).toEqual({ code: '9010', title: 'Drill at 3 pm', content: 'Fire drill in block A' });
    t.app.broker.publish = publish;
    expect((await list(t.app, 'notice', { keyword: 'drill' }, demo)).total).toBe(1);
    expect((await list(t.app, 'notice', { keyword: 'drill' }, other)).total).toBe(0);
    const bad = await post(t.app, '/api/user/notice/add', { title: '', content: 'x', level: 1 }, { token: demo });
    expect(bad.code).toBe(400);
  });

  it('the derived marks: a user with the menu but no notice:add is refused; the mark opens the add', async () => {
    const looker = await addRole(t.app, demoTenant, 'Notices reader', ['information']);
    await addUser(t.app, { tenant: demoTenant, username: 'noticereader', roleIds: [looker] });
    const reader = (await login(t.app, 'noticereader', 'secret1')).token;
    expect((await list(t.app, 'notice', {}, reader)).total).toBeGreaterThan(0);
    expect(
      (await post(t.app, '/api/user/notice/add', { title: 'x', content: 'y', level: 1 }, { token: reader })).code,
    ).toBe(403);
    const writer = await addRole(t.app, demoTenant, 'Notices writer', ['information', 'notice:add']);
    await addUser(t.app, { tenant: demoTenant, username: 'noticewriter', roleIds: [writer] });
    const { token, user } = await login(t.app, 'noticewriter', 'secret1');
    expect(user.marks).toEqual(['notice:add']);
    expect(
      (await post(t.app, '/api/user/notice/add', { title: 'By the writer', content: 'y', level: 1 }, { token })).code,
    ).toBe(0);
    expect((await post(t.app, '/api/user/notice/delete', { ids: [1] }, { token })).code).toBe(403);
  });
});

describe('soft delete (notices)', () => {
  it('a deleted notice leaves the list, stays for administrators under the status filter and can be restored', async () => {
    const { data } = await post<Row>(
      t.app,
      '/api/user/notice/add',
      { title: 'Old notice', content: 'x', level: 1 },
      { token: demo },
    );
    expect((await post(t.app, '/api/user/notice/delete', { ids: [data.id] }, { token: demo })).code).toBe(0);
    expect((await list(t.app, 'notice', { keyword: 'Old notice' }, demo)).total).toBe(0);
    const bin = await list(t.app, 'notice', { filters: { status: 2 } }, demo);
    expect(bin.rows.map((r) => r.id)).toContain(data.id);
    expect((await post(t.app, '/api/user/notice/restore', { ids: [data.id] }, { token: other })).code).toBe(404);
    expect((await post(t.app, '/api/user/notice/restore', { ids: [data.id] }, { token: demo })).code).toBe(0);
    expect((await list(t.app, 'notice', { keyword: 'Old notice' }, demo)).rows[0]).toMatchObject({
      id: data.id,
      status: 1,
    });
    // Restoring what is not deleted is a move the recycle bin does not have.
    expect((await post(t.app, '/api/user/notice/restore', { ids: [data.id] }, { token: demo })).key).toBe(
      'noSuchTransition',
    );
  });
});
