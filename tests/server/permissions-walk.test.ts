import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/server/db/rows';
import { devices } from '../../src/server/db/schema';
import { DEVICE_STATE } from '../../src/shared/codes';
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
  /\/(list|get|detail|since|stats|summary|unreadCount|telemetry|rollups|locations|events|getDeviceInfo|track|export|getNavigationBar|userInfo|info|tenantInfo|config|health|tags|devices|json|active|resourceIds|tree|acks|units|usage|deliveries|armStatus|qr|methods|report|quote|home|products|movements|byDevice|ledger|daily|topups|states|records|candidates|fleet|timeline|vapidPublicKey|device)$/i;
/**
 * Reads whose last segment names a thing, not a reading: the caller's own push kinds
 * (src/server/webpush/routes.ts), the staff nearest to an alarm (the SOS dialog's list), a
 * scheduled report's runs and a run's file (src/entities/report-schedule/routes.ts).
 */
const READ_OPERATIONS = new Set([
  'GET /api/push/preferences',
  'POST /api/device/alarm/nearestStaff',
  'POST /api/user/reportSchedule/runs',
  'POST /api/user/reportSchedule/download',
]);
/** Changes whose name says nothing of it: saving the caller's own push kinds. */
const WRITE_OPERATIONS = new Set(['POST /api/push/preferences']);
/**
 * Names that say an operation changes something or starts something on a device: the first word
 * of its last path segment (`watchDevice`: watch). Such an operation must declare `write` or a
 * button mark (docs/permissions.md), unless it is in NOT_SESSION_WRITES.
 */
const CHANGE_WORDS = new Set(
  (
    'add update delete remove set send start stop watch call place pay buy upload unlock lock import register ' +
    'sync push broadcast refresh purge grant cancel revoke review approve reject submit apply withdraw publish ' +
    'distribute issue ship refund restore reset bind unbind allocate recompute punch check record snapshot answer ' +
    'ack change create edit save assign suspend resume disarm reply topup build invite retry requeue replay ' +
    'generate rotate clear mark enable disable confirm complete read many retention positions sos run'
  ).split(' '),
);
/**
 * Operations named like a change that no console session authorises: the logins and the
 * protocols devices, brokers, media peers and payers speak, each checked by what it presents (a
 * device secret, the broker's secret, a media token, a link token).
 */
const NOT_SESSION_WRITES = new Set([
  'POST /api/auth/auth/sendSmsCode',
  'GET /api/ack/{token}',
  'POST /api/ack/{token}',
  'POST /api/conf/v1/set/{confNum}/{instanceId}',
  'POST /api/device/deviceVoice/upload',
  'POST /api/media/publish',
]);
const firstWord = (path: string) =>
  (
    path
      .split('/')
      .filter((s) => s && !s.startsWith('{'))
      .at(-1) ?? ''
  )
    .split(/(?=[A-Z])/)[0]!
    .toLowerCase();

/** Answers a visitor may get besides a refusal: session and public routes (and the sandbox pay page's script). */
const OPEN =
  /\/(visitorLogin|login|smsLogin|sendSmsCode|logout|exchange|health|realtime)$|\/api\/mqtt\/|^\/api\/pay\/sandbox\/pay\.js$|^\/api\/health\/live$/;
const PHONE = /(?<!\d)1[3-9]\d{9}(?!\d)/;
const EMAIL = /[A-Za-z0-9._%+-]{2,}@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;

/**
 * Every table's row count and a hash of its rows (`table: count:hash`): a walk that changes
 * nothing leaves each as it found it.
 */
