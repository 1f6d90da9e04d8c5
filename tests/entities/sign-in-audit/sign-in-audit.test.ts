import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, post, type TestApp } from '../../server/helper';
import { demoApp, list } from '../../server/org-helper';

let t: TestApp;
let demo: string;

beforeAll(async () => {
  ({ t, demo } = await demoApp());
});
afterAll(() => t?.close());

describe('sign-in audit', () => {
  it('lists failed sign-ins to the platform administrator only', async () => {
    const su = (await login(t.app, 'admin', 'admin123')).token;
    await post(t.app, '/api/auth/auth/login', { username: 'demo', password: 'wrong-one', language: 'CN' });
    const rows = await list(t.app, 'signInAudit', { filters: { account: 'demo' } }, su);
    expect(rows.rows[0]).toMatchObject({ kind: 'password', account: 'demo', outcome: 'failed' });
    expect(rows.rows[0]).not.toHaveProperty('password');
    expect((await list(t.app, 'signInAudit', {}, demo)).total).toBe(0);
  });
});
