// Forwarding to RabbitMQ (`npm run bench`; the target: 10,000 positions a second forwarded with
// publisher confirms, sustained, docs/integrations.md "Forwarding to a broker"). Position
// deliveries, as the outbox claims them (batches of FORWARD_BATCH), go through the AMQP transport
// to the machine's RabbitMQ (127.0.0.1:5672, guest/guest) at the offered rate for the window,
// into a durable queue bound to a topic exchange of this run, where a consumer (amqp-counter.ts) counts them back.
// Printed: the rate confirmed, publish-to-confirm latency (p50, p95, max), what the consumer got.
// Without a reachable RabbitMQ it says it skipped and why. Loopback only; bounded in time and count.
import { randomBytes, randomUUID } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { AmqpTransport, FORWARD_BATCH, type ForwardTarget } from '../../src/server/integrations/forward';
import type { Delivery, DeliveryResult } from '../../src/server/integrations/target';
import { startCounter, type Counter } from './amqp-counter';
import { benchFailed, sized } from './size';

const URL = process.env.BENCH_FORWARD_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
const RATE = sized(10_000, 1_000, 'BENCH_FORWARD_RATE');
const SECONDS = sized(10, 1, 'BENCH_FORWARD_SECONDS');
/** Batches the outbox may have in flight to the one target before the generator counts itself behind. */
const IN_FLIGHT = 8;
const TICK_MS = 50;
const f = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 0 });
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

function positions(n: number, seq: { next: number }): Delivery[] {
  return Array.from({ length: n }, () => {
    const i = seq.next++;
    return {
      outboxId: i,
      attempts: 0,
      event: {
        id: randomUUID(),
        version: 1,
        type: 'device.position',
        tenantId: 12,
        occurredAt: new Date().toISOString(),
        data: {
          imei: `8600000${String(i % 10_000).padStart(8, '0')}`,
          lat: 31.23 + (i % 100) / 1e4,
          lon: 121.47,
          speed: 3.2,
        },
      },
    } satisfies Delivery;
  });
}

export async function benchForward(): Promise<string[]> {
  const run = randomBytes(4).toString('hex');
  const exchange = `console.events.bench-${run}`;
  let counter: Counter;
  try {
    counter = await startCounter({ url: URL, exchange, queue: `forward-bench-${run}`, binding: '*.device.position' });
  } catch (err) {
    return [`Forwarding to RabbitMQ: skipped, RabbitMQ is not reachable at 127.0.0.1:5672 (${(err as Error).message})`];
  }
  const transport = new AmqpTransport({ confirmTimeoutMs: 30_000 });
  try {
    const target: ForwardTarget = {
      id: 1,
      tenantId: 12,
      kind: 'amqp',
      url: URL,
      exchange,
      routingKey: '{tenantId}.{type}',
      topicPrefix: '',
    };
    // Warm-up: the connection and the exchange's assertion are not part of the figures.
    await transport.deliver(target, positions(10, { next: 0 }));
    const warm = await counter.waitFor(10, 2_000);

    const seq = { next: 0 };
    const total = RATE * SECONDS;
    const perTick = Math.round((RATE * TICK_MS) / 1000);
    const results: DeliveryResult[] = [];
    const inFlight = new Set<Promise<void>>();
    let behind = 0;
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    let offered = 0;
    while (offered < total) {
      // Offer what the clock says is due, in batches of the outbox's size, with at most IN_FLIGHT outstanding.
      const due = Math.min(total, Math.floor(((performance.now() - t0) / 1000) * RATE) + perTick);
      while (offered < due && inFlight.size < IN_FLIGHT) {
        const n = Math.min(FORWARD_BATCH, due - offered);
        offered += n;
        const p: Promise<void> = transport.deliver(target, positions(n, seq)).then((r) => {
          results.push(...r);
          inFlight.delete(p);
        });
        inFlight.add(p);
      }
      if (offered < due) behind++;
      await new Promise((r) => setTimeout(r, inFlight.size >= IN_FLIGHT ? 1 : TICK_MS / 5));
    }
    await Promise.all(inFlight);
    const elapsedS = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const cpuS = (cpu.user + cpu.system) / 1e6;
    const consumed = (await counter.waitFor(warm + total, 10_000)) - warm;

    const ok = results.filter((r) => r.ok);
    const latencies = ok.map((r) => r.durationMs).sort((a, b) => a - b);
    const rate = ok.length / elapsedS;
    const rateOk = ok.length === total && rate >= RATE * 0.98;
    const allBack = consumed === total;
    return [
      `Forwarding to RabbitMQ (AMQP transport, publisher confirms, persistent, durable queue), ${f(total)} positions offered at ${f(RATE)}/s in batches of ${FORWARD_BATCH}:`,
      `  confirmed ${f(ok.length)} in ${elapsedS.toFixed(1)} s = ${f(rate)}/s (target ${f(RATE)}/s sustained) ${rateOk ? 'ok' : 'MISSED'}; failed ${f(results.length - ok.length)}; generator behind in ${behind} ticks`,
      `  publish-to-confirm latency p50 ${pct(latencies, 50)} ms, p95 ${pct(latencies, 95)} ms, max ${latencies.at(-1) ?? NaN} ms`,
      `  consumed back ${f(consumed)} of ${f(total)} ${allBack ? 'ok' : 'MISSED'}`,
      // On a shared machine the rate is what the cores left over allowed; the CPU per message is not.
      `  this process's CPU (the publisher; the consumer counts in a process of its own): ${cpuS.toFixed(1)} s = ${((cpuS / total) * 1e6).toFixed(0)} µs per position, ${f(total / cpuS)} positions per CPU second; load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`,
    ];
  } catch (err) {
    return [benchFailed('Forwarding to RabbitMQ', err)];
  } finally {
    await transport.close();
    await counter.stop();
  }
}

// `npx tsx tests/bench/forward.ts`: this bench alone.
if (import.meta.url === `file://${process.argv[1]}`) console.log((await benchForward()).join('\n'));
