import type { FastifyBaseLogger } from 'fastify';
import { errorCodes } from './error-codes';

/**
 * Per-row isolation for batched writes (docs/decisions.md "One bad message"). A batch that the
 * database refuses for its data (a value it cannot store, a constraint) is split in halves until
 * the rows that fail are alone; each of those goes to `poison` and the rest is stored. A batch
 * that fails for a transient reason (connection lost, server shutting down) is retried whole after
 * each delay and, if it still fails, rejected: nothing of it was stored.
 */
export interface IsolateOptions<T, R> {
  /** Writes the items; throwing means none of them was stored. */
  write(items: T[]): Promise<R>;
  /** An item the database refused even alone. */
  poison(item: T, err: unknown): Promise<void> | void;
  /** Delays of the whole-batch retries for transient failures. */
  retries?: readonly number[];
  /** Stops retrying (the service is closing). */
  stopped?: () => boolean;
}

export interface Isolated<T, R> {
  /** The parts that were stored, in the batch's order, each with its write's result. */
  stored: { items: T[]; result: R }[];
  poisoned: T[];
}

export class TransientError extends Error {
  override name = 'TransientError';
}

const TRANSIENT_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
]);

/**
 * Whether an error says nothing about the rows: a lost connection, an overloaded or restarting
 * server (SQLSTATE classes 08, 53, 57), a serialisation failure or deadlock (40). Data errors
 * (classes 22, 23, 42, 54 ...) and our own exceptions are the rows' fault and get isolated.
 */
export function isTransient(err: unknown): boolean {
  for (let e = err as { cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (e instanceof TransientError) return true;
  }
  return errorCodes(err).some((code) => TRANSIENT_CODES.has(code) || /^(08|53|57|40)/.test(code));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const DEFAULT_RETRIES = [100, 500, 2_000] as const;

/**
 * Runs `write`, again after each delay while it fails for a transient reason (then the last
 * error is thrown); a failure the data caused is answered, not thrown, for the caller to isolate.
 */
export async function retrying<R>(
  write: () => Promise<R>,
  retries: readonly number[] = DEFAULT_RETRIES,
  stopped?: () => boolean,
): Promise<{ ok: true; result: R } | { ok: false; err: unknown }> {
  for (let attempt = 0; ; attempt++) {
    try {
      return { ok: true, result: await write() };
    } catch (err) {
      if (!isTransient(err)) return { ok: false, err };
      if (attempt >= retries.length || stopped?.()) throw err;
      await sleep(retries[attempt]!);
    }
  }
}

export async function isolate<T, R>(items: T[], opts: IsolateOptions<T, R>): Promise<Isolated<T, R>> {
  const out: Isolated<T, R> = { stored: [], poisoned: [] };
  const whole = await retrying(() => opts.write(items), opts.retries, opts.stopped);
  if (whole.ok) out.stored.push({ items, result: whole.result });
  else await split(items, whole.err, opts, out);
  return out;
}

async function split<T, R>(items: T[], err: unknown, opts: IsolateOptions<T, R>, out: Isolated<T, R>): Promise<void> {
  if (items.length === 1) {
    out.poisoned.push(items[0]!);
    await opts.poison(items[0]!, err);
    return;
  }
  const mid = items.length >> 1;
  for (const part of [items.slice(0, mid), items.slice(mid)]) {
    try {
      out.stored.push({ items: part, result: await opts.write(part) });
    } catch (e) {
      // A transient failure half-way is the whole batch's: the caller decides what is lost.
      if (isTransient(e)) throw e;
      await split(part, e, opts, out);
    }
  }
}

export interface BatcherOptions<T> {
  log: FastifyBaseLogger;
  /** For log lines. */
  name: string;
  /** How long the first item of a partial batch waits for company; 0: a batch starts at once. */
  flushMs: number;
  /** Queue length that starts a batch without waiting. */
  flushAt: number;
  maxBatch: number;
  /** Beyond it `push` refuses items, so memory stays bounded. */
  maxQueue: number;
  /** Handles one batch (isolated: see `isolate`). */
  write(items: T[]): Promise<void>;
  /** An item refused on its own. */
  poison(item: T, err: unknown): Promise<void> | void;
  /** Items of a batch that failed for a transient reason after its retries (nothing stored). */
  lost?(items: T[]): void;
  retries?: readonly number[];
}

export interface BatcherStats {
  queued: number;
  batches: number;
  poisoned: number;
  /** Items lost with a batch that failed for a transient reason after its retries. */
  failed: number;
}

/**
 * A micro-batch queue: items wait up to `flushMs` (or until `flushAt` of them queue), then are
 * written one batch at a time, in order, with per-item isolation. The alarm engine, the fence
 * evaluator and the ingest's dead letters use it.
 */
export class Batcher<T> {
  readonly stats: BatcherStats = { queued: 0, batches: 0, poisoned: 0, failed: 0 };
  private queue: T[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private tick = false;
  private closed = false;

  constructor(private readonly opts: BatcherOptions<T>) {}

  get length(): number {
    return this.queue.length;
  }

  /** Items queued or a batch being written. */
  get busy(): boolean {
    return this.queue.length > 0 || this.running !== undefined;
  }

  /** Queues an item; false when the queue is full or closed (the caller counts it). */
  push(item: T): boolean {
    if (this.closed || this.queue.length >= this.opts.maxQueue) return false;
    this.queue.push(item);
    this.stats.queued = this.queue.length;
    if (this.queue.length >= this.opts.flushAt) this.kick();
    else if (this.opts.flushMs === 0) {
      // Items pushed in the same turn (one stored batch's events) share a batch.
      if (!this.tick) {
        this.tick = true;
        queueMicrotask(() => {
          this.tick = false;
          this.kick();
        });
      }
    } else if (!this.timer && !this.running) {
      this.timer = setTimeout(() => this.kick(), this.opts.flushMs);
      this.timer.unref();
    }
    return true;
  }

  /** Waits until everything queued so far is handled. */
  async drain(): Promise<void> {
    while (this.queue.length || this.running) {
      if (this.running) await this.running;
      else this.kick();
    }
  }

  async close(): Promise<void> {
    await this.drain().catch(() => {});
    this.closed = true;
    clearTimeout(this.timer);
  }

  private kick(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.running || !this.queue.length) return;
    this.running = this.run().finally(() => {
      this.running = undefined;
      if (this.queue.length) this.kick();
    });
  }

  private async run(): Promise<void> {
    while (this.queue.length) {
      const batch = this.queue.splice(0, this.opts.maxBatch);
      this.stats.queued = this.queue.length;
      this.stats.batches++;
      try {
        const res = await isolate(batch, {
          write: async (items) => this.opts.write(items),
          poison: (item, err) => this.opts.poison(item, err),
          retries: this.opts.retries,
          stopped: () => this.closed,
        });
        this.stats.poisoned += res.poisoned.length;
      } catch (err) {
        this.stats.failed += batch.length;
        this.opts.log.error({ err, items: batch.length }, `${this.opts.name} batch failed; dropped`);
        this.opts.lost?.(batch);
      }
    }
  }
}
