// The ingest bench's forwarding part (tests/bench/ingest.ts): docs/integrations.md "Forwarding to a
// broker", positions forwarded to RabbitMQ through the outbox, and the ingest no slower for it.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { forwardTargets } from '../../src/entities/forward-target';
import { splitUrl } from '../../src/server/integrations/forward/url';
import { tenants } from '../../src/server/db/schema';
import { startCounter, type Counter } from './amqp-counter';
import { startProfile } from './cpu-profile';
import type { Command } from './ingest-devices';
import { benchFailed } from './size';

/** What the forwarding part needs of an ingest phase's figures. */
interface PhaseStats {
  seconds: number;
  sent: number;
  stored: number;
  p99: number;
}

interface Fleet {
  app: FastifyInstance;
  connected: number;
  /** A phase's length (s) and the closed loop's window. */
  seconds: number;
  window: number;
  /** The ingest's latency target (PUBACK p99, ms). */
  ackP99Ms: number;
  /** Runs a phase of the fleet and answers its figures once what was sent is stored. */
  phase(cmd: Command): Promise<PhaseStats>;
}

const FORWARD_AMQP_URL = process.env.BENCH_FORWARD_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
const f = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number) => (Number.isNaN(n) ? '-' : n.toFixed(1));
/** docs/integrations.md "Forwarding to a broker": positions forwarded, and the ingest no slower for it. */
const FORWARD_RATE = 10_000;
const FORWARD_KEEPS = 0.9;

/**
 * Positions with forwarding off, then on (every position of the site to the machine's RabbitMQ,
 * through the outbox, as a super administrator configures it), each way twice: as fast as the
 * devices are acknowledged (what forwarding costs the ingest's capacity) and at FORWARD_RATE
 * positions a second (what the issue asks: forwarded while the ingest keeps its latency figure).
 * Also what the outbox confirmed while the devices sent, and what a consumer (in a process of its
 * own) got back.
 */
