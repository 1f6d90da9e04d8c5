/**
 * Look-ups asked for in one turn of the event loop, answered by one call of `load` (per `chunk`
 * keys): a burst of single-row queries (a fleet's devices coming online at a restart, a batch of
 * alarms each asking for its device) becomes one statement per chunk. On PGlite every statement is
 * a turn of its one connection, so the single-row form held the database longer than the work
 * that asked (docs/performance.md, "Ingest" and "Fences").
 *
 * `load` answers the keys it found; a key it leaves out resolves to undefined. When it throws,
 * every caller of that chunk gets the error.
 */
export function perTurn<K, V>(
  load: (keys: K[]) => Promise<Map<K, V>>,
  chunk = 1_000,
): (key: K) => Promise<V | undefined> {
  let wanted = new Map<K, { resolve: (v: V | undefined) => void; reject: (err: unknown) => void }[]>();
  let scheduled = false;
  const run = async (batch: [K, { resolve: (v: V | undefined) => void; reject: (err: unknown) => void }[]][]) => {
    let found: Map<K, V>;
    try {
      found = await load(batch.map(([k]) => k));
    } catch (err) {
      for (const [, ws] of batch) for (const w of ws) w.reject(err);
      return;
    }
    for (const [k, ws] of batch) for (const w of ws) w.resolve(found.get(k));
  };
  return (key) =>
    new Promise((resolve, reject) => {
      const ws = wanted.get(key);
      if (ws) ws.push({ resolve, reject });
      else wanted.set(key, [{ resolve, reject }]);
      if (scheduled) return;
      scheduled = true;
      setImmediate(() => {
        scheduled = false;
        const batch = [...wanted];
        wanted = new Map();
        for (let i = 0; i < batch.length; i += chunk) void run(batch.slice(i, i + chunk));
      });
    });
}
