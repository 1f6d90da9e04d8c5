import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
} from '../../../src/shared/constants';
import { count, eq } from 'drizzle-orm';
import { authAudit, loginFailures, sessions } from '../../../src/server/db/schema';
import { purgeExpired, SESSION_RETENTION_MS } from '../../../src/server/repos/housekeeping';
import { buildTestApp, login, post, type TestApp } from '../helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const LOGIN = '/api/auth/auth/login';
const attempt = (username: string, password: string, ip: string) => post(t.app, LOGIN, { username, password }, { ip });
const raw = async (username: string, password: string, ip: string) =>
  [await t.app.inject({ method: 'POST', url: LOGIN, payload: { username, password }, remoteAddress: ip })] as const;

describe('login throttling', () => {
  it('slows an account down from the address that fails, not from others, with 429 and Retry-After', async () => {
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT; i++) {
      expect((await attempt('demo', 'wrong!', '10.2.0.1')).key).toBe('badCredentials');
    }
    // One more from that address: answered 429 with how long to wait, even with the right password.
    const [res] = await raw('demo', 'demo123', '10.2.0.1');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 429, key: 'tooManyAttempts' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // The operator on duty logs in from their own device all the same.
    expect((await attempt('demo', 'demo123', '10.2.9.9')).code).toBe(0);
    // The back-off doubles with each failure once it starts: 1 s, then 2 s, 4 s ...
    t.clock.advance(1_001);
    expect((await attempt('demo', 'wrong!', '10.2.0.1')).key).toBe('badCredentials');
    const [again] = await raw('demo', 'wrong!', '10.2.0.1');
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBe(2);
    t.clock.advance(2_001);
    expect((await attempt('demo', 'demo123', '10.2.0.1')).code).toBe(0);
  });

  it('clears the failures of that account and address on a successful login', async () => {
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT - 1; i++) await attempt('demo', 'wrong!', '10.3.0.1');
    expect((await attempt('demo', 'demo123', '10.3.0.1')).code).toBe(0);
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT; i++) {
      expect((await attempt('demo', 'wrong!', '10.3.0.1')).key).toBe('badCredentials');
    }
    expect((await attempt('demo', 'demo123', '10.3.0.1')).code).toBe(429);
  });

  it('stops an address that fails across many accounts for its window, without stopping other addresses', async () => {
    t.clock.advance(LOGIN_FAILURE_WINDOW_MS + 1);
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ADDRESS; i++) {
      expect((await attempt(`guess${i}`, 'wrong!', '10.4.0.1')).key).toBe('badCredentials');
    }
    const [res] = await raw('admin', 'admin123', '10.4.0.1');
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(60);
    expect((await attempt('admin', 'admin123', '10.4.0.2')).code).toBe(0);
  });

  it('writes an audit row for each failure and each throttled attempt, without the password', async () => {
    const before = (await t.app.db.select({ n: count() }).from(authAudit))[0]!.n;
    t.clock.advance(LOGIN_FAILURE_WINDOW_MS + 1);
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT + 1; i++) await attempt('audited', 'secret-guess', '10.5.0.1');
    const rows = await t.app.db.select().from(authAudit).where(eq(authAudit.account, 'audited'));
    expect(rows.map((r) => r.outcome)).toEqual([...Array(LOGIN_MAX_FAILURES_PER_ACCOUNT).fill('failed'), 'throttled']);
    expect(rows.every((r) => r.address === '10.5.0.1' && r.kind === 'password')).toBe(true);
    expect(JSON.stringify(rows)).not.toContain('secret-guess');
    expect((await t.app.db.select({ n: count() }).from(authAudit))[0]!.n).toBe(
      before + LOGIN_MAX_FAILURES_PER_ACCOUNT + 1,
    );
  });
});

describe('housekeeping', () => {
  it('purges stale failure counters and long-ended sessions, and keeps live ones', async () => {
    const rows = async (table: typeof loginFailures | typeof sessions) =>
      (await t.app.db.select({ n: count() }).from(table))[0]!.n;
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
