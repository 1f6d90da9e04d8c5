import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, tenantId } from '../../server/fixtures';
import { login, post, type TestApp } from '../../server/helper';
import { demoApp, list, tenantWithAdmin, type Row } from '../../server/org-helper';

let t: TestApp;
let demo: string;
let other: string;

beforeAll(async () => {
  ({ t, demo } = await demoApp());
  other = (await tenantWithAdmin(t.app, 'Other Co', 'otheradmin')).token;
});
afterAll(() => t?.close());

const settle = async () => new Promise((r) => setTimeout(r, 400));

describe('audit log', () => {
  it('records who added, changed and deleted a row, with the row before and after', async () => {
    const added = await post<Row>(
      t.app,
      '/api/device/deviceGroup/add',
      { name: 'Audited', description: 'first' },
      { token: demo },
    );
    expect(added.code).toBe(0);
    const id = added.data.id;
    expect(
      (
        await post(
          t.app,
          '/api/device/deviceGroup/update',
          { id, name: 'Audited', description: 'second' },
          { token: demo },
        )
      ).code,
    ).toBe(0);
    expect((await post(t.app, '/api/device/deviceGroup/delete', { ids: [id] }, { token: demo })).code).toBe(0);
    await settle();
    const page = await list(
      t.app,
      'auditLog',
      { filters: { resource: 'device/deviceGroup', rowId: id }, sort: [{ field: 'id', order: 'asc' }] },
      demo,
    );
    expect(page.rows.map((r) => r.action)).toEqual(['add', 'update', 'delete']);
    const [add, update, remove] = page.rows;
    expect(add!.before).toBeNull();
    expect(JSON.parse(String(add!.after))).toMatchObject({ name: 'Audited', description: 'first' });
    expect(JSON.parse(String(update!.before))).toMatchObject({ description: 'first' });
    expect(JSON.parse(String(update!.after))).toMatchObject({ description: 'second' });
    expect(JSON.parse(String(remove!.before))).toMatchObject({ description: 'second' });
    expect(remove!.after).toBeNull();
    expect(typeof add!.userId).toBe('number');
  });

  it('another tenant sees none of it; a user without the /table screen may not read it at all', async () => {
    const mine = await list(t.app, 'auditLog', {}, other);
    expect(mine.rows.every((r) => r.tenantId === mine.rows[0]?.tenantId)).toBe(true);
    expect(mine.rows.some((r) => r.resource === 'device/deviceGroup')).toBe(false);
    const plain = await addUser(t.app, {
      tenant: await tenantId(t.app, 'Demo Site'),
      username: 'plainaudit',
      password: 'secret1',
      kind: 'admin',
      roleIds: [],
    });
    void plain;
    const token = (await login(t.app, 'plainaudit', 'secret1')).token;
    expect((await post(t.app, '/api/user/auditLog/list', {}, { token })).code).toBe(403);
    expect((await post(t.app, '/api/user/auditLog/add', { action: 'add' }, { token: demo })).status).toBe(404);
  });
});
