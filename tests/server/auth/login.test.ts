import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserInfo } from '../../../src/shared/auth';
import { SESSION_TTL_MS } from '../../../src/shared/constants';
import { tenants, users } from '../../../src/server/db/schema';
import { buildTestApp, login, post, type TestApp } from '../helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  const [tenant] = await t.app.db.select().from(tenants).where(eq(tenants.name, 'Demo Site'));
  await t.app.db.insert(users).values([
    {
      tenantId: tenant!.id,
      username: 'gone',
      name: 'Disabled',
      passwordHash: await t.app.hasher.hash('gone123'),
      status: 0,
    },
    { tenantId: tenant!.id, username: 'pw', name: 'Password changer', passwordHash: await t.app.hasher.hash('first1') },
  ]);
});
afterAll(() => t?.close());

const LOGIN = '/api/auth/auth/login';
const USER_INFO = '/api/auth/auth/userInfo';

describe('account login', () => {
  it('answers the token in the authorization header and the user info as data', async () => {
    const res = await post<UserInfo>(t.app, LOGIN, { username: 'demo', password: 'demo123', language: 'CN' });
    expect(res.status).toBe(200);
    expect(res.code).toBe(0);
    expect(res.headers.authorization).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(String(res.headers['access-control-expose-headers']).toLowerCase()).toContain('authorization');
    expect(res.data).toMatchObject({ username: 'demo', kind: 'admin', tenantName: 'Demo Site', phone: '13800000000' });
    expect(res.data.id).toBeGreaterThan(0);
    expect(res.data.roles.map((r) => r.name)).toEqual(['Administrator']);
    expect(res.data.marks).toContain('device:link');
    // The console shows dates on the tenant's clock: the service's TIME_ZONE (tenants have no zone of their own).
    expect(res.data.timeZone).toBe(t.app.config.timeZone);
  });

  it('refuses a wrong password with badCredentials and no token', async () => {
    const res = await post(t.app, LOGIN, { username: 'demo', password: 'nope99' }, { ip: '10.1.0.1' });
    expect(res).toMatchObject({ code: 400, key: 'badCredentials' });
    expect(res.headers.authorization).toBeUndefined();
  });

  it('refuses an unknown account exactly like a wrong password', async () => {
    const res = await post(t.app, LOGIN, { username: 'nobody', password: 'nope99' }, { ip: '10.1.0.2' });
    expect(res).toMatchObject({ code: 400, key: 'badCredentials' });
  });

  it.each([
    [{ username: '', password: 'x' }, 'accountRequired', 'username'],
    [{ username: '  ', password: 'x' }, 'accountRequired', 'username'],
    [{ username: 'demo', password: '' }, 'passwordRequired', 'password'],
  ])('names the empty field with its message key (%j)', async (body, key, field) => {
    const res = await post(t.app, LOGIN, body);
    expect(res.status).toBe(200);
    expect(res).toMatchObject({ code: 400, key });
    expect(res.msg).toContain(field);
  });

  it('refuses a disabled account once the password is right', async () => {
    const res = await post(t.app, LOGIN, { username: 'gone', password: 'gone123' });
    expect(res).toMatchObject({ code: 403, key: 'accountDisabled' });
  });

  it('lets the super administrator in with every mark', async () => {
    const { user } = await login(t.app, 'admin', 'admin123');
    expect(user.kind).toBe('super');
    expect(user.marks).toEqual(['*']);
  });
});

