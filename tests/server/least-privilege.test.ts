import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskEmail, maskIdNumber, maskPhone } from '../../src/shared/mask';
import { addRole, addUser, tenantId } from './fixtures';
import { buildTestApp, login, post, type TestApp } from './helper';

type Rows = { rows: Record<string, unknown>[] };

let t: TestApp;
let admin: string;
let visitor: string;
let limited: string;
const DOOR = '860100000000025';

beforeAll(async () => {
  t = await buildTestApp();
  const demo = await tenantId(t.app, 'Demo Site');
  admin = (await login(t.app, 'demo', 'demo123')).token;
  visitor = String((await post(t.app, '/api/auth/auth/visitorLogin', { language: 'CN' })).headers.authorization);
  // A user whose role shows the device list only.
  const role = await addRole(t.app, demo, 'Devices only', ['DeviceList']);
  await addUser(t.app, { tenant: demo, username: 'limited1', roleIds: [role] });
  limited = (await login(t.app, 'limited1', 'secret1')).token;
  // Someone with a phone and an e-mail to protect.
  await post(
    t.app,
    '/api/user/user/update',
    {
      id: (await users(admin)).rows.find((r) => r.username === 'limited1')!.id,
      email: 'worker@example.org',
      phone: '13912345678',
    },
    { token: admin },
  );
});
afterAll(() => t?.close());

const users = async (token: string) => (await post<Rows>(t.app, '/api/user/user/list', { size: 100 }, { token })).data;

describe('least privilege', () => {
  it('masks phones and e-mails for the visitor and for users without the user screen, not for its administrators', async () => {
    const full = (await users(admin)).rows.find((r) => r.username === 'limited1')!;
    expect(full).toMatchObject({ phone: '13912345678', email: 'worker@example.org' });
    for (const token of [visitor, limited]) {
      const seen = (await users(token)).rows.find((r) => r.username === 'limited1')!;
      expect(seen.phone).toBe('139****5678');
      expect(seen.email).toBe('w***@example.org');
      const one = await post<Record<string, unknown>>(t.app, '/api/user/user/get', { id: full.id }, { token });
      expect(one.data.phone).toBe('139****5678');
    }
  });

  it('refuses the visitor a door-call token and the hang-up record, and every write', async () => {
    for (const [url, body] of [
      ['/api/device/voiceNet/buildToken', { imei: DOOR, roomNo: '101' }],
      ['/api/device/voiceNet/property/answer', { imei: DOOR, roomNo: '101' }],
      ['/api/device/alarm/read', { ids: [1] }],
      ['/api/device/command/send', { imei: DOOR, cmd: 'restart' }],
    ] as const) {
      const res = await post(t.app, url, body, { token: visitor });
      expect([res.code, res.key]).toEqual([403, 'readOnlyVisitor']);
    }
    // The administrator gets the token.
    expect(
      (await post(t.app, '/api/device/voiceNet/buildToken', { imei: DOOR, roomNo: '101' }, { token: admin })).code,
    ).toBe(0);
  });

  it('lets only users who work the alarm screens mark alarms read', async () => {
    const res = await post(t.app, '/api/device/alarm/read', { ids: [1] }, { token: limited });
    expect([res.code, res.key]).toEqual([403, 'noPermission']);
    expect((await post(t.app, '/api/device/alarm/read', { ids: [1] }, { token: admin })).code).toBe(0);
  });

  it('masks what it must and keeps the rest readable', () => {
    expect(maskPhone('13800000000')).toBe('138****0000');
    expect(maskPhone('12345')).toBe('****');
    expect(maskEmail('alice@example.com')).toBe('a***@example.com');
    expect(maskIdNumber('110101199001011234')).toBe('1101**********1234');
  });
});
