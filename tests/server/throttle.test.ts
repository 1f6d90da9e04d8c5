import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
} from '../../src/shared/constants';
import { count } from 'drizzle-orm';
import { loginFailures, sessions } from '../../src/server/db/schema';
import { purgeExpired, SESSION_RETENTION_MS } from '../../src/server/repos/housekeeping';
import { buildTestApp, login, post, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const LOGIN = '/api/auth/auth/login';
const attempt = (username: string, password: string, ip: string) => post(t.app, LOGIN, { username, password }, { ip });

describe('login throttling', () => {
  it('locks an account after its failures, from any address, until the window passes', async () => {
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT; i++) {
      expect((await attempt('demo', 'wrong!', `10.2.0.${i}`)).key).toBe('badCredentials');
    }
    // even the right password is refused now, from a fresh address
    expect(await attempt('demo', 'demo123', '10.2.1.1')).toMatchObject({ code: 429, key: 'tooManyAttempts' });
    t.clock.advance(LOGIN_FAILURE_WINDOW_MS + 1);
    expect((await attempt('demo', 'demo123', '10.2.1.1')).code).toBe(0);
  });

  it('clears the account failures on a successful login', async () => {
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT - 1; i++) await attempt('demo', 'wrong!', '10.3.0.1');
    expect((await attempt('demo', 'demo123', '10.3.0.1')).code).toBe(0);
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT - 1; i++) {
      expect((await attempt('demo', 'wrong!', '10.3.0.1')).key).toBe('badCredentials');
    }
    expect((await attempt('demo', 'demo123', '10.3.0.1')).code).toBe(0);
  });

  it('locks an address that fails across many accounts, without locking other addresses', async () => {
    t.clock.advance(LOGIN_FAILURE_WINDOW_MS + 1);
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ADDRESS; i++) {
      expect((await attempt(`guess${i}`, 'wrong!', '10.4.0.1')).key).toBe('badCredentials');
    }
    expect(await attempt('admin', 'admin123', '10.4.0.1')).toMatchObject({ code: 429, key: 'tooManyAttempts' });
    expect((await attempt('admin', 'admin123', '10.4.0.2')).code).toBe(0);
  });
});

describe('housekeeping', () => {
  it('purges stale failure counters and long-ended sessions, and keeps live ones', async () => {
    const rows = async (table: typeof loginFailures | typeof sessions) => (await t.app.db.select({ n: count() }).from(table))[0]!.n;
    await attempt('demo', 'wrong!', '10.9.0.1');
    const { token } = await login(t.app, 'admin', 'admin123', '10.9.0.2');
    expect(await rows(loginFailures)).toBeGreaterThan(0);
    const liveSessions = await rows(sessions);

    await purgeExpired(t.app.db, t.clock.now(), LOGIN_FAILURE_WINDOW_MS);
    expect(await rows(sessions)).toBe(liveSessions);
    expect((await post(t.app, '/api/auth/auth/userInfo', undefined, { token })).code).toBe(0);

    t.clock.advance(SESSION_RETENTION_MS * 2);
    await purgeExpired(t.app.db, t.clock.now(), LOGIN_FAILURE_WINDOW_MS);
    expect(await rows(loginFailures)).toBe(0);
    expect(await rows(sessions)).toBe(0);
  });
});
