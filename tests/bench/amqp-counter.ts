// The integration partner's consumer in the forwarding benches: a durable queue of the run, bound
// to the run's topic exchange, counted back in a process of its own. In the service's (or the
// publisher's) process its decoding took the event loop the figures are about; a real consumer
// runs elsewhere. The parent asks for the count over IPC and deletes the queue and exchange at the end.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { connect } from 'amqplib';

interface Setup {
  url: string;
  exchange: string;
  queue: string;
  binding: string;
}
type Ask = { setup: Setup } | { count: true } | { stop: true };
type Answer = { ready: true } | { failed: string } | { count: number } | { stopped: true };

export interface Counter {
  /** Messages consumed so far. */
  count(): Promise<number>;
  /** Waits until `n` were consumed or `timeoutMs` passed; the count then. */
  waitFor(n: number, timeoutMs: number): Promise<number>;
  /** Deletes the queue and the exchange and ends the process. */
  stop(): Promise<void>;
}

function request(child: ChildProcess, m: Ask): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const exit = () => reject(new Error('the counting consumer ended'));
    child.once('exit', exit);
    child.once('message', (a) => {
      child.off('exit', exit);
      resolve(a as Answer);
    });
    child.send(m);
  });
}

/** Starts the consumer; rejects with the broker's error when it cannot connect (the bench then says it skipped). */
export async function startCounter(setup: Setup): Promise<Counter> {
  const child = fork(fileURLToPath(import.meta.url), [], { execArgv: process.execArgv });
  const ready = await request(child, { setup });
  if ('failed' in ready) {
    child.kill();
    throw new Error(ready.failed);
  }
  const count = async () => {
    const a = await request(child, { count: true });
    return 'count' in a ? a.count : NaN;
  };
  return {
    count,
    async waitFor(n, timeoutMs) {
      const deadline = performance.now() + timeoutMs;
      let got = await count();
      while (got < n && performance.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
        got = await count();
      }
      return got;
    },
    async stop() {
      if (child.exitCode !== null) return;
      await request(child, { stop: true }).catch(() => {});
      await new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r(undefined)));
    },
  };
}

/** The child: connects, declares, consumes without acknowledgements, answers the count. */
async function serve(): Promise<void> {
  let consumed = 0;
  let close = async () => {};
  process.on('message', (m: Ask) => {
    void (async () => {
      let answer: Answer;
      if ('setup' in m) {
        const { url, exchange, queue, binding } = m.setup;
        try {
          const conn = await connect(url, { timeout: 3_000 });
          const ch = await conn.createChannel();
          await ch.assertExchange(exchange, 'topic', { durable: true });
          await ch.assertQueue(queue, { durable: true });
          await ch.bindQueue(queue, exchange, binding);
          await ch.consume(queue, () => void consumed++, { noAck: true });
          close = async () => {
            await ch.deleteQueue(queue).catch(() => {});
            await ch.deleteExchange(exchange).catch(() => {});
            await conn.close().catch(() => {});
          };
          answer = { ready: true };
        } catch (err) {
          answer = { failed: (err as Error).message.split('\n')[0]! };
        }
      } else if ('count' in m) answer = { count: consumed };
      else {
        await close();
        answer = { stopped: true };
      }
      process.send!(answer, () => {
        if ('stopped' in answer) process.exit(0);
      });
    })();
  });
}

if (process.send && import.meta.url === `file://${process.argv[1]}`) await serve();
