import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { availableParallelism, cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { STOCK_STATE } from '../../src/shared/codes';
import { topics } from '../../src/shared/topics';
import { buildApp } from '../../src/server/app';
import { devices, tenants } from '../../src/server/db/schema';
import { freshPostgres } from '../server/helper';

const DEVICES = 10_000;
const QUICK = process.env.BENCH_QUICK === '1';
const SUSTAIN_S = QUICK ? 8 : 20;
const OVERLOAD_S = QUICK ? 8 : 30;
const RECOVER_S = QUICK ? 5 : 10;
// Long enough for steady state: with 3 s the sustained phase ran well below the recovery phase
// after it (PGlite's WebAssembly and the JIT were still warming up).
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 10);
const TICK_MS = 10;
const MB = 1024 * 1024;

interface Path {
  name: string;
  app: FastifyInstance;
  /** Publishes up to n messages round-robin over the fleet; resolves with how many went out. */
  send(n: number): Promise<number>;
  /**
   * Closed loop only: at most this many messages between the publishers and the service. An
   * external broker holds a bounded queue per subscriber (Mosquitto: max_queued_messages 1,000
   * beyond the 1,000 in flight) and drops beyond it, so a deeper window measures broker drops.
   */
  brokerWindow: number;
  close(): Promise<void>;
}

const message = (n: number) => Buffer.from(`{"kind":"telemetry","id":${n},"values":{"heartRate":${60 + (n % 40)},"battery":${n % 100},"steps":${n}}}`);

async function registerFleet(app: FastifyInstance): Promise<string[]> {
  const [site] = await app.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, 'Demo Site'));
  const prefix = `87${randomBytes(3).readUIntBE(0, 3) % 1000}`.padEnd(5, '0');
  const imeis = Array.from({ length: DEVICES }, (_, i) => `${prefix}${String(i).padStart(10, '0')}`);
  for (let i = 0; i < DEVICES; i += 1000) {
    await app.db.insert(devices).values(imeis.slice(i, i + 1000).map((imei) => ({ tenantId: site!.id, imei, kind: 'wristband', state: 0, stockState: STOCK_STATE.bound })));
  }
  return imeis;
}

async function openPath(kind: 'pglite' | 'postgres'): Promise<Path> {
  const pg = kind === 'postgres' ? await freshPostgres(process.env.DATABASE_URL!) : undefined;
  const mqttUrl = kind === 'postgres' ? process.env.MQTT_URL : undefined;
  const app = await buildApp({
    env: {},
    logger: { level: 'error' },
    config: { memoryDb: !pg, databaseUrl: pg?.url, mqttUrl, mqttPort: 0, staticDir: '/nonexistent', argon2: { memoryCost: 1024, timeCost: 1 }, sim: 0, ingestGroup: `bench-${randomBytes(3).toString('hex')}` },
  });
  const imeis = await registerFleet(app);
  if (!mqttUrl) {
    let seq = 0;
    return {
      name: 'PGlite + embedded Aedes (published in-process by the service itself, app.broker.publish QoS 0: devices may only publish their own topic)',
      app,
      brokerWindow: Infinity,
      send: async (n) => {
        for (let k = 0; k < n; k++, seq++) void app.broker.publish(topics.deviceUp(imeis[seq % imeis.length]!), message(seq), { qos: 0 }).catch(() => {});
        return n;
      },
      close: () => app.close(),
    };
  }
  await app.ingest.subscribed;
  // Publishers in a child process: their CPU and memory are not the service's.
  const child = fork(fileURLToPath(new URL('./ingest-publisher.ts', import.meta.url)), [], { execArgv: process.execArgv, serialization: 'advanced' });
  const replies: ((m: { sent?: number; ready?: boolean }) => void)[] = [];
  child.on('message', (m) => replies.shift()?.(m as { sent?: number }));
  const ask = (m: object) => new Promise<{ sent?: number; ready?: boolean }>((resolve) => (replies.push(resolve), child.send(m)));
  await ask({ url: mqttUrl, imeis, connections: 4 });
  return {
    name: 'PostgreSQL + Mosquitto (anonymous publishers in a child process, 4 connections, pre-encoded QoS 1 publishes; shared subscription QoS 1)',
    app,
    brokerWindow: 1_500,
    send: async (n) => (await ask({ n })).sent ?? 0,
    close: async () => {
      child.send({ stop: true });
      await new Promise((resolve) => child.once('exit', resolve));
      await app.close();
      await pg?.drop();
    },
  };
}

interface Phase {
  seconds: number;
  offered: number;
  stored: number;
  peakRss: number;
  peakHeap: number;
  overload: number;
  /** Published but never received by the service (dropped by the broker). */
  lost: number;
}