export async function forwarding(fl: Fleet): Promise<string[]> {
  const { app, seconds: SUSTAIN_S, window: WINDOW, ackP99Ms: ACK_P99_MS } = fl;
  const run = randomBytes(4).toString('hex');
  const exchange = `console.events.bench-ingest-${run}`;
  let counter: Counter;
  try {
    counter = await startCounter({
      url: FORWARD_AMQP_URL,
      exchange,
      queue: `forward-ingest-bench-${run}`,
      binding: '#',
    });
  } catch (err) {
    return [`  forwarding: skipped, RabbitMQ is not reachable (${(err as Error).message})`];
  }
  try {
    const closed = (payload: 'telemetry' | 'position') =>
      ({ closed: { seconds: SUSTAIN_S, window: WINDOW, payload } }) satisfies Command;
    // The site sending FORWARD_RATE positions a second, each device at its share.
    const paced = {
      open: {
        seconds: SUSTAIN_S,
        perDeviceRate: FORWARD_RATE / Math.max(1, fl.connected),
        maxOutstanding: 50,
        payload: 'position',
      },
    } satisfies Command;
    const o = app.outbox.stats;
    const droppedBefore = o.dropped;
    const unwantedBefore = o.unwanted;
    const off = await fl.phase(closed('position'));
    const pacedOff = await fl.phase(paced);
    const droppedOff = o.dropped - droppedBefore;
    const unwantedOff = o.unwanted - unwantedBefore;
    const [site] = await app.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, 'Demo Site'));
    const { url, secret } = splitUrl(FORWARD_AMQP_URL);
    await app.db.insert(forwardTargets).values({
      tenantId: site!.id,
      name: `bench ${run}`,
      kind: 'amqp',
      url,
      secret: secret ?? null,
      exchange,
      events: ['device.position'],
      positionEverySec: 0,
    });
    app.outbox.invalidate('forward', site!.id);
    /** A phase with forwarding on, then the backlog it left (bounded): what the outbox wrote, confirmed and dropped. */
    const forwardedPhase = async (cmd: Command) => {
      const written0 = o.written;
      const dropped0 = o.dropped;
      const delivered0 = o.delivered;
      const t0 = performance.now();
      const stats = await fl.phase(cmd);
      const sentS = (performance.now() - t0) / 1000;
      const deliveredWhile = o.delivered - delivered0;
      await Promise.race([app.outbox.drain(), new Promise((r) => setTimeout(r, 60_000))]);
      const allS = (performance.now() - t0) / 1000;
      return {
        stats,
        written: o.written - written0,
        delivered: o.delivered - delivered0,
        dropped: o.dropped - dropped0,
        whileRate: deliveredWhile / sentS,
        allS,
      };
    };
    const on = await forwardedPhase(closed('position'));
    // BENCH_FORWARD_PROFILE=<file>: the service under the CPU profiler for this phase alone
    // (scripts/profile-ingest.mjs --forwarding).
    const stopProfile = await startProfile(process.env.BENCH_FORWARD_PROFILE);
    const pacedOn = await forwardedPhase(paced);
    await stopProfile?.();
    const written = on.written + pacedOn.written;
    const consumed = await counter.waitFor(written, 10_000);
    const offRate = off.stored / off.seconds;
    const onRate = on.stats.stored / on.stats.seconds;
    const kept = onRate / offRate;
    const forwarded = on.delivered / on.allS;
    const offered = pacedOn.stats.sent / pacedOn.stats.seconds;
    const pacedStored = pacedOn.stats.stored / pacedOn.stats.seconds;
    const pacedOk = pacedOn.stats.p99 < ACK_P99_MS;
    const pacedForwardOk = pacedOn.whileRate >= Math.min(FORWARD_RATE, offered) * 0.98;
    return [
      `  positions ${SUSTAIN_S} s as fast as the devices are acknowledged: forwarding off ${f(offRate)} msg/s stored; forwarding every position to RabbitMQ ${f(onRate)} msg/s stored ` +
        `(${f(kept * 100)}% of off, target >= ${f(FORWARD_KEEPS * 100)}%) ${kept >= FORWARD_KEEPS ? 'ok' : 'MISSED'}; PUBACK p99 ${ms(off.p99)} -> ${ms(on.stats.p99)} ms`,
      `    forwarded: ${f(on.written)} positions written, ${f(on.delivered)} confirmed in ${on.allS.toFixed(1)} s = ${f(forwarded)}/s ` +
        `(${f(on.whileRate)}/s while the devices sent); not queued (the outbox's queue past its room for positions): ${f(on.dropped)}`,
      `  positions at ${f(FORWARD_RATE)}/s for ${SUSTAIN_S} s (the issue's figure: forwarded without slowing the ingest's figures): ` +
        `forwarding off: offered ${f(pacedOff.sent / pacedOff.seconds)}/s, stored ${f(pacedOff.stored / pacedOff.seconds)}/s, PUBACK p99 ${ms(pacedOff.p99)} ms; ` +
        `forwarding on: offered ${f(offered)}/s, stored ${f(pacedStored)}/s, PUBACK p99 ${ms(pacedOn.stats.p99)} ms (target < ${f(ACK_P99_MS)}) ${pacedOk ? 'ok' : 'MISSED'}; ` +
        `forwarded ${f(pacedOn.whileRate)}/s while the devices sent (target ${f(Math.min(FORWARD_RATE, offered))}/s, what was offered) ${pacedForwardOk ? 'ok' : 'MISSED'}, ` +
        `${f(pacedOn.delivered)} of ${f(pacedOn.written)} confirmed ${pacedOn.allS.toFixed(1)} s after the start; not queued ${f(pacedOn.dropped)}`,
      `  consumed back ${f(consumed)} of ${f(written)} ${consumed >= written ? 'ok' : 'MISSED'}; retried ${f(o.retried)}, failed ${f(o.failed)}; ` +
        `with forwarding off, ${f(droppedOff)} positions not queued for want of room and ${f(unwantedOff)} built that no target took (the rest skipped before building)`,
    ];
  } catch (err) {
    return [benchFailed('  forwarding', err)];
  } finally {
    await counter.stop();
  }
}
