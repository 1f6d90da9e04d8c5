import { describe, expect, it } from 'vitest';
import { Batcher, isolate, isTransient, TransientError } from '../../../src/server/lib/batcher';

const dataError = (what: string) => Object.assign(new Error(`refused ${what}`), { code: '22P05' });
const log = { error: () => {}, warn: () => {} } as never;

describe('isolate', () => {
  it('stores every item but the ones the database refuses alone, in few writes', async () => {
    const items = Array.from({ length: 1000 }, (_, i) => i);
    const stored: number[] = [];
    let writes = 0;
    const res = await isolate(items, {
      write: async (part) => {
        writes++;
        if (part.includes(137) || part.includes(900)) throw dataError('137 or 900');
        stored.push(...part);
        return part.length;
      },
      poison: () => {},
      retries: [],
    });
    expect(res.poisoned).toEqual([137, 900]);
    expect(stored).toEqual(items.filter((i) => i !== 137 && i !== 900));
    // Two bad rows in a thousand cost about 2 x 2 x log2(1000) writes, not a thousand.
    expect(writes).toBeLessThan(45);
    expect(res.stored.reduce((n, p) => n + p.result, 0)).toBe(998);
  });

  it('retries a transient failure whole, then gives up without poisoning anything', async () => {
    let calls = 0;
    const poisoned: number[] = [];
    const flaky = await isolate([1, 2, 3], {
      write: async () => {
        if (++calls < 3) throw Object.assign(new Error('connection lost'), { code: 'ECONNRESET' });
        return 'ok';
      },
      poison: (i) => void poisoned.push(i),
      retries: [1, 1, 1],
    });
    expect(flaky.stored).toEqual([{ items: [1, 2, 3], result: 'ok' }]);
    await expect(
      isolate([1, 2], {
        write: async () => Promise.reject(new TransientError('down')),
        poison: (i) => void poisoned.push(i),
        retries: [1, 1],
      }),
    ).rejects.toThrow('down');
    expect(poisoned).toEqual([]);
  });

  it('tells transient errors from data errors by SQLSTATE class, through wrapping causes', () => {
    expect(isTransient({ code: '08006' })).toBe(true);
    expect(isTransient({ code: '57P01' })).toBe(true);
    expect(isTransient(new Error('wrapped', { cause: { code: '40001' } }))).toBe(true);
    expect(isTransient({ code: '22P05' })).toBe(false);
    expect(isTransient({ code: '23505' })).toBe(false);
    expect(isTransient(new TypeError('bug'))).toBe(false);
  });
});

describe('Batcher', () => {
  it('writes in order, batches what queues meanwhile, isolates, and refuses beyond its bound', async () => {
    const written: number[][] = [];
    const poisoned: number[] = [];
    const b = new Batcher<number>({
      log,
      name: 'test',
      flushMs: 5,
      flushAt: 50,
      maxBatch: 100,
      maxQueue: 300,
      write: async (items) => {
        if (items.includes(42)) throw dataError('42');
        written.push(items);
        await new Promise((r) => setTimeout(r, 5));
      },
      poison: (i) => void poisoned.push(i),
    });
    const accepted = Array.from({ length: 400 }, (_, i) => b.push(i));
    expect(accepted.filter(Boolean).length).toBeGreaterThanOrEqual(300);
    expect(accepted.at(-1)).toBe(false);
    await b.drain();
    const flat = written.flat();
    expect(poisoned).toEqual([42]);
    expect(flat).toEqual([...flat].sort((x, y) => x - y));
    expect(flat).not.toContain(42);
    expect(flat.length + 1).toBe(accepted.filter(Boolean).length);
    expect(Math.max(...written.map((w) => w.length))).toBeLessThanOrEqual(100);
  });

  it('hands a batch lost to a transient failure to `lost`', async () => {
    const lost: number[] = [];
    const b = new Batcher<number>({
      log,
      name: 'test',
      flushMs: 0,
      flushAt: 10,
      maxBatch: 10,
      maxQueue: 10,
      retries: [1],
      write: async () => Promise.reject(new TransientError('down')),
      poison: () => {},
      lost: (items) => void lost.push(...items),
    });
    b.push(1);
    b.push(2);
    await b.drain();
    expect(lost).toEqual([1, 2]);
    expect(b.stats.failed).toBe(2);
  });
});
