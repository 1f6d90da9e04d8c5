import { describe, expect, it } from 'vitest';
import {
  MAX_FAILED_TRIES,
  memoryStore,
  Outbox,
  RETRY_BASE_MS,
  RETRY_MAX_MS,
  type SendResult,
} from '../../../src/client/features/patrol/outbox';

/**
 * An outbox whose sends answer `h.answer` (a network that is away until the test says otherwise),
 * or the next of `h.once` first; its retries are held for the test to run.
 */
function harness(opts: { batch?: number; max?: number } = {}) {
  const sent: number[][] = [];
  const waits: number[] = [];
  const timers: (() => void)[] = [];
  const store = memoryStore<number>();
  let dropped = 0;
  const h = {
    answer: 'offline' as SendResult,
    once: [] as SendResult[],
    sent,
    waits,
    store,
    box: undefined as unknown as Outbox<number>,
    dropped: () => dropped,
    pending: () => timers.length,
    retry: async () => {
      timers.shift()!();
      await h.box.flush();
    },
  };
  h.box = new Outbox<number>({
    store,
    batch: opts.batch ?? 2,
    max: opts.max ?? 100,
    send: async (items) => {
      const answer = h.once.shift() ?? h.answer;
      if (answer === 'sent') sent.push(items);
      return answer;
    },
    schedule: (fn, ms) => {
      waits.push(ms);
      timers.push(fn);
    },
    onChange: (s) => (dropped = s.dropped),
  });
  return h;
}

describe('Outbox', () => {
  it('keeps items while offline and sends them oldest first, in batches, when the network is back', async () => {
    const h = harness();
    for (const n of [1, 2, 3, 4, 5]) await h.box.push(n);
    await h.box.flush();
    expect(h.sent).toEqual([]);
    expect(await h.store.count()).toBe(5);
    h.answer = 'sent';
    await h.retry();
    expect(h.sent).toEqual([[1, 2], [3, 4], [5]]);
    expect(await h.store.count()).toBe(0);
  });

  it('waits longer after each try while offline, up to the cap, and starts over after a send', async () => {
    const h = harness();
    await h.box.push(1);
    await h.box.flush();
    for (let i = 0; i < 6; i++) await h.retry();
    expect(h.waits).toEqual([1, 2, 4, 8, 16, 32, 64].map((k) => Math.min(RETRY_MAX_MS, k * RETRY_BASE_MS)));
    h.answer = 'sent';
    await h.retry();
    expect(h.sent).toEqual([[1]]);
    h.answer = 'offline';
    await h.box.push(2);
    await h.box.flush();
    expect(h.waits.at(-1)).toBe(RETRY_BASE_MS);
  });

  it('drops a batch the service refuses, and goes on with the next', async () => {
    const h = harness();
    for (const n of [1, 2, 3]) await h.box.push(n);
    await h.box.flush();
    h.answer = 'sent';
    h.once = ['refused'];
    await h.retry();
    expect(h.sent).toEqual([[3]]);
    expect(h.dropped()).toBe(2);
    expect(h.pending()).toBe(0);
  });

  it('retries a batch the service fails (5xx) a few times, then drops it: never forever', async () => {
    const h = harness({ batch: 1 });
    await h.box.push(1);
    await h.box.push(2);
    await h.box.flush();
    h.answer = 'sent';
    h.once = Array<SendResult>(MAX_FAILED_TRIES).fill('failed');
    await h.retry();
    for (let i = 1; i < MAX_FAILED_TRIES; i++) await h.retry();
    expect(h.sent).toEqual([[2]]);
    expect(h.dropped()).toBe(1);
  });

  it('keeps at most `max` items, dropping the oldest', async () => {
    const h = harness({ max: 3 });
    for (const n of [1, 2, 3, 4, 5]) await h.box.push(n);
    await h.box.flush();
    h.answer = 'sent';
    await h.retry();
    expect(h.sent.flat()).toEqual([3, 4, 5]);
    expect(h.dropped()).toBe(2);
  });

  it('forgets what is queued on clear (logout)', async () => {
    const h = harness();
    await h.box.push(1);
    await h.box.flush();
    await h.box.clear();
    expect(await h.store.count()).toBe(0);
  });
});
