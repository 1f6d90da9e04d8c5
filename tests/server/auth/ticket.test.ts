import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketInfo, UserInfo } from '../../../src/shared/auth';
import { AUTO_LOGIN_TTL_MS } from '../../../src/shared/constants';
import { addRole, addUser, tenantId } from '../fixtures';
import { buildTestApp, login, post, type TestApp } from '../helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: { publicUrl: 'https://console.example' } });
  const demo = await tenantId(t.app, 'Demo Site');
  const viewer = await addRole(t.app, demo, 'Viewer', ['DeviceList']);
  await addUser(t.app, { tenant: demo, username: 'viewer', password: 'viewer1', roleIds: [viewer] });
});
afterAll(() => t?.close());

const CREATE = '/api/auth/ticket/create';
const EXCHANGE = '/api/auth/ticket/exchange';

async function createTicket(imei = '860000000000001'): Promise<TicketInfo> {
  const { token } = await login(t.app, 'demo', 'demo123');
  const res = await post<TicketInfo>(t.app, CREATE, { imei }, { token });
  expect(res.code).toBe(0);
  return res.data;
}

describe('auto-login tickets', () => {
  it('needs the device:link mark', async () => {
    const { token } = await login(t.app, 'viewer', 'viewer1');
    expect(await post(t.app, CREATE, { imei: '1' }, { token })).toMatchObject({ code: 403, key: 'noPermission' });
    expect((await post(t.app, CREATE, { imei: '1' })).code).toBe(208);
  });

  it('creates a signed link that carries no password', async () => {
    const info = await createTicket();
    expect(info.url).toBe(
      `https://console.example/ProDeviceList?imei=860000000000001&key=${encodeURIComponent(info.key)}`,
    );
    expect(Date.parse(info.expiresAt) - t.clock.now()).toBe(AUTO_LOGIN_TTL_MS);
    const claims = Buffer.from(info.key.split('.')[0]!, 'base64url').toString();
    expect(claims).not.toMatch(/demo123|password/);
  });

  it('exchanges a ticket for a new session of its user', async () => {
    const { key } = await createTicket();
    const res = await post<UserInfo>(t.app, EXCHANGE, { key, language: 'CN' });
    expect(res.code).toBe(0);
    expect(res.data.username).toBe('demo');
    const token = String(res.headers.authorization);
    expect((await post(t.app, '/api/auth/auth/userInfo', undefined, { token })).code).toBe(0);
  });

  it('refuses a tampered ticket', async () => {
    const { key } = await createTicket();
    const [body, sig] = key.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ u: 1, i: '', e: t.clock.now() + 1000 })).toString('base64url');
    for (const bad of [`${forged}.${sig}`, `${body}.${sig.slice(0, -2)}AA`, body, `${key}.x`, 'garbage']) {
      expect(await post(t.app, EXCHANGE, { key: bad }, { ip: '10.6.0.1' })).toMatchObject({
        code: 400,
        key: 'ticketInvalid',
      });
    }
  });

  it('refuses an expired ticket', async () => {
    const { key } = await createTicket();
    t.clock.advance(AUTO_LOGIN_TTL_MS + 1);
    expect(await post(t.app, EXCHANGE, { key }, { ip: '10.6.0.2' })).toMatchObject({ code: 400, key: 'ticketInvalid' });
  });

  it('opens one session once: a second exchange of the same ticket is refused', async () => {
    const { key } = await createTicket();
    expect((await post(t.app, EXCHANGE, { key }, { ip: '10.6.0.3' })).code).toBe(0);
    expect(await post(t.app, EXCHANGE, { key }, { ip: '10.6.0.3' })).toMatchObject({ code: 400, key: 'ticketInvalid' });
  });

  it('dies with the session that created it: logout, a password change', async () => {
    const { token } = await login(t.app, 'demo', 'demo123');
    const made = async () =>
      (await post<TicketInfo>(t.app, CREATE, { imei: '860000000000001' }, { token: session })).data.key;
    let session = token;
    const beforeLogout = await made();
    expect((await post(t.app, '/api/auth/auth/logout', undefined, { token: session })).code).toBe(0);
    expect(await post(t.app, EXCHANGE, { key: beforeLogout }, { ip: '10.6.0.4' })).toMatchObject({
      code: 400,
      key: 'ticketInvalid',
    });

    session = (await login(t.app, 'demo', 'demo123')).token;
    const beforeChange = await made();
    expect(
      (
        await post(
          t.app,
          '/api/auth/auth/changePassword',
          { oldPassword: 'demo123', newPassword: 'demo1234' },
          { token: session },
        )
      ).code,
    ).toBe(0);
    expect(await post(t.app, EXCHANGE, { key: beforeChange }, { ip: '10.6.0.5' })).toMatchObject({
      code: 400,
      key: 'ticketInvalid',
    });
    // Back to the demo password for the tests after this one.
    const again = (await login(t.app, 'demo', 'demo1234')).token;
    expect(
      (
        await post(
          t.app,
          '/api/auth/auth/changePassword',
          { oldPassword: 'demo1234', newPassword: 'demo123' },
          { token: again },
        )
      ).code,
    ).toBe(0);
  });

  it('builds its link from PUBLIC_URL, never from the Host header', async () => {
    const { token } = await login(t.app, 'demo', 'demo123');
    const res = await t.app.inject({
      method: 'POST',
      url: CREATE,
      payload: { imei: '860000000000001' },
      headers: { authorization: token, host: 'evil.example' },
    });
    expect((res.json() as { data: TicketInfo }).data.url).toMatch(/^https:\/\/console\.example\/ProDeviceList\?/);
  });
});