/**
 * Publishes telemetry round-robin over the fleet. Closed loop (`rate` undefined): keeps a bounded
 * number of messages in the pipeline, so the rate is what the pipeline sustains. Open loop: a
 * fixed offered rate whatever happens downstream.
 */
async function phase(p: Path, seconds: number, rate?: number, window = 20_000): Promise<Phase> {
  const s = p.app.ingestStats;
  const start = { stored: s.stored, overload: s.dropped.overload, received: s.received };
  let sent = 0;
  let peakRss = 0;
  let peakHeap = 0;
  const t0 = performance.now();
  const end = t0 + seconds * 1000;
  // Messages a broker dropped never arrive: forgive what is still missing after a quiet second.
  let forgiven = 0;
  let lastReceived = s.received;
  let lastCheck = t0;
  while (performance.now() < end) {
    const now = performance.now();
    const elapsed = now - t0;
    if (now - lastCheck > 1000) {
      if (s.received === lastReceived) forgiven = sent - (s.received - start.received);
      lastReceived = s.received;
      lastCheck = now;
    }
    const inBroker = sent - forgiven - (s.received - start.received);
    const inPipeline = inBroker + p.app.ingest.depth();
    const budget = rate === undefined ? Math.min(window - inPipeline, p.brokerWindow - inBroker, 5_000) : Math.floor((elapsed / 1000) * rate) - sent;
    if (budget > 0) sent += await p.send(budget);
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
    await new Promise((r) => setTimeout(r, TICK_MS));
  }
  const secs = (performance.now() - t0) / 1000;
  const stored = s.stored - start.stored;
  // A second for what is still on its way through the broker.
  for (let i = 0; i < 20 && sent > s.received - start.received; i++) await new Promise((r) => setTimeout(r, 50));
  const lost = Math.max(0, sent - (s.received - start.received));
  return { seconds: secs, offered: sent, stored, peakRss, peakHeap, overload: s.dropped.overload - start.overload, lost };
}

const f = (n: number) => Math.round(n).toLocaleString('en-US');

export async function benchPath(kind: 'pglite' | 'postgres', target: number): Promise<string[]> {
  const p = await openPath(kind);
  try {
    await phase(p, WARMUP_S); // warm-up: device cache, JIT (PGlite's WebAssembly too)
    await p.app.ingest.drain();
    const sus = await phase(p, SUSTAIN_S);
    await p.app.ingest.drain();
    const rate = sus.stored / sus.seconds;
    const over = await phase(p, OVERLOAD_S, rate * 10);
    const backlog = p.app.ingest.depth();
    const d0 = performance.now();
    await p.app.ingest.drain();
    const drainS = (performance.now() - d0) / 1000;
    const rec = await phase(p, RECOVER_S);
    await p.app.ingest.drain();
    const recRate = rec.stored / rec.seconds;
    const ok = rate >= target;
    return [
      `Ingest on ${p.name}, ${f(DEVICES)} devices:`,
      `  sustained ${SUSTAIN_S} s: ${f(rate)} msg/s stored end to end (publish -> row committed) (target ${f(target)}) ${ok ? 'ok' : 'MISSED'}; ` +
        `rss ${f(sus.peakRss / MB)} MB, heap ${f(sus.peakHeap / MB)} MB, batches ${f(p.app.ingestStats.batches)}`,
      `  overload ${OVERLOAD_S} s at 10x (${f(rate * 10)} msg/s asked, ${f(over.offered / over.seconds)} msg/s offered): stored ${f(over.stored / over.seconds)} msg/s, ` +
        `${f(over.overload)} dropped as overload by the service, ${f(over.lost)} lost at the broker, queue ${f(backlog)} at the end (written in ${drainS.toFixed(1)} s); peak rss ${f(over.peakRss / MB)} MB, heap ${f(over.peakHeap / MB)} MB`,
      `  recovery ${RECOVER_S} s: ${f(recRate)} msg/s (${f((recRate / rate) * 100)}% of sustained); dropped in total ${JSON.stringify(p.app.ingestStats.dropped)}`,
    ];
  } finally {
    await p.close();
  }
}

/** `npm run bench`: device ingest on PGlite + Aedes, and on PostgreSQL + Mosquitto when DATABASE_URL and MQTT_URL are set. */
export async function benchIngest(): Promise<string[]> {
  const lines = [`Machine: ${availableParallelism()} cores (${cpus()[0]?.model ?? '?'}), ${f(totalmem() / MB / 1024)} GB; PostgreSQL and Mosquitto run on the same machine`];
  lines.push(...(await benchPath('pglite', 5_000)));
  if (process.env.DATABASE_URL && process.env.MQTT_URL) lines.push(...(await benchPath('postgres', 20_000)));
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await benchIngest()) console.log(line);
}
