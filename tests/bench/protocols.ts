// Device protocols (`npm run bench`, docs/protocols.md): (a) pure decoding, frames a second on one
// core, and (b) fuzzing every stream decoder, both in protocol-decoding.ts; (c) GT06 and watch
// connections on loopback to the service in this process (the devices in child processes,
// protocol-devices.ts): memory per connection, positions stored a second with the acknowledgement
// after the commit, and an SOS frame's time to the console's push under that load.
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Socket } from 'node:net';
import { and, eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import { SESSION_TTL_MS } from '../../src/shared/constants';
import { topics } from '../../src/shared/topics';
import type { EmbeddedBroker } from '../../src/server/broker/types';
import { tenants, users } from '../../src/server/db/schema';
import { newToken, sha256 } from '../../src/server/lib/crypto';
import { insertSession } from '../../src/server/repos/sessions';
import { gt06Frames } from '../../src/sim/protocols/frames';
import { startProfile } from './cpu-profile';
import { decodingLines, fix, fuzzLines, gc } from './protocol-decoding';
import type { BenchDevice, ProtocolCommand } from './protocol-devices';
import { ask, openService, register, sosDevice } from './protocol-service';
import { benchFailed, QUICK, sized } from './size';

const CONNECTIONS = sized(QUICK ? 2_000 : 10_000, 20, 'BENCH_PROTOCOL_CONNECTIONS');
const SUSTAIN_S = sized(QUICK ? 5 : 10, 1);
const SOS_COUNT = sized(QUICK ? 30 : 100, 2);
const SOS_DEVICES = sized(20, 2);
const CHILDREN = 2;

/** The targets (docs/protocols.md, README "Tests"). */
const KB_PER_CONNECTION = 30;
const RATE_TARGET = { pglite: 10_000, postgres: 20_000 } as const;
const SOS_P99_MS = 200;
/**
 * The fleet's pace while the SOS latency is measured, as a share of the closed loop's rate: loaded
 * as a service is run (with room), not saturated, where every message waits behind the backlog.
 */
const PACED_SHARE = Number(process.env.BENCH_PROTOCOL_PACED_SHARE ?? 0.5);
const WAIT_MS = 5_000;

const f = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number) => (Number.isNaN(n) ? '-' : n.toFixed(1));
const pct = (xs: number[], p: number) =>
  xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]! : NaN;
const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');
/**
 * The service's own CPU per stored protocol position, in microseconds: on a 2-core machine
 * PostgreSQL shares the cores, so positions/s hides it (about 100 us measured in 2026-11).
 */
const CPU_US_TARGET = 50;

interface SosFigures {
  latencies: number[];
  lost: number;
}

/**
 * SOS frames from the SOS devices, one at a time for `windowMs`, each timed from its write to the
 * console's 9003 push. The engine takes one SOS per device each 5 s of device time, so each of a
 * device's SOS is stamped 10 s after its last (the stamps go on across calls).
 */
function sosProbe(
  consoleClient: mqtt.MqttClient,
  sockets: Socket[],
  imeis: string[],
): (windowMs: number) => Promise<SosFigures> {
  let sent = 0;
  const base = Date.now();
  return async (windowMs) => {
    const out: SosFigures = { latencies: [], lost: 0 };
    const end = performance.now() + windowMs;
    for (let i = 0; i < SOS_COUNT && performance.now() < end; i++, sent++) {
      const k = Math.floor(sent / sockets.length) + 1;
      const imei = imeis[sent % sockets.length]!;
      const arrived = new Promise<number | undefined>((resolve) => {
        const timer = setTimeout(() => done(undefined), WAIT_MS);
        const onMessage = (_t: string, payload: Buffer) => {
          const at = performance.now();
          if (payload.includes('"9003"') && (JSON.parse(payload.toString()) as { imei?: string }).imei === imei)
            done(at);
        };
        const done = (at: number | undefined) => {
          clearTimeout(timer);
          consoleClient.off('message', onMessage);
          resolve(at);
        };
        consoleClient.on('message', onMessage);
      });
      const t0 = performance.now();
      sockets[sent % sockets.length]!.write(gt06Frames.alarm(2 + k, { ...fix(sent), at: base + k * 10_000 }, 'sos'));
      const at = await arrived;
      if (at === undefined) out.lost++;
      else out.latencies.push(at - t0);
      await new Promise((r) => setTimeout(r, Math.max(10, windowMs / SOS_COUNT / 2)));
    }
    return out;
  };
}

