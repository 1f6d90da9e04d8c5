import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { STOCK_STATE } from '../../src/shared/codes';
import { buildApp } from '../../src/server/app';
import type { EmbeddedBroker } from '../../src/server/broker/types';
import { devices, tenants } from '../../src/server/db/schema';
import { deviceKey, deviceSecret } from '../../src/server/devices/secrets';
import type { Command, DeviceLogin, Report } from './ingest-devices';
import { forwarding } from './ingest-forwarding';
import { freshPostgres } from '../server/helper';
import { mosquittoBinary, startMosquitto } from '../server/mosquitto';
import { QUICK, sized } from './size';
import { pgliteFromTemplate, pgTemplate } from '../server/template-db';

const DEVICES = sized(10_000, 20);
const SUSTAIN_S = sized(QUICK ? 8 : 20, 1);
const OVERLOAD_S = sized(QUICK ? 8 : 30, 1);
const RECOVER_S = sized(QUICK ? 5 : 10, 1);
// Long enough for steady state: with 3 s the sustained phase ran well below the recovery phase
// after it (PGlite's WebAssembly and the JIT were still warming up).
const WARMUP_S = sized(10, 1, 'BENCH_WARMUP_S');
/** PUBLISHes each device keeps unacknowledged in the closed loop (a device sends the next on a PUBACK). */
const WINDOW = sized(2, 2, 'BENCH_WINDOW');
const MB = 1024 * 1024;

/** The figures of the previous bench (README), published in-process or by 4 connections, acknowledged on receipt. */
const PREVIOUS: Record<'pglite' | 'postgres', string> = {
  pglite: '17,270 msg/s (published by the service itself in-process, QoS 0)',
  postgres: '25,090 msg/s (4 publisher connections, QoS 1 acknowledged on receipt)',
};
const PUBLISHERS = 2;

interface Fleet {
  app: FastifyInstance;
  name: string;
  children: ChildProcess[];
  /** Memory per connected device (bytes): the service's resident set and heap, or the external broker's resident set. */
  perDevice: string;
  connected: number;
  close(): Promise<void>;
}

async function registerFleet(app: FastifyInstance): Promise<DeviceLogin[]> {
  const [site] = await app.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, 'Demo Site'));
  const prefix = `87${randomBytes(3).readUIntBE(0, 3) % 1000}`.padEnd(5, '0');
  const imeis = Array.from({ length: DEVICES }, (_, i) => `${prefix}${String(i).padStart(10, '0')}`);
  for (let i = 0; i < DEVICES; i += 1000) {
    await app.db
      .insert(devices)
      .values(
        imeis
          .slice(i, i + 1000)
          .map((imei) => ({ tenantId: site!.id, imei, kind: 'wristband', state: 0, stockState: STOCK_STATE.bound })),
      );
  }
  const key = await deviceKey(app.db);
  return imeis.map((imei) => ({ imei, secret: deviceSecret(key, imei, 1) }));
}

function ask(child: ChildProcess, m: Command): Promise<Report> {
  return new Promise((resolve) => {
    child.once('message', (r) => resolve(r as Report));
    child.send(m);
  });
}

