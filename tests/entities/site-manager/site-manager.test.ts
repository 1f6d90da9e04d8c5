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
  other = (await tenantWithAdmin(t.app, 'Other Managers Co', 'othermanagers')).token;
});
afterAll(() => t?.close());

describe('posts and site managers', () => {
  it('a post counts the managers holding it; managers validate phone and ID number; another company sees nothing', async () => {
    const postRow = (
      await post<Row>(
        t.app,
        '/api/user/sitePost/add',
        { name: 'Safety officer', duties: 'Daily safety rounds', headcount: 2 },
        { token: demo },
      )
    ).data;
    const added = await post<Row>(
      t.app,
      '/api/user/siteManager/add',
      {
        name: 'Li Qiang',
        phone: '13912345678',
        postId: postRow.id,
        idNumber: '11010519491231002x',
        certificateNo: 'AQ-2026-001',
        entryDate: '2025-04-01',
        status: 1,
      },
      { token: demo },
    );
    expect(added.code).toBe(0);
    expect(added.data).toMatchObject({ idNumber: '11010519491231002X', entryDate: '2025-04-01', postId: postRow.id });
    expect(
      (await post(t.app, '/api/user/siteManager/add', { name: 'Bad', phone: '123', status: 1 }, { token: demo })).key,
    ).toBe('phoneInvalid');
    expect(
      (
        await post(
          t.app,
          '/api/user/siteManager/add',
          { name: 'Bad', phone: '13912345679', idNumber: '1234', status: 1 },
          { token: demo },
        )
      ).code,
    ).toBe(400);
    expect(
      (await post(t.app, '/api/user/sitePost/add', { name: 'Negative', headcount: -1 }, { token: demo })).key,
    ).toBe('tooSmall');
    const posts = await list(t.app, 'sitePost', { keyword: 'Safety officer' }, demo);
    expect(posts.rows[0]).toMatchObject({ id: postRow.id, staffed: 1, headcount: 2 });
    // A manager who left no longer holds the post.
    await post(t.app, '/api/user/siteManager/update', { id: added.data.id, status: 3 }, { token: demo });
    expect((await list(t.app, 'sitePost', { keyword: 'Safety officer' }, demo)).rows[0]?.staffed).toBe(0);
    // Isolation: the other company neither lists nor references them.
    expect((await list(t.app, 'siteManager', { keyword: 'Li Qiang' }, other)).total).toBe(0);
    expect((await list(t.app, 'sitePost', { keyword: 'Safety officer' }, other)).total).toBe(0);
    expect(
      (
        await post(
          t.app,
          '/api/user/siteManager/add',
          { name: 'X', phone: '13912345670', postId: postRow.id, status: 1 },
          { token: other },
        )
      ).key,
    ).toBe('refInvalid');
  });

  it('phone and ID number are masked for roles without /manageUser and in full for those with it', async () => {
    await post(
      t.app,
      '/api/user/siteManager/add',
      { name: 'Wang Fang', phone: '13800001111', idNumber: '110105198001010012', status: 1 },
      { token: demo },
    );
    const full = (await list(t.app, 'siteManager', { keyword: 'Wang Fang' }, demo)).rows[0]!;
    expect(full).toMatchObject({ phone: '13800001111', idNumber: '110105198001010012' });
    // A user whose role lists the managers from another screen only (the post list) sees them masked.
    const looker = await addRole(t.app, demoTenant, 'Posts only', ['managePost']);
    await addUser(t.app, { tenant: demoTenant, username: 'postsonly', roleIds: [looker] });
    const masked = (
      await list(t.app, 'siteManager', { keyword: 'Wang Fang' }, (await login(t.app, 'postsonly', 'secret1')).token)
    ).rows[0]!;
    expect(masked.phone).toBe('138****1111');
    expect(masked.idNumber).toBe('1101**********0012');
    const holder = await addRole(t.app, demoTenant, 'Managers screen', ['manageUser']);
    await addUser(t.app, { tenant: demoTenant, username: 'managersscreen', roleIds: [holder] });
    const shown = (
      await list(
        t.app,
        'siteManager',
        { keyword: 'Wang Fang' },
        (await login(t.app, 'managersscreen', 'secret1')).token,
      )
    ).rows[0]!;
    expect(shown).toMatchObject({ phone: '13800001111', idNumber: '110105198001010012' });
  });
});
