import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../../server/fixtures';
import { login, post, type TestApp } from '../../server/helper';
import { demoApp, list } from '../../server/org-helper';

let t: TestApp;
let su: string;
let demo: string;
let demoTenant: number;

beforeAll(async () => {
  ({ t, su, demo, demoTenant } = await demoApp());
});
afterAll(() => t?.close());

describe('tenant applications', () => {
  it('enterprise applications: tenant administrators apply, super administrators review once', async () => {
    const applied = await post<{ id: number }>(
      t.app,
      '/api/user/tenant/applyEnterprise',
      { contact: 'Li', phone: '13900000001', note: 'please' },
      { token: demo },
    );
    expect(applied.code).toBe(0);
    expect(
      (await post(t.app, '/api/user/tenant/applyEnterprise', { contact: 'Li', phone: '13900000001' }, { token: demo }))
        .key,
    ).toBe('applicationPending');
    const plain = await addUser(t.app, { tenant: demoTenant, username: 'plainuser' });
    expect(plain).toBeGreaterThan(0);
    expect(
      (
        await post(
          t.app,
          '/api/user/tenant/applyEnterprise',
          { contact: 'X', phone: '13900000002' },
          { token: (await login(t.app, 'plainuser', 'secret1')).token },
        )
      ).code,
    ).toBe(403);
    const mine = await list(t.app, 'tenantApplication', {}, demo);
    const row = {
      id: applied.data.id,
      status: 1,
      contact: 'Li',
      applicantName: 'Demo administrator',
      tenantId: demoTenant,
      tenantName: 'Demo Site',
    };
    expect(mine.rows).toMatchObject([row]);
    // The super administrator's review screen lists every tenant's applications, each named.
    expect((await list(t.app, 'tenantApplication', {}, su)).rows).toContainEqual(expect.objectContaining(row));
    expect(
      (await post(t.app, '/api/user/tenantApplication/review', { id: applied.data.id, status: 2 }, { token: demo }))
        .code,
    ).toBe(403);
    expect(
      (await post(t.app, '/api/user/tenantApplication/review', { id: applied.data.id, status: 1 }, { token: su })).code,
    ).toBe(400);
    expect(
      (await post(t.app, '/api/user/tenantApplication/review', { id: applied.data.id, status: 2 }, { token: su })).code,
    ).toBe(0);
    expect(
      (await post(t.app, '/api/user/tenantApplication/review', { id: applied.data.id, status: 3 }, { token: su })).key,
    ).toBe('noSuchTransition');
    expect((await list(t.app, 'tenantApplication', { filters: { status: 2 } }, su)).rows.map((r) => r.id)).toEqual([
      applied.data.id,
    ]);
  });
});
