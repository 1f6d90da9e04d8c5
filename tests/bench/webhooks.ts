// Webhooks (`npm run bench`; the target: with 100 endpoints registered, an SOS's request reaches
// an endpoint p95 < 500 ms after the device's message arrived). 100 local HTTP receivers, each an
// endpoint of the demo site subscribed to alarm.raised; SOS from distinct helmets one after the
// other through the ingest, the alarm engine, the outbox writer and the dispatcher (woken by the
// write, no poll), each waited for at all 100 receivers. Measured per request: the receiver's
// receipt against the time the SOS was handed to the ingest; and per SOS, its last endpoint.
import type { FastifyInstance } from 'fastify';
import { encodePayload } from '../../src/shared/devices/codec';
import { topics } from '../../src/shared/topics';
import { buildApp } from '../../src/server/app';
import { webhooks } from '../../src/entities/webhook';
import { integrationKey, seal } from '../../src/server/integrations/secret-box';
import { tenantId } from '../server/fixtures';
import { CHEAP_ARGON2 } from '../server/helper';
import { addDevices } from '../server/ingest-helper';
import { pgliteFromTemplate } from '../server/template-db';
import { Receiver } from '../server/webhook-receiver';
import { benchFailed, sized } from './size';

const ENDPOINTS = sized(100, 3, 'BENCH_WEBHOOK_ENDPOINTS');
const SOS = sized(50, 3, 'BENCH_WEBHOOK_SOS');
const TARGET_P95_MS = 500;
const WAIT_MS = 10_000;
const f = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 1 });
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

async function register(app: FastifyInstance, site: number, receivers: Receiver[]): Promise<void> {
  const secret = seal(await integrationKey(app.db), 'bench-secret-0123456789');
  await app.db.insert(webhooks).values(
    receivers.map((r, i) => ({
      tenantId: site,
      name: `bench ${i}`,
      url: `${r.url}/sos`,
      events: ['alarm.raised'],
      secret,
      secretHint: '••••6789',
    })),
  );
  app.outbox.invalidate('webhook', site);
}

export async function benchWebhooks(): Promise<string[]> {
  const receivers: Receiver[] = [];
  let app: FastifyInstance | undefined;
  try {
    app = await buildApp({
      env: { NODE_ENV: 'test' },
      logger: false,
      database: await pgliteFromTemplate(),
      config: {
        memoryDb: true,
        mqttPort: 0,
        staticDir: '/nonexistent-static-dir',
        argon2: CHEAP_ARGON2,
        deviceRate: { perS: 0, burst: 1 },
        webhookAllowPrivate: true,
      },
    });
    for (let i = 0; i < ENDPOINTS; i++) receivers.push(await Receiver.start());
    const site = await tenantId(app, 'Demo Site');
    await register(app, site, receivers);
    const fleet = await addDevices(app, SOS + 1, { tenantId: site, kind: 'helmet' });
    const perRequest: number[] = [];
    const perSos: number[] = [];
    for (const [i, d] of fleet.entries()) {
      const counts = receivers.map((r) => r.received.length);
      const sent = performance.now();
      app.ingest.handle(
        topics.deviceUp(d.imei),
        Buffer.from(encodePayload({ kind: 'alarm', alarm: 'sos', ts: Date.now() }, 'json')),
        null,
      );
      await Promise.all(receivers.map((r, j) => r.count(counts[j]! + 1, WAIT_MS)));
      // The first SOS warms the caches (the endpoints, the device, the connections): not counted.
      if (i === 0) continue;
      const at = receivers.map((r, j) => r.received[counts[j]!]!.at - sent);
      perRequest.push(...at);
      perSos.push(Math.max(...at));
    }
    await app.outbox.drain();
    const failed = app.outbox.stats.failed + app.outbox.stats.retried;
    perRequest.sort((a, b) => a - b);
    perSos.sort((a, b) => a - b);
    const p95 = pct(perRequest, 95);
    const ok = p95 < TARGET_P95_MS && failed === 0;
    return [
      `Webhooks, ${f(ENDPOINTS)} endpoints (local receivers), ${f(perSos.length)} SOS one after another (PGlite):`,
      `  device message to request at an endpoint p50 ${f(pct(perRequest, 50))} ms, p95 ${f(p95)} ms, max ${f(perRequest.at(-1) ?? NaN)} ms ` +
        `(target p95 < ${TARGET_P95_MS} ms); the last endpoint of an SOS p50 ${f(pct(perSos, 50))} ms, p95 ${f(pct(perSos, 95))} ms; ` +
        `failed or retried ${failed} ${ok ? 'ok' : 'MISSED'}`,
    ];
  } catch (err) {
    return [benchFailed('Webhooks', err)];
  } finally {
    await app?.close();
    await Promise.all(receivers.map((r) => r.close()));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await benchWebhooks()) console.log(line);
}
