/**
 * Aedes' emitter drains its queue by recursion (src/server/broker/mq-drain.ts): a deep queue of
 * publishes behind busy deliveries overflowed the stack. The patch delivers the same messages, in
 * order, with a flat stack.
 */
import { Aedes } from 'aedes';
import { describe, expect, it } from 'vitest';
import { drainIteratively } from '../../../src/server/broker/mq-drain';

type Emitter = {
  on(topic: string, notify: (message: unknown, done: () => void) => void, done?: () => void): void;
  emit(message: { topic: string; n?: number }, cb?: (err?: Error) => void): void;
  length: number;
};

/** Aedes' own emitter with `concurrency` deliveries at once, one of them held by a listener that does not answer. */
async function blocked(concurrency: number) {
  const broker = await Aedes.createBroker({ concurrency });
  const mq = (broker as unknown as { mq: Emitter }).mq;
  const held: (() => void)[] = [];
  await new Promise<void>((r) => mq.on('held', (_m, done) => held.push(done), r));
  mq.emit({ topic: 'held' });
  return { broker, mq, release: () => held.shift()!() };
}

const QUEUED = 20_000;

describe("the embedded broker's emitter", () => {
  it('unpatched, overflows the stack draining a deep queue (the upstream bug)', async () => {
    const { broker, mq, release } = await blocked(1);
    for (let n = 0; n < QUEUED; n++) mq.emit({ topic: 'nobody/listens', n });
    expect(mq.length).toBe(QUEUED);
    expect(release).toThrow(RangeError);
    broker.close();
  });

  it('patched, delivers every queued message in order with a flat stack', async () => {
    const { broker, mq, release } = await blocked(1);
    expect(drainIteratively(mq)).toBe(true);
    const seen: number[] = [];
    await new Promise<void>((r) => mq.on('counted', (m, done) => (seen.push((m as { n: number }).n), done()), r));
    let answered = 0;
    for (let n = 0; n < QUEUED; n++) mq.emit({ topic: n % 2 ? 'counted' : 'nobody/listens', n }, () => answered++);
    release();
    expect(answered).toBe(QUEUED);
    expect(mq.length).toBe(0);
    expect(seen).toEqual(Array.from({ length: QUEUED / 2 }, (_, i) => i * 2 + 1));
    // Still limited after draining: a held delivery queues the next again.
    mq.emit({ topic: 'held' });
    mq.emit({ topic: 'nobody/listens' });
    expect(mq.length).toBe(1);
    release();
    expect(mq.length).toBe(0);
    broker.close();
  });

  it('refuses what is not the emitter it was written for', () => {
    expect(drainIteratively({})).toBe(false);
  });
});