/** (c) Connections, stored positions a second, SOS to the console under that load. */
async function connectionLines(kind: 'pglite' | 'postgres'): Promise<string[]> {
  const svc = await openService(kind);
  const { app } = svc;
  const children: ChildProcess[] = [];
  const sockets: Socket[] = [];
  try {
    const [site] = await app.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, 'Demo Site'));
    const [demo] = await app.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, site!.id), eq(users.username, 'demo')));
    const prefix = `88${randomBytes(2).readUInt16BE(0) % 1000}`.padEnd(5, '0');
    const gt06 = await register(app, site!.id, Math.ceil(CONNECTIONS / 2), 'locator', `${prefix}1`);
    const watch = await register(app, site!.id, Math.floor(CONNECTIONS / 2), 'watch', `${prefix}2`);
    const sos = await register(app, site!.id, SOS_DEVICES, 'locator', `${prefix}3`);
    const fleet: BenchDevice[] = gt06.flatMap((imei, i) => [
      { imei, protocol: 'gt06' as const },
      ...(watch[i] ? [{ imei: watch[i]!, protocol: 'watch' as const }] : []),
    ]);

    // The console: the demo administrator's push over the embedded broker (alarm-latency.ts).
    const url = `mqtt://127.0.0.1:${await (app.broker as EmbeddedBroker).listenTcp(0, '127.0.0.1')}`;
    const token = newToken();
    await insertSession(
      app.db,
      { tokenHash: sha256(token), userId: demo!.id, tenantId: site!.id, ip: '127.0.0.1' },
      Date.now(),
      SESSION_TTL_MS,
    );
    const consoleClient = await mqtt.connectAsync(
      url,
      { username: String(demo!.id), password: token, clientId: `user_${demo!.id}_bench`, reconnectPeriod: 0 },
      false,
    );
    await consoleClient.subscribeAsync(topics.userWeb(demo!.id), { qos: 1 });
    for (const imei of sos) sockets.push(await sosDevice(svc.ports.gt06, imei));

    gc();
    await new Promise((r) => setTimeout(r, 300));
    const m0 = process.memoryUsage();
    for (let i = 0; i < CHILDREN; i++)
      children.push(
        fork(fileURLToPath(new URL('./protocol-devices.ts', import.meta.url)), [], {
          execArgv: process.execArgv,
          serialization: 'advanced',
        }),
      );
    await Promise.all(children.map((c) => new Promise((r) => c.once('message', r))));
    const share = Math.ceil(fleet.length / CHILDREN);
    const t0 = performance.now();
    const started = await Promise.all(
      children.map((c, i) => ask(c, { start: { ports: svc.ports, devices: fleet.slice(i * share, (i + 1) * share) } })),
    );
    const connected = started.reduce((n, r) => n + (r.connected ?? 0), 0);
    const connectS = (performance.now() - t0) / 1000;
    // Each reports one position, acknowledged once stored.
    const first = await Promise.all(children.map((c) => ask(c, { report: { seconds: 60, rounds: 1 } })));
    await app.ingest.drain();
    gc();
    await new Promise((r) => setTimeout(r, 300));
    const m1 = process.memoryUsage();
    const per = (b: number) => b / Math.max(1, connected) / 1024;
    // The heap and the buffers outside it: the resident set hardly moves while pages an earlier
    // phase touched (the registration, the template's load) are reused.
    const kb = per(m1.heapUsed + m1.external - m0.heapUsed - m0.external);

    // Stored positions a second in a closed loop (each device the next on its acknowledgement), with
    // SOS frames from the SOS devices meanwhile, one at a time, timed to the console's 9003.
    const sosRun = sosProbe(consoleClient, sockets, sos);
    const stored0 = app.ingestStats.stored;
    // This process is the service (its database thread included; the devices are other processes,
    // PostgreSQL another): its CPU per stored position is what a faster machine would not hide.
    const profile = await profiling();
    const cpu0 = process.cpuUsage();
    const loop = Promise.all(children.map((c) => ask(c, { report: { seconds: SUSTAIN_S } })));
    const saturated = await sosRun(SUSTAIN_S * 1000 - 500);
    const reports = await loop;
    await app.ingest.drain();
    const cpu = process.cpuUsage(cpu0);
    await profile?.();
    const positions = reports.reduce((n, r) => n + (r.positions ?? 0), 0);
    const cpuUs = (cpu.user + cpu.system) / Math.max(1, positions);
    const ackMs = reports.flatMap((r) => r.latencies ?? []);
    const rate = positions / SUSTAIN_S;
    const target = RATE_TARGET[kind];

    // The same connections each reporting at a pace (PACED_SHARE of the closed loop's rate together),
    // SOS frames meanwhile: the latency the target is for, the service loaded but not saturated.
    const everyMs = (connected / Math.max(1, rate * PACED_SHARE)) * 1000;
    const pacedLoop = Promise.all(children.map((c) => ask(c, { report: { seconds: SUSTAIN_S, everyMs } })));
    const paced = await sosRun(SUSTAIN_S * 1000 - 500);
    const pacedReports = await pacedLoop;
    await app.ingest.drain();
    const pacedRate = pacedReports.reduce((n, r) => n + (r.positions ?? 0), 0) / SUSTAIN_S;
    const pacedAck = pacedReports.flatMap((r) => r.latencies ?? []);
    await consoleClient.endAsync();
    const sosLine = (r: SosFigures) =>
      `${r.latencies.length} of ${r.latencies.length + r.lost}, p50 ${ms(pct(r.latencies, 0.5))} / p99 ${ms(pct(r.latencies, 0.99))} ms`;
    const pacedP99 = pct(paced.latencies, 0.99);
    return [
      `Device protocols on ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}: ${f(connected)} of ${f(fleet.length)} connections on loopback (GT06 and watch, from ${CHILDREN} processes, connected and logged in in ${connectS.toFixed(1)} s), ` +
        `${f(first.reduce((n, r) => n + (r.positions ?? 0), 0))} first positions acknowledged`,
      `  service memory per connection: ${f(kb)} KB heap and buffers (target < ${KB_PER_CONNECTION} KB) ${verdict(kb < KB_PER_CONNECTION)}; resident set ${f(per(m1.rss - m0.rss))} KB`,
      `  positions stored and acknowledged after the commit, ${SUSTAIN_S} s closed loop: ${f(rate)}/s (target >= ${f(target)}) ${verdict(rate >= target)}; ` +
        `acknowledgement p50 ${ms(pct(ackMs, 0.5))} / p99 ${ms(pct(ackMs, 0.99))} ms; ${f(app.ingestStats.stored - stored0)} messages stored; ` +
        `SOS frame (GT06) -> console push 9003 meanwhile (saturated, no target): ${sosLine(saturated)}`,
      `  service CPU per stored position (decoding, ingest, database thread, reply), closed loop: ${f(cpuUs)} us (target <= ${CPU_US_TARGET} us) ${verdict(cpuUs <= CPU_US_TARGET)}`,
      `  SOS frame (GT06) -> console push 9003 while every connection reports each ${(everyMs / 1000).toFixed(1)} s (${f(pacedRate)} positions/s stored, acknowledgement p99 ${ms(pct(pacedAck, 0.99))} ms): ` +
        `${sosLine(paced)} (target p99 < ${SOS_P99_MS} ms) ${verdict(paced.lost === 0 && paced.latencies.length > 0 && pacedP99 < SOS_P99_MS)}`,
    ];
  } finally {
    for (const s of sockets) s.destroy();
    await Promise.all(
      children.map((c) => (c.send({ stop: true } satisfies ProtocolCommand), new Promise((r) => c.once('exit', r)))),
    );
    await svc.close();
  }
}

