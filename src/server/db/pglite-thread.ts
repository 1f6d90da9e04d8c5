import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * PGlite in its own thread (the other end: pglite-worker.mjs). PGlite runs each statement
 * synchronously in the thread that calls it; on the main thread a batch insert of 60 to 90 ms held
 * the broker, the alarm push and every request for as long (docs/performance.md, "PGlite in a
 * thread"). This client gives Drizzle's PGlite driver what it uses of a PGlite instance (`query`,
 * `exec`, `transaction`) and the service what it uses besides (`close`, `dumpDataDir`); one
 * connection as before: PGlite's own lock orders the statements, and a transaction holds it until
 * it ends.
 */

interface QueryResult {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, (value: string, typeId: number) => unknown>;
}

/** What a transaction's callback is given (a subset of PGlite's `Transaction`). */
interface ThreadTransaction {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult>;
  exec(sql: string): Promise<QueryResult[]>;
}

/**
 * PostgreSQL's WebAssembly, compiled once per process, and its file bundle, read once: every
 * thread gets both (a compiled module crosses to a worker without recompiling). A new thread
 * otherwise compiled the 9 MB module again: most of the 2.5 s a test app took to open its
 * database (docs/decisions.md, "Test time and the clock").
 */
let runtime: Promise<{ wasmModule: WebAssembly.Module; fsBundle: Blob }> | undefined;
function pgliteRuntime() {
  runtime ??= (async () => {
    const dist = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    const file = (name: string) => new URL(name, pathToFileURL(dist));
    const [wasm, data] = await Promise.all([readFile(file('pglite.wasm')), readFile(file('pglite.data'))]);
    return { wasmModule: await WebAssembly.compile(wasm), fsBundle: new Blob([data]) };
  })();
  runtime.catch(() => (runtime = undefined));
  return runtime;
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
}

interface Reply {
  id?: number;
  ready?: boolean;
  result?: unknown;
  error?: SerialisedError;
}

interface SerialisedError {
  name?: string;
  message: string;
  stack?: string;
  cause?: SerialisedError;
  [key: string]: unknown;
}

/** The driver's error as thrown in the thread: message, SQLSTATE `code`, detail, constraint ... */
function revive(e: SerialisedError): Error {
  const { name, message, stack, cause, ...fields } = e;
  const err = new Error(message, cause ? { cause: revive(cause) } : undefined);
  if (name) err.name = name;
  if (stack) err.stack = stack;
  Object.assign(err, fields);
  return err;
}

/** Drizzle passes the same identity parsers with every query; anything else cannot cross threads. */
function drizzleParsers(parsers: QueryOptions['parsers']): boolean {
  if (!parsers) return false;
  for (const fn of Object.values(parsers)) {
    if (fn('x', 0) !== 'x') throw new Error('PGlite thread: only identity parsers can be passed to a query');
  }
  return true;
}

export class PgliteThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private dead: Error | undefined;

  private constructor(worker: Worker, onStopped?: (err: Error) => void) {
    this.worker = worker;
    worker.on('message', (m: Reply) => {
      if (m.id === undefined) return;
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.error) p.reject(revive(m.error));
      else p.resolve(m.result);
    });
    const fail = (err: Error) => {
      if (!this.dead) onStopped?.(err);
      this.dead ??= err;
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the PGlite thread stopped (exit code ${code})`)));
  }

  /**
   * Starts the thread and opens PGlite there: on `dataDir`, or in memory (from a dump when given).
   * `onStopped` is told if the thread ends other than by `close` (every call fails from then on).
   */
  static async open(opts: {
    dataDir?: string;
    loadDataDir?: Blob;
    onStopped?: (err: Error) => void;
  }): Promise<PgliteThread> {
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
      // A Blob crosses to the thread by reference, not as a copy (a test template is about 140 MB).
      workerData: { dataDir: opts.dataDir, loadDataDir: opts.loadDataDir, ...(await pgliteRuntime()) },
      // The thread needs no TypeScript loader; a parent's (tsx, vitest) would only slow its start.
      // A profiled service profiles its database thread too (scripts/profile-ingest.mjs).
      execArgv: process.execArgv.filter((a) => /^--(cpu|heap)-prof/.test(a)),
    });
    const ready = await new Promise<Reply>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the PGlite thread stopped while opening (exit code ${code})`)));
    });
    if (!ready.ready) {
      await worker.terminate();
      throw revive(ready.error ?? { message: 'the PGlite thread could not open the database' });
    }
    worker.removeAllListeners('error').removeAllListeners('exit');
    return new PgliteThread(worker, opts.onStopped);
  }

  private call<T>(msg: Record<string, unknown>, transfer?: ArrayBuffer[]): Promise<T> {
    if (this.dead) return Promise.reject(this.dead);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...msg, id }, transfer);
    });
  }

  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult> {
    return this.queryIn(undefined, sql, params, options);
  }

  exec(sql: string): Promise<QueryResult[]> {
    return this.call({ op: 'exec', sql });
  }

  private async queryIn(
    tx: number | undefined,
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<QueryResult> {
    return this.call({
      op: 'query',
      tx,
      sql,
      params,
      rowMode: options?.rowMode,
      drizzleParsers: drizzleParsers(options?.parsers),
    });
  }

  /** Runs `fn` in one transaction: COMMIT when it returns, ROLLBACK (and rethrow) when it throws. */
  async transaction<T>(fn: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const { tx } = await this.call<{ tx: number }>({ op: 'begin' });
    const handle: ThreadTransaction = {
      query: (sql, params, options) => this.queryIn(tx, sql, params, options),
      exec: (sql) => this.call({ op: 'exec', tx, sql }),
    };
    let result: T;
    try {
      result = await fn(handle);
    } catch (err) {
      await this.call({ op: 'end', tx, commit: false }).catch(() => {});
      throw err;
    }
    await this.call({ op: 'end', tx, commit: true });
    return result;
  }

  /** The data directory as a tarball (PGlite's dumpDataDir), for a later `loadDataDir`. */
  async dumpDataDir(compression: 'none' | 'gzip' | 'auto' = 'none'): Promise<Blob> {
    const bytes = await this.call<Uint8Array<ArrayBuffer>>({ op: 'dump', compression });
    return new Blob([bytes]);
  }

  async close(): Promise<void> {
    if (this.dead) return;
    try {
      await this.call({ op: 'close' });
    } finally {
      this.dead = new Error('the PGlite thread stopped (closed)');
      await this.worker.terminate();
    }
  }
}
