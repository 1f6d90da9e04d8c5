import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRole, addUser, tenantId } from './fixtures';
import { buildTestApp, login, post, type TestApp } from './helper';
import { operations, sample, type Operation } from './openapi';

/**
 * Every operation of the OpenAPI document walked as the visitor and as a limited user, with a
 * plausible body (docs/permissions.md): the visitor changes nothing anywhere and is never shown a
 * phone number or an e-mail address in full; the limited user's walk must not fail either.
 */

/** Operations that only read, by their last path segment (the rest change something or act). */
const READS =
  /\/(list|get|detail|since|stats|summary|unreadCount|telemetry|rollups|locations|events|getDeviceInfo|track|export|getNavigationBar|userInfo|info|tenantInfo|config|health|tags|devices|json|active|resourceIds|tree|acks|units|usage|deliveries|armStatus|qr|methods|report|quote|home|products|movements|byDevice|ledger|daily|topups|states|records|candidates|fleet|timeline)$/i;
/** Answers a visitor may get besides a refusal: session and public routes (and the sandbox pay page's script). */
const OPEN =
  /\/(visitorLogin|login|smsLogin|sendSmsCode|logout|exchange|health|realtime)$|\/api\/mqtt\/|^\/api\/pay\/sandbox\/pay\.js$/;
const PHONE = /(?<!\d)1[3-9]\d{9}(?!\d)/;
const EMAIL = /[A-Za-z0-9._%+-]{2,}@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;

/** A sample body pointed at real rows of the demo site, so reads return data to look at. */
function realistic(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body ?? {};
  const out: Record<string, unknown> = { ...body };
  if ('imei' in out) out.imei = '860100000000001';
  if ('ids' in out) out.ids = [1];
  return out;
}

describe('permission walk over every operation', () => {
  let t: TestApp;
  let ops: Operation[];
  let visitor: string;
  let limited: string;

  beforeAll(async () => {
    t = await buildTestApp();
    ops = operations((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json());
    visitor = String((await post(t.app, '/api/auth/auth/visitorLogin', { language: 'CN' })).headers.authorization);
    const demo = await tenantId(t.app, 'Demo Site');
    await addUser(t.app, {
      tenant: demo,
      username: 'walker',
      roleIds: [await addRole(t.app, demo, 'Device desk', ['DeviceList'])],
    });
    limited = (await login(t.app, 'walker', 'secret1')).token;
  });
  afterAll(() => t?.close());

  const call = (op: Operation, token: string) =>
    t.app.inject({
      method: op.method as 'POST',
      url: op.path.replace(/\{[^}]+\}/g, '1'),
      headers: { authorization: token, 'content-type': 'application/json' },
      payload: JSON.stringify(realistic(sample(op.body))),
    });

  it('lets the visitor change nothing and shows it no phone or e-mail in full', async () => {
    expect(ops.length).toBeGreaterThan(100);
    const writes: string[] = [];
    const leaks: string[] = [];
    for (const op of ops) {
      if (/logout|password|pwd/i.test(op.path)) continue;
      for (const [who, token] of [
        ['visitor', visitor],
        ['limited', limited],
      ] as const) {
        const res = await call(op, token);
        let code: unknown;
        try {
          // The conference protocol answers {ret, data | msg}: ret 0 is its success.
          const body = res.json() as { code?: unknown; ret?: unknown };
          code = body.code ?? body.ret;
        } catch {
          code = undefined;
        }
        const ok = res.statusCode === 200 && (code === 0 || code === 200 || code === undefined);
        if (who === 'visitor' && ok && !READS.test(op.path) && !OPEN.test(op.path))
          writes.push(`${op.method} ${op.path}`);
        // A limited user sees in full what the screens they hold show (the device list's responsible
        // person, the alarm log's); the visitor never sees personal data.
        if (who === 'visitor' && ok && (PHONE.test(res.body) || EMAIL.test(res.body)))
          leaks.push(`${who} ${op.path}: ${(PHONE.exec(res.body) ?? EMAIL.exec(res.body))![0]}`);
      }
    }
    expect(writes).toEqual([]);
    expect(leaks).toEqual([]);
    // The detector sees what an administrator of the user screen is shown in full.
    const admin = (await login(t.app, 'demo', 'demo123')).token;
    expect((await post(t.app, '/api/user/user/list', { size: 50 }, { token: admin })).data).toSatisfy((d: unknown) =>
      PHONE.test(JSON.stringify(d)),
    );
  });
});