describe('sessions', () => {
  it('answers the current user for a live token', async () => {
    const { token, user } = await login(t.app, 'demo', 'demo123');
    const res = await post<UserInfo>(t.app, USER_INFO, undefined, { token });
    expect(res.code).toBe(0);
    expect(res.data.id).toBe(user.id);
  });

  it.each([
    ['missing', undefined],
    ['garbage', 'not-a-token'],
    ['overlong', 'x'.repeat(5000)],
  ])('answers 208 sessionExpired for a %s token', async (_name, token) => {
    const res = await post(t.app, USER_INFO, undefined, { token });
    expect(res.status).toBe(200);
    expect(res).toMatchObject({ code: 208, key: 'sessionExpired' });
  });

  it('revokes the token on logout', async () => {
    const { token } = await login(t.app, 'demo', 'demo123');
    expect((await post(t.app, '/api/auth/auth/logout', {}, { token })).code).toBe(0);
    expect((await post(t.app, USER_INFO, undefined, { token })).code).toBe(208);
    // logging out twice is itself a 208, not an error
    expect((await post(t.app, '/api/auth/auth/logout', {}, { token })).code).toBe(208);
  });

  it('keeps a used session alive (sliding) and expires an idle one', async () => {
    const { token: busy } = await login(t.app, 'demo', 'demo123');
    const { token: idle } = await login(t.app, 'demo', 'demo123');
    t.clock.advance(SESSION_TTL_MS - 60_000);
    expect((await post(t.app, USER_INFO, undefined, { token: busy })).code).toBe(0);
    t.clock.advance(120_000);
    expect((await post(t.app, USER_INFO, undefined, { token: idle })).code).toBe(208);
    expect((await post(t.app, USER_INFO, undefined, { token: busy })).code).toBe(0);
  });
});

describe('visitor', () => {
  it('logs in without credentials as the read-only guest of the demo tenant', async () => {
    const res = await post<UserInfo>(t.app, '/api/auth/auth/visitorLogin', { language: 'CN' });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ kind: 'visitor', tenantName: 'Demo Site', marks: [] });
    expect(res.headers.authorization).toBeTruthy();
  });

  it('is refused on routes that change data, but may log out', async () => {
    const res = await post(t.app, '/api/auth/auth/visitorLogin', {});
    const token = String(res.headers.authorization);
    const change = await post(
      t.app,
      '/api/auth/auth/changePassword',
      { oldPassword: 'x', newPassword: 'whatever1' },
      { token },
    );
    expect(change).toMatchObject({ code: 403, key: 'readOnlyVisitor' });
    const ticket = await post(t.app, '/api/auth/ticket/create', { imei: '860000000000001' }, { token });
    expect(ticket).toMatchObject({ code: 403, key: 'readOnlyVisitor' });
    expect((await post(t.app, '/api/auth/auth/logout', {}, { token })).code).toBe(0);
  });

  it('cannot log in with a password', async () => {
    const res = await post(t.app, LOGIN, { username: 'visitor', password: '!' }, { ip: '10.1.0.3' });
    expect(res.key).toBe('badCredentials');
  });
});

describe('change password', () => {
  it('refuses a wrong current password, then changes it and ends every session', async () => {
    const a = await login(t.app, 'pw', 'first1');
    const b = await login(t.app, 'pw', 'first1');
    const wrong = await post(
      t.app,
      '/api/auth/auth/changePassword',
      { oldPassword: 'nope', newPassword: 'second2' },
      { token: a.token },
    );
    expect(wrong).toMatchObject({ code: 400, key: 'oldPasswordWrong' });
    const short = await post(
      t.app,
      '/api/auth/auth/changePassword',
      { oldPassword: 'first1', newPassword: '123' },
      { token: a.token },
    );
    expect(short).toMatchObject({ code: 400, key: 'passwordLength' });

    const ok = await post(
      t.app,
      '/api/auth/auth/changePassword',
      { oldPassword: 'first1', newPassword: 'second2' },
      { token: a.token },
    );
    expect(ok).toMatchObject({ code: 0, key: 'passwordChanged' });
    expect((await post(t.app, USER_INFO, undefined, { token: a.token })).code).toBe(208);
    expect((await post(t.app, USER_INFO, undefined, { token: b.token })).code).toBe(208);
    expect((await post(t.app, LOGIN, { username: 'pw', password: 'first1' }, { ip: '10.1.0.4' })).key).toBe(
      'badCredentials',
    );
    await login(t.app, 'pw', 'second2');
  });
});
