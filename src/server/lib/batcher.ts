import type { FastifyBaseLogger } from 'fastify';
import { errorCodes } from './error-codes';

/**
 * Per-row isolation for batched writes (docs/decisions.md "One bad message"). A batch that the
 * database refuses for its data (a value it cannot store, a constraint) is split in halves until
 * the rows that fail are alone; each of those goes to `poison` and the rest is stored. A batch
 * that fails for a transient reason (connection lost, server shutting down) is retried whole after
 * each delay and, if it still fails, rejected: nothing of it was stored.
 */
interface IsolateOptions<T, R> {
  /** Writes the items; throwing means none of them was stored. */
  write(items: T[]): Promise<R>;
  /** An item the database refused even alone. */
  poison(item: T, err: unknown): Promise<void> | void;
  /** Delays of the whole-batch retries for transient failures. */
  retries?: readonly number[];
  /** Stops retrying (the service is closing). */
  stopped?: () => boolean;
}

interface Isolated<T, R> {
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
  if (items.length === 0) throw err;
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

interface BatcherOptions<T> {
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
  /**
   * Batches written at once (default 1). With more, the next batch is built while one commits;
   * `write` starts synchronously, so it can take what it needs before the next one is launched,
   * and orders its own results if their order matters.
   */
  flights?: number;
  /**
   * Work due besides the queue (the ingest's live fields): while it answers true and a flight is
   * free, a batch starts even when the queue is empty (`write` then gets no items).
   */
  due?(): boolean;
  /** After each batch, once its items are counted out of `held`. */
  after?(): void;
}

interface BatcherStats {
  queued: number;
  batches: number;
  poisoned: number;
  /** Items lost with a batch that failed for a transient reason after its retries. */
  failed: number;
  /** Items of the batches being written. */
  inFlight: number;
}

/**
 * A micro-batch queue: items wait up to `flushMs` (or until `flushAt` of them queue), then are
 * written in batches of at most `maxBatch`, `flights` at once (one by default, in order), each
 * with per-item isolation. The ingest's two lanes, the alarm engine, the fence evaluator, the
 * dead letters and the audit log use it.
 */
export class Batcher<T> {
  readonly stats: BatcherStats = { queued: 0, batches: 0, poisoned: 0, failed: 0, inFlight: 0 };
  private queue: T[] = [];
  private timer: NodeJS.Timeout | undefined;
  private readonly flying = new Set<Promise<void>>();
  private tick = false;
  private closed = false;
  private readonly flights: number;

  constructor(private readonly opts: BatcherOptions<T>) {
    this.flights = Math.max(1, opts.flights ?? 1);
  }

  get length(): number {
    return this.queue.length;
  }

  /** Items queued or being written. */
  get held(): number {
    return this.queue.length + this.stats.inFlight;
  }

  /** Items queued or a batch being written. */
  get busy(): boolean {
    return this.queue.length > 0 || this.flying.size > 0;
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
    } else if (!this.timer && !this.flying.size) this.arm();
    return true;
  }

  /** Starts batches now, without waiting for the timer: queued items, or work that is `due`. */
  kick(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    while (this.flying.size < this.flights && (this.queue.length || this.opts.due?.())) {
      this.launch(this.queue.splice(0, this.opts.maxBatch));
    }
  }

  /** Waits until everything queued so far, and the work due, is handled. */
  async drain(): Promise<void> {
    while (this.queue.length || this.flying.size || this.opts.due?.()) {
      if (this.flying.size) await Promise.all(this.flying);
      else this.kick();
    }
  }

  async close(): Promise<void> {
    await this.drain().catch(() => {});
    this.closed = true;
    clearTimeout(this.timer);
  }

  private arm(): void {
    this.timer = setTimeout(() => this.kick(), this.opts.flushMs);
    this.timer.unref();
  }

  private launch(batch: T[]): void {
    this.stats.queued = this.queue.length;
    this.stats.batches++;
    this.stats.inFlight += batch.length;
    const flight = this.write(batch).finally(() => {
      this.flying.delete(flight);
      this.stats.inFlight -= batch.length;
      this.opts.after?.();
      // What arrived during the write goes in the next one at once while no other write runs
      // (or when a full batch waits); beside a running one it waits for the timer.
      if (
        this.queue.length >= this.opts.flushAt ||
        this.opts.flushMs === 0 ||
        (!this.flying.size && (this.queue.length || this.opts.due?.()))
      )
        this.kick();
      else if (this.queue.length && !this.timer) this.arm();
    });
    this.flying.add(flight);
  }

  private async write(batch: T[]): Promise<void> {
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
