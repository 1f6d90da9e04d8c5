import { createStore, clear, delMany, entries, set, type UseStore } from 'idb-keyval';

/** Where queued items wait: IndexedDB in the console, memory in tests. Keys ascend in the order items were added. */
export interface QueueStore<T> {
  append(item: T): Promise<void>;
  head(n: number): Promise<{ key: number; value: T }[]>;
  remove(keys: number[]): Promise<void>;
  count(): Promise<number>;
  clear(): Promise<void>;
}

let seq = 0;
/** Ascending keys across reloads: the time in ms with a counter for items added in the same ms. */
const nextKey = () => Date.now() * 1000 + (seq++ % 1000);

export function idbStore<T>(name: string): QueueStore<T> {
  let store: UseStore | undefined;
  const db = () => (store ??= createStore(name, 'queue'));
  const all = async () =>
    (await entries<IDBValidKey, T>(db()))
      .map(([key, value]) => ({ key: Number(key), value }))
      .sort((a, b) => a.key - b.key);
  return {
    append: (item) => set(nextKey(), item, db()),
    head: async (n) => (await all()).slice(0, n),
    remove: (keys) => delMany(keys, db()),
    count: async () => (await all()).length,
    clear: () => clear(db()),
  };
}

export function memoryStore<T>(): QueueStore<T> {
  let items: { key: number; value: T }[] = [];
  let next = 0;
  return {
    append: async (value) => void items.push({ key: next++, value }),
    head: async (n) => items.slice(0, n),
    remove: async (keys) => void (items = items.filter((i) => !keys.includes(i.key))),
    count: async () => items.length,
    clear: async () => void (items = []),
  };
}

/**
 * What became of a batch: sent; refused by the service for good (a 4xx answer: sending it again
 * would be refused again, so it is dropped); `offline` (no network, a timeout: wait and retry,
 * for as long as it takes); `failed` (the service answered 5xx: retried a few times, then dropped).
 */
export type SendResult = 'sent' | 'refused' | 'offline' | 'failed';

/** First retry after this, doubling per attempt up to RETRY_MAX_MS. */
export const RETRY_BASE_MS = 2_000;
export const RETRY_MAX_MS = 60_000;
/** A batch the service keeps failing (5xx) is dropped after this many tries: never retried forever. */
export const MAX_FAILED_TRIES = 8;

interface OutboxOptions<T> {
  store: QueueStore<T>;
  send(items: T[]): Promise<SendResult>;
  /** Items per send. */
  batch: number;
  /** Oldest items are dropped beyond this many. */
  max: number;
  /** setTimeout, or a test's. */
  schedule?: (fn: () => void, ms: number) => unknown;
  /** Told after every change of the queue's length and of what was dropped. */
  onChange?: (state: { queued: number; dropped: number }) => void;
}

/**
 * An ordered queue of items to send (the phone's fixes, its SOS): sent oldest first, in batches,
 * one send at a time; kept in IndexedDB while the network is away, so a reload or a closed tab
 * loses nothing; retried with backoff.
 */
export class Outbox<T> {
  private running: Promise<void> | undefined;
  /** A retry is scheduled. */
  private waiting = false;
  /** Sends the service answered 5xx in a row (MAX_FAILED_TRIES). */
  private tries = 0;
  /** Retries in a row, of any cause: the backoff's exponent. */
  private waits = 0;
  private dropped = 0;

  constructor(private readonly o: OutboxOptions<T>) {}

  async push(item: T): Promise<void> {
    await this.o.store.append(item);
    const n = await this.o.store.count();
    if (n > this.o.max) {
      const over = await this.o.store.head(n - this.o.max);
      await this.o.store.remove(over.map((i) => i.key));
      this.dropped += over.length;
    }
    await this.changed();
    void this.flush();
  }

  /**
   * Sends what is queued now (the network came back); a flush already running is joined. Never
   * rejects: a store that fails (IndexedDB closed under the page) is tried again later.
   */
  flush(): Promise<void> {
    this.running ??= this.drain()
      .catch(() => this.retryLater())
      .finally(() => (this.running = undefined));
    return this.running;
  }

  /** Forgets everything queued (logout: what is queued belongs to the user leaving). */
  async clear(): Promise<void> {
    await this.running;
    await this.o.store.clear();
    await this.changed();
  }

  private async drain(): Promise<void> {
    for (;;) {
      const items = await this.o.store.head(this.o.batch);
      if (!items.length) return;
      const result = await this.o.send(items.map((i) => i.value)).catch((): SendResult => 'failed');
      if (result === 'offline' || (result === 'failed' && ++this.tries < MAX_FAILED_TRIES)) {
        this.retryLater();
        return;
      }
      if (result !== 'sent') this.dropped += items.length;
      this.tries = 0;
      this.waits = 0;
      await this.o.store.remove(items.map((i) => i.key));
      await this.changed();
    }
  }

  private retryLater(): void {
    if (this.waiting) return;
    this.waiting = true;
    const ms = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.min(this.waits++, 10));
    const schedule = this.o.schedule ?? ((fn, wait) => setTimeout(fn, wait));
    schedule(() => {
      this.waiting = false;
      void this.flush();
    }, ms);
  }

  private async changed(): Promise<void> {
    this.o.onChange?.({ queued: await this.o.store.count(), dropped: this.dropped });
  }
}
