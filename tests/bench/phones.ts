// Patrol phones (`npm run bench`; docs/alarms.md "Push to phones", docs/device-protocol.md "The
// phone shares its position"). Two figures:
// - an SOS to 1,000 subscribed phones: from the device's PUBLISH (handed to the ingest as the
//   broker would) to each encrypted, VAPID-signed request arriving at a local push service on
//   loopback; target p95 < 1 s;
// - 1,000 phones sharing their positions every 10 s (100 requests a second of
//   POST /api/phone/positions through the HTTP stack, each a fix stored through the ingest):
//   the answer's p95 and the service's CPU per fix; no target given, figures only.
import { createECDH, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { encodePayload } from '../../src/shared/devices/codec';
import { topics } from '../../src/shared/topics';
import { buildApp } from '../../src/server/app';
import { pushSubscriptions, userRoles, users } from '../../src/server/db/schema';
import { tenantId } from '../server/fixtures';
import { CHEAP_ARGON2, login } from '../server/helper';
import { newToken, sha256 } from '../../src/server/lib/crypto';
import { insertSession } from '../../src/server/repos/sessions';
import { addDevices } from '../server/ingest-helper';
import { pgliteFromTemplate } from '../server/template-db';
import { benchFailed, QUICK, SMOKE, sized } from './size';

const PHONES = sized(1_000, 10, 'BENCH_PHONES');
const SHARING_S = SMOKE ? 2 : QUICK ? 10 : 30;
const SHARE_EVERY_S = SMOKE ? 1 : 10;
const TARGET_P95_MS = 1_000;
const f = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/** A push service on loopback: when each request arrived. */
async function pushService() {
  const arrived: number[] = [];
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      arrived.push(performance.now());
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    arrived,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export async function benchPhones(): Promise<string[]> {
  const push = await pushService();
  const app = await buildApp({
    env: { NODE_ENV: 'test' },
    logger: false,
    database: await pgliteFromTemplate(),
    config: {
      memoryDb: true,
      mqttPort: 0,
      staticDir: '/nonexistent-static-dir',
      argon2: CHEAP_ARGON2,
      deviceRate: { perS: 0, burst: 1 },
      pushAllowHttp: true,
    },
  });
  const lines: string[] = [];
  try {
    await app.ready();
    const site = await tenantId(app, 'Demo Site');
    // PHONES patrol users who see alarms (the demo administrator's roles), each with a phone subscribed.
    const demo = await login(app, 'demo', 'demo123');
    const roles = await app.db
      .select({ roleId: userRoles.roleId })
      .from(userRoles)
      .where(eq(userRoles.userId, demo.user.id));
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const p256dh = ecdh.getPublicKey().toString('base64url');
    const auth = randomBytes(16).toString('base64url');
    const made = await app.db
      .insert(users)
      .values(
        Array.from({ length: PHONES }, (_, i) => ({
          tenantId: site,
          username: `bench-patrol-${i}`,
          name: `Patrol ${i}`,
          passwordHash: 'x',
        })),
      )
      .returning({ id: users.id });
    await app.db
      .insert(userRoles)
      .values(made.flatMap((u) => roles.map((r) => ({ tenantId: site, userId: u.id, roleId: r.roleId }))));
    await app.db.insert(pushSubscriptions).values(
      made.map((u, i) => ({
        tenantId: site,
        userId: u.id,
        endpoint: `${push.origin}/push/${i}`,
        p256dh,
        auth,
        createdAt: new Date(),
      })),
    );
    app.phonePushes.invalidate(site);

    // The SOS: a wearable's PUBLISH, handed to the ingest as the broker hands it.
    const [watch] = await addDevices(app, 1, { tenantId: site, kind: 'watch' });
    const t0 = performance.now();
    app.ingest.handle(
      topics.deviceUp(watch!.imei),
      Buffer.from(encodePayload({ kind: 'alarm', alarm: 'sos', ts: Date.now() }, 'json')),
      null,
    );
    const deadline = Date.now() + 30_000;
    while (push.arrived.length < PHONES && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const after = push.arrived.map((t) => t - t0).sort((a, b) => a - b);
    const p95 = pct(after, 95);
    const ok = after.length === PHONES && p95 < TARGET_P95_MS;
    lines.push(
      `Phone push, an SOS to ${f(PHONES)} subscribed phones (PUBLISH to the request at a local push service, PGlite):`,
      `  arrived ${f(after.length)}; first ${f(after[0] ?? NaN)} ms, p50 ${f(pct(after, 50))} ms, p95 ${f(p95)} ms, last ${f(after.at(-1) ?? NaN)} ms ` +
        `(target p95 < 1,000 ms) ${ok ? 'ok' : 'MISSED'}`,
    );

    // Sharing: every phone posts a fix every SHARE_EVERY_S, spread evenly, for SHARING_S.
    // A session each, as a sign-in makes it (the bench users have no password to prove).
    const tokens = made.map(() => newToken());
    for (const [i, u] of made.entries())
      await insertSession(
        app.db,
        { tokenHash: sha256(tokens[i]!), userId: u.id, tenantId: site, ip: '127.0.0.1', userAgent: 'bench' },
        Date.now(),
        3_600_000,
      );
    // Each phone's first share makes its device: done before the measured window, as on a site
    // where the phones have shared before.
    for (const [i, token] of tokens.entries())
      await app.inject({
        method: 'POST',
        url: '/api/phone/positions',
        headers: { authorization: token },
        payload: { fixes: [{ lat: 22.54, lon: 114.05 + i * 1e-5, accuracy: 8, at: new Date().toISOString() }] },
      });
    await app.ingest.drain();
    lines.push(...(await sharing(app, tokens)));
    return lines;
  } catch (err) {
    return [...lines, benchFailed('Phones', err)];
  } finally {
    await app.close();
    await push.close();
  }
}

async function sharing(app: Awaited<ReturnType<typeof buildApp>>, tokens: string[]): Promise<string[]> {
  const latencies: number[] = [];
  let failed = 0;
  const cpu0 = process.cpuUsage();
  const started = performance.now();
  const total = Math.round((tokens.length * SHARING_S) / SHARE_EVERY_S);
  const gapMs = (SHARE_EVERY_S * 1000) / tokens.length;
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + i * gapMs;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const token = tokens[i % tokens.length]!;
    const at = new Date().toISOString();
    const t = performance.now();
    inFlight.push(
      app
        .inject({
          method: 'POST',
          url: '/api/phone/positions',
          headers: { authorization: token },
          payload: { fixes: [{ lat: 22.54 + (i % 100) * 1e-4, lon: 114.05, accuracy: 8, at }] },
        })
        .then((res) => {
          latencies.push(performance.now() - t);
          if (res.statusCode !== 200 || (res.json() as { code: number }).code !== 0) failed++;
        }),
    );
  }
  await Promise.all(inFlight);
  await app.ingest.drain();
  const cpu = process.cpuUsage(cpu0);
  latencies.sort((a, b) => a - b);
  const cpuPerFixUs = (cpu.user + cpu.system) / total;
  return [
    `Phones sharing positions: ${f(tokens.length)} phones, a fix each every ${SHARE_EVERY_S} s for ${SHARING_S} s ` +
      `(${f(total)} requests through the HTTP stack and the ingest, PGlite):`,
    `  answer p50 ${f(pct(latencies, 50), 1)} ms, p95 ${f(pct(latencies, 95), 1)} ms, max ${f(latencies.at(-1) ?? NaN, 1)} ms; ` +
      `refused ${failed}; service CPU ${f(cpuPerFixUs)} us per fix`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await benchPhones()) console.log(line);
}