/** The service in this process; the devices, one connection each, in PUBLISHERS child processes. */
async function openFleet(kind: 'pglite' | 'postgres'): Promise<Fleet> {
  const pg = kind === 'postgres' ? await freshPostgres(process.env.DATABASE_URL!, pgTemplate()) : undefined;
  // A Mosquitto configured as README "External broker" asks, unless MQTT_PRIVATE_BROKER=0.
  const own =
    kind === 'postgres' && process.env.MQTT_PRIVATE_BROKER !== '0' && mosquittoBinary()
      ? await startMosquitto()
      : undefined;
  const mqttUrl = kind === 'postgres' ? (own?.url ?? process.env.MQTT_URL) : undefined;
  // PGlite on disk, as `npm start` runs it (in memory, the stored readings would count as the service's memory).
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-ingest-'));
  const app = await buildApp({
    database: pg ? undefined : await pgliteFromTemplate(dataDir),
    env: {},
    logger: { level: 'error' },
    config: {
      memoryDb: false,
      dataDir,
      databaseUrl: pg?.url,
      mqttUrl,
      mqttPort: 0,
      staticDir: '/nonexistent',
      argon2: { memoryCost: 1024, timeCost: 1 },
      sim: 0,
      ingestGroup: `bench-${randomBytes(3).toString('hex')}`,
      // The bench offers what a fleet at ten times its usual rate sends; the limit is for one broken device.
      deviceRate: { perS: 0, burst: 1 },
    },
  });
  const logins = await registerFleet(app);
  let url = mqttUrl;
  if (!url) url = `mqtt://127.0.0.1:${await (app.broker as EmbeddedBroker).listenTcp(0, '127.0.0.1')}`;
  else await app.ingest.subscribed;
  global.gc?.();
  await new Promise((r) => setTimeout(r, 500));
  const m0 = process.memoryUsage();
  const brokerRss0 = own ? rssOf(own.pid) : 0;
  const children = Array.from({ length: PUBLISHERS }, () =>
    fork(fileURLToPath(new URL('./ingest-devices.ts', import.meta.url)), [], {
      execArgv: process.execArgv,
      serialization: 'advanced',
    }),
  );
  await Promise.all(children.map((c) => new Promise((r) => c.once('message', r))));
  const share = Math.ceil(logins.length / PUBLISHERS);
  const starts = await Promise.all(
    children.map((c, i) =>
      ask(c, {
        start: {
          url: url!,
          devices: logins.slice(i * share, (i + 1) * share).map((d) => (mqttUrl ? { imei: d.imei } : d)),
        },
      }),
    ),
  );
  const connected = starts.reduce((n, r) => n + (r.connected ?? 0), 0);
  await new Promise((r) => setTimeout(r, sized(2_000, 200)));
  await app.ingest.drain();
  global.gc?.();
  const m1 = process.memoryUsage();
  const n = Math.max(1, connected);
  const kb = (b: number) => `${f(b / n / 1024)} KB`;
  const perDevice = own
    ? `Mosquitto ${kb(rssOf(own.pid) - brokerRss0)} resident per connected device (the devices connect to it, not to the service)`
    : `service ${kb(m1.rss - m0.rss)} resident, ${kb(m1.heapUsed - m0.heapUsed)} heap per connected device`;
  return {
    app,
    children,
    connected,
    perDevice,
    name: mqttUrl
      ? `PostgreSQL + Mosquitto (${f(connected)} device connections to Mosquitto from ${PUBLISHERS} processes, QoS 1; the service acknowledges to Mosquitto after the commit)`
      : `PGlite + embedded Aedes (${f(connected)} device connections over TCP from ${PUBLISHERS} processes, QoS 1, PUBACK after the commit)`,
    close: async () => {
      await Promise.all(
        children.map((c) => (c.send({ stop: true } satisfies Command), new Promise((r) => c.once('exit', r)))),
      );
      await app.close();
      await pg?.drop();
      await own?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** docs/performance.md "Ingest": a device's PUBACK within a second at the target rate; memory bounded past capacity. */
const ACK_P99_MS = 1_000;
const RSS_MAX_MB = 1_500;

interface Phase {
  seconds: number;
  acked: number;
  stored: number;
  sent: number;
  p50: number;
  p99: number;
  peakRss: number;
}

const pct = (xs: number[], p: number) =>
  xs.length ? xs.sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]! : NaN;

async function phase(fl: Fleet, seconds: number, cmd: Command): Promise<Phase> {
  const s = fl.app.ingestStats;
  const stored0 = s.stored;
  let peakRss = 0;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
  const debug = process.env.BENCH_DEBUG
    ? setInterval(
        () =>
          console.log(
            JSON.stringify({
              ...s,
              depth: fl.app.ingest.depth(),
              parked: (fl.app.ingest as unknown as { parked: unknown[] }).parked.length,
              mem: Object.fromEntries(Object.entries(process.memoryUsage()).map(([k, v]) => [k, Math.round(v / MB)])),
            }),
          ),
        1000,
      )
    : undefined;
  const t0 = performance.now();
  const reports = await Promise.all(fl.children.map((c) => ask(c, cmd)));
  clearInterval(sampler);
  clearInterval(debug);
  // What is stored counts over the time it took, the drain of the backlog included.
  await fl.app.ingest.drain();
  const lat = reports.flatMap((r) => r.latencies ?? []);
  return {
    seconds: Math.max(seconds, (performance.now() - t0) / 1000),
    acked: reports.reduce((n, r) => n + (r.acked ?? 0), 0),
    sent: reports.reduce((n, r) => n + (r.sent ?? 0), 0),
    stored: s.stored - stored0,
    p50: pct(lat, 0.5),
    p99: pct(lat, 0.99),
    peakRss,
  };
}

const f = (n: number) => Math.round(n).toLocaleString('en-US');

/** Resident set of another process (Linux), bytes. */
function rssOf(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
}
const ms = (n: number) => (Number.isNaN(n) ? '-' : n.toFixed(1));

export async function benchPath(kind: 'pglite' | 'postgres', target: number): Promise<string[]> {
  const lines: string[] = [];
  const fl = await openFleet(kind);
  try {
    await phase(fl, WARMUP_S, { closed: { seconds: WARMUP_S, window: WINDOW } });
    const sus = await phase(fl, SUSTAIN_S, { closed: { seconds: SUSTAIN_S, window: WINDOW } });
    const rate = sus.stored / sus.seconds;
    lines.push(
      `Ingest on ${fl.name}:`,
      `  connections: ${f(fl.connected)} of ${f(DEVICES)}; ${fl.perDevice}`,
      `  sustained ${SUSTAIN_S} s, ${WINDOW} PUBLISH in flight per device: ${f(rate)} msg/s stored and acknowledged (target ${f(target)}) ${rate >= target ? 'ok' : 'MISSED'}; ` +
        `PUBACK latency p50 ${ms(sus.p50)} / p99 ${ms(sus.p99)} ms; peak rss ${f(sus.peakRss / MB)} MB; previous figure ${PREVIOUS[kind]}`,
    );
    // The closed loop keeps WINDOW messages of every device in flight, so its latency is that
    // backlog over the rate (Little's law); what a fleet sending the target rate meets is measured
    // by offering that rate, each device at its share.
    const paced = await phase(fl, SUSTAIN_S, {
      open: { seconds: SUSTAIN_S, perDeviceRate: target / Math.max(1, fl.connected), maxOutstanding: 50 },
    });
    lines.push(
      `  at the target rate ${SUSTAIN_S} s (${f(target)} msg/s asked, ${f(paced.sent / paced.seconds)} msg/s offered): stored ${f(paced.stored / paced.seconds)} msg/s; ` +
        `PUBACK latency p50 ${ms(paced.p50)} / p99 ${ms(paced.p99)} ms (target p99 < ${f(ACK_P99_MS)}) ${paced.p99 < ACK_P99_MS ? 'ok' : 'MISSED'}`,
    );
    const perDevice = (rate * 10) / Math.max(1, fl.connected);
    const over = await phase(fl, OVERLOAD_S, {
      open: { seconds: OVERLOAD_S, perDeviceRate: perDevice, maxOutstanding: 50 },
    });
    const rec = await phase(fl, RECOVER_S, { closed: { seconds: RECOVER_S, window: WINDOW } });
    lines.push(
      `  overload ${OVERLOAD_S} s at 10x (${f(rate * 10)} msg/s asked, ${f(over.sent / over.seconds)} msg/s offered; a device waits for its PUBACKs beyond 50 unacknowledged): ` +
        `stored ${f(over.stored / over.seconds)} msg/s, acknowledged ${f(over.acked)} of ${f(over.sent)} sent, PUBACK p99 ${ms(over.p99)} ms, ` +
        `peak rss ${f(over.peakRss / MB)} MB (target < ${f(RSS_MAX_MB)}) ${over.peakRss / MB < RSS_MAX_MB ? 'ok' : 'MISSED'}`,
      `  recovery ${RECOVER_S} s: ${f(rec.stored / rec.seconds)} msg/s (${f((rec.stored / rec.seconds / rate) * 100)}% of sustained); dropped in total ${JSON.stringify(fl.app.ingestStats.dropped)}; ` +
        `${f(fl.app.ingestStats.stored)} messages stored in all`,
    );
    lines.push(
      ...(await forwarding({
        app: fl.app,
        connected: fl.connected,
        seconds: SUSTAIN_S,
        window: WINDOW,
        ackP99Ms: ACK_P99_MS,
        phase: (cmd) => phase(fl, SUSTAIN_S, cmd),
      })),
    );
  } finally {
    await fl.close();
  }
  return lines;
}

/** `npm run bench`: device ingest on PGlite + Aedes, and on PostgreSQL + Mosquitto when DATABASE_URL and MQTT_URL are set. */
export async function benchIngest(): Promise<string[]> {
  // The heap flags change the memory figure: npm start and npm run bench pass --heap-growing-percent=50 (scripts/start.mjs).
  const heapFlags =
    process.execArgv
      .filter((a) => /^--(heap-growing-percent|max-old-space-size|max-semi-space-size)/.test(a))
      .join(' ') || "V8's default heap growth";
  const lines = [
    `Machine: ${availableParallelism()} cores (${cpus()[0]?.model ?? '?'}), ${f(totalmem() / MB / 1024)} GB; PostgreSQL and Mosquitto run on the same machine; node ${heapFlags}`,
  ];
  // BENCH_INGEST=postgres (or pglite) runs one path only.
  const only = process.env.BENCH_INGEST;
  if (only !== 'postgres') lines.push(...(await benchPath('pglite', 10_000)));
  if (only !== 'pglite' && process.env.DATABASE_URL && process.env.MQTT_URL)
    lines.push(...(await benchPath('postgres', 20_000)));
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await benchIngest()) console.log(line);
}