/**
 * BENCH_PROTOCOL_PROFILE=<file>: the service's main thread under the CPU profiler for the closed
 * loop alone (scripts/profile-ingest.mjs --protocols reads it); undefined when not asked.
 */
function profiling(): Promise<(() => Promise<void>) | undefined> {
  return startProfile(process.env.BENCH_PROTOCOL_PROFILE);
}

/** Every figure of the protocols bench; the PostgreSQL connections when DATABASE_URL is set. */
export async function benchProtocols(): Promise<string[]> {
  // BENCH_PROTOCOL_CONNECTIONS_ONLY=1 skips decoding and fuzz (a profile of the service alone).
  const lines = process.env.BENCH_PROTOCOL_CONNECTIONS_ONLY === '1' ? [] : [...decodingLines(), ...fuzzLines()];
  // BENCH_PROTOCOL_DB=pglite|postgres measures one of them (a profile, a change tried on one).
  const only = process.env.BENCH_PROTOCOL_DB;
  const kinds = (process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const)).filter(
    (k) => !only || k === only,
  );
  for (const kind of kinds) {
    try {
      lines.push(...(await connectionLines(kind)));
    } catch (err) {
      lines.push(benchFailed(`Device protocol connections on ${kind}`, err));
    }
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await benchProtocols()) console.log(line);
}
