import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteThread } from '../../../src/server/db/pglite-thread';
import { errorCodes } from '../../../src/server/lib/error-codes';

describe('PGlite in its own thread', () => {
  let pg: PgliteThread;
  beforeAll(async () => {
    pg = await PgliteThread.open({});
    await pg.exec('create table t (id int primary key, v text); create extension if not exists pg_trgm');
  });
  afterAll(() => pg.close());

  it('answers queries in object and array rows, with the parameters given', async () => {
    await pg.query('insert into t values ($1, $2), ($3, $4)', [1, 'a', 2, 'b']);
    const objects = await pg.query('select id, v from t order by id');
    expect(objects.rows).toEqual([
      { id: 1, v: 'a' },
      { id: 2, v: 'b' },
    ]);
    const arrays = await pg.query('select id, v, now() as at from t where id = $1', [2], {
      rowMode: 'array',
      parsers: { 1184: (v: string) => v },
    });
    expect(arrays.rows[0]).toEqual([2, 'b', expect.stringMatching(/^\d{4}-\d\d-\d\d /)]);
    expect(arrays.fields.map((f) => f.name)).toEqual(['id', 'v', 'at']);
  });

  it('keeps the SQLSTATE of an error for the callers that sort errors by it', async () => {
    const err = await pg.query('insert into t values (1, $1)', ['again']).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(errorCodes(err)).toEqual(['23505']);
    expect((err as Error).message).toMatch(/duplicate key/);
  });

  it('commits a transaction that returns and rolls back one that throws', async () => {
    await pg.transaction(async (tx) => {
      await tx.query('insert into t values (10, $1)', ['kept']);
    });
    await expect(
      pg.transaction(async (tx) => {
        await tx.query('insert into t values (11, $1)', ['dropped']);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const { rows } = await pg.query('select id from t where id >= 10 order by id');
    expect(rows).toEqual([{ id: 10 }]);
  });

  it('holds statements from outside an open transaction until it ends, as one connection does', async () => {
    const order: string[] = [];
    let outside: Promise<unknown> | undefined;
    await pg.transaction(async (tx) => {
      await tx.query('insert into t values (20, $1)', ['in']);
      outside = pg
        .query('select count(*)::int as n from t where id = 20')
        .then((r) => order.push(`outside saw ${(r.rows[0] as { n: number }).n}`));
      await new Promise((r) => setTimeout(r, 50));
      order.push('transaction ends');
    });
    await outside;
    expect(order).toEqual(['transaction ends', 'outside saw 1']);
  });

  it('leaves the event loop free while a long statement runs', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const t0 = performance.now();
    await pg.query('select count(*) from generate_series(1, 3000000) g where g % 7 = 0');
    const took = performance.now() - t0;
    clearInterval(timer);
    // On the calling thread a statement is synchronous: no timer would fire until it returned.
    expect(took).toBeGreaterThan(50);
    expect(ticks).toBeGreaterThanOrEqual(3);
  });

  it('refuses parsers it cannot apply in the thread', async () => {
    await expect(pg.query('select 1', [], { parsers: { 23: (v: string) => Number(v) * 2 } })).rejects.toThrow(
      /identity parsers/,
    );
  });

  it('dumps its data for another to start from', async () => {
    const dump = await pg.dumpDataDir('none');
    const copy = await PgliteThread.open({ loadDataDir: dump });
    try {
      const { rows } = await copy.query('select v from t where id = 10');
      expect(rows).toEqual([{ v: 'kept' }]);
    } finally {
      await copy.close();
    }
  });

  it('says so when the thread ends other than by close, and fails the calls from then on', async () => {
    const stopped: Error[] = [];
    const other = await PgliteThread.open({ onStopped: (err) => stopped.push(err) });
    // As a WebAssembly abort would end it.
    await (other as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
    expect(stopped.map((e) => e.message)).toEqual([expect.stringMatching(/PGlite thread stopped/)]);
    await expect(other.query('select 1')).rejects.toThrow(/PGlite thread stopped/);
  });

  it('rejects with a clear error once closed', async () => {
    const other = await PgliteThread.open({});
    await other.close();
    await expect(other.query('select 1')).rejects.toThrow(/PGlite thread stopped/);
  });
});
