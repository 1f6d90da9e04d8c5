// The thread that owns the service's PGlite (src/server/db/pglite-thread.ts is the other end).
// PGlite is PostgreSQL compiled to WebAssembly: a statement runs synchronously in the thread that
// calls it, so on the main thread a 60 ms batch insert stopped the broker, the alarm push and every
// request for 60 ms. Here it stops only this thread. Plain JavaScript: the thread is started by
// Node itself (`npm start`, vitest, tsx), with no TypeScript loader to rely on.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const port = parentPort;
if (!port) throw new Error('pglite-worker.mjs runs as a worker thread');

// The parsers Drizzle's PGlite session passes with each query (drizzle-orm/pglite/session.js):
// date and time types and some arrays stay text, Drizzle maps them itself. Functions cannot cross
// the thread boundary, so the caller names this set and the thread applies it.
const identity = (value) => value;
const DRIZZLE_PARSERS = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((oid) => [
    oid,
    identity,
  ]),
);

/** The SQLSTATE and its details survive the crossing; structured clone keeps only name and message. */
function serialiseError(err) {
  if (!(err instanceof Error)) return { message: String(err) };
  const out = { name: err.name, message: err.message, stack: err.stack };
  for (const key of Object.keys(err)) {
    const v = err[key];
    if (v === undefined || typeof v === 'function') continue;
    if (key === 'cause') out.cause = serialiseError(v);
    else if (typeof v !== 'object' || v === null) out[key] = v;
  }
  return out;
}

const { dataDir, loadDataDir, wasmModule, fsBundle } = workerData;
const options = {
  extensions: { pg_trgm },
  // Compiled and read once by the opening process (pglite-thread.ts), not again in every thread.
  ...(wasmModule ? { wasmModule, fsBundle } : {}),
  ...(loadDataDir ? { loadDataDir } : {}),
};
let pg;
try {
  pg = dataDir ? await PGlite.create(dataDir, options) : await PGlite.create(options);
} catch (err) {
  port.postMessage({ ready: false, error: serialiseError(err) });
  process.exit(1);
}

/** Open transactions by id: PGlite's own transaction holds its lock until the caller ends it. */
const open = new Map();
let nextTx = 1;

function run(target, msg) {
  if (msg.op === 'exec') return target.exec(msg.sql);
  return target.query(msg.sql, msg.params ?? [], {
    rowMode: msg.rowMode ?? 'object',
    ...(msg.drizzleParsers ? { parsers: DRIZZLE_PARSERS } : {}),
  });
}

async function handle(msg) {
  switch (msg.op) {
    case 'query':
    case 'exec': {
      const target = msg.tx ? open.get(msg.tx)?.tx : pg;
      if (!target) throw new Error(`transaction ${msg.tx} is not open`);
      const res = await run(target, msg);
      return Array.isArray(res) ? res.map(plain) : plain(res);
    }
    case 'begin': {
      // Answered once inside (PGlite has taken its lock and sent BEGIN); the transaction's own
      // promise settles after 'end', and that answer tells whether COMMIT went through.
      const id = nextTx++;
      let entered;
      const inside = new Promise((resolve) => (entered = resolve));
      const done = pg.transaction(
        (tx) =>
          new Promise((commit, rollback) => {
            open.set(id, { tx, commit, rollback });
            entered();
          }),
      );
      done.catch(() => {}); // awaited at 'end'; a BEGIN that failed is thrown by the race below
      await Promise.race([inside, done]);
      open.get(id).done = done;
      return { tx: id };
    }
    case 'end': {
      const e = open.get(msg.tx);
      if (!e) throw new Error(`transaction ${msg.tx} is not open`);
      open.delete(msg.tx);
      if (msg.commit) e.commit();
      else e.rollback(new RolledBack());
      try {
        await e.done;
      } catch (err) {
        if (!(err instanceof RolledBack)) throw err;
      }
      return { ok: true };
    }
    case 'dump': {
      const blob = await pg.dumpDataDir(msg.compression ?? 'none');
      return new Uint8Array(await blob.arrayBuffer());
    }
    case 'close':
      await pg.close();
      return { ok: true };
    default:
      throw new Error(`unknown operation ${msg.op}`);
  }
}

class RolledBack extends Error {}

/** A query result as plain data (PGlite's may carry a blob and functions). */
function plain(res) {
  return { rows: res.rows, fields: res.fields, affectedRows: res.affectedRows };
}

port.on('message', (msg) => {
  handle(msg).then(
    (result) => {
      port.postMessage({ id: msg.id, result });
      if (msg.op === 'close') port.close();
    },
    (err) => port.postMessage({ id: msg.id, error: serialiseError(err) }),
  );
});
port.postMessage({ ready: true });