async function fingerprint(app: FastifyInstance): Promise<Map<string, string>> {
  const tables = rowsOf<{ name: string }>(
    await app.db.execute(sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`),
  );
  const out = new Map<string, string>();
  // The service writes its own keys into settings on first use: only keys that were there count.
  const settings = rowsOf<{ key: string; value: string }>(await app.db.execute(sql`select key, value from settings`));
  for (const r of settings) out.set(`settings:${r.key}`, r.value);
  for (const { name } of tables.filter((t) => t.name !== 'settings')) {
    const [r] = rowsOf<{ n: string; h: string }>(
      await app.db.execute(
        sql.raw(`select count(*)::text as n, coalesce(sum(hashtext(t::text)), 0)::text as h from "${name}" t`),
      ),
    );
    out.set(name, `${r!.n}:${r!.h}`);
  }
  return out;
}

/**
 * Tables a walk may change without changing anything of anyone's: sessions (the visitor's own
 * login), the audit of views, and the records of anonymous login attempts on the public routes.
 */
const OWN_TRACES = new Set(['sessions', 'audit_log', 'auth_audit', 'login_failures']);

/** The walk's device: an online door unit of the demo site, which takes every command a camera or a call sends. */
let walkImei = '';

/** A sample body pointed at real rows of the demo site, so reads return data to look at. */
function realistic(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body ?? {};
  const out: Record<string, unknown> = { ...body };
  if ('imei' in out) out.imei = walkImei;
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
    const [door] = await t.app.db
      .select({ id: devices.id, imei: devices.imei })
      .from(devices)
      .where(and(eq(devices.tenantId, demo), eq(devices.kind, 'doorUnit')))
      .orderBy(devices.id)
      .limit(1);
    // Online and just heard from on the test's clock, so the silence sweep leaves it online.
    await t.app.db
      .update(devices)
      .set({ state: DEVICE_STATE.online, lastCommunicationAt: new Date(t.clock.now()) })
      .where(eq(devices.id, door!.id));
    walkImei = door!.imei;
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

  it('declares write or a button mark on every operation named like a change', () => {
    const declared = ops.filter((op) => op.access !== undefined);
    expect(declared.length).toBeGreaterThan(100);
    const loose = ops
      .filter(
        (op) =>
          (CHANGE_WORDS.has(firstWord(op.path)) || WRITE_OPERATIONS.has(`${op.method} ${op.path}`)) &&
          !NOT_SESSION_WRITES.has(`${op.method} ${op.path}`),
      )
      .filter((op) => !/^(write|mark:)/.test(op.access ?? ''))
      .map((op) => `${op.method} ${op.path} ${op.access ?? '(outside the guarded routes)'}`);
    expect(loose).toEqual([]);
  });

  it('lets the visitor change nothing and shows it no phone or e-mail in full', async () => {
    expect(ops.length).toBeGreaterThan(100);
    const writes: string[] = [];
    const leaks: string[] = [];
    const before = await fingerprint(t.app);
    const changed: string[] = [];
    for (const who of ['visitor', 'limited'] as const) {
      if (who === 'limited') {
        const after = await fingerprint(t.app);
        changed.push(...[...before].filter(([k, v]) => after.get(k) !== v && !OWN_TRACES.has(k)).map(([k]) => k));
      }
      for (const op of ops) {
        if (/logout|password|pwd/i.test(op.path)) continue;
        const res = await call(op, who === 'visitor' ? visitor : limited);
        let code: unknown;
        try {
          // The conference protocol answers {ret, data | msg}: ret 0 is its success.
          const body = res.json() as { code?: unknown; ret?: unknown };
          code = body.code ?? body.ret;
        } catch {
          code = undefined;
        }
        const ok = res.statusCode === 200 && (code === 0 || code === 200 || code === undefined);
        const read = READS.test(op.path) || READ_OPERATIONS.has(`${op.method} ${op.path}`);
        if (who === 'visitor' && ok && !read && !OPEN.test(op.path)) writes.push(`${op.method} ${op.path}`);
        // A limited user sees in full what the screens they hold show (the device list's responsible
        // person, the alarm log's); the visitor never sees personal data.
        if (who === 'visitor' && ok && (PHONE.test(res.body) || EMAIL.test(res.body)))
          leaks.push(`${who} ${op.path}: ${(PHONE.exec(res.body) ?? EMAIL.exec(res.body))![0]}`);
      }
    }
    expect(writes).toEqual([]);
    expect(changed).toEqual([]);
    expect(leaks).toEqual([]);
    // The detector sees what an administrator of the user screen is shown in full.
    const admin = (await login(t.app, 'demo', 'demo123')).token;
    expect((await post(t.app, '/api/user/user/list', { size: 50 }, { token: admin })).data).toSatisfy((d: unknown) =>
      PHONE.test(JSON.stringify(d)),
    );
    // Two passes over 900 operations and two fingerprints of every table: about 15 s alone.
  }, 180_000);
});
