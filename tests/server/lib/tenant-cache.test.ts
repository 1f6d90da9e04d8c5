/** The per-tenant read-through cache behind the push's recipients and duty rosters (src/server/lib/tenant-cache.ts). */
import { describe, expect, it } from 'vitest';
import { TenantCache } from '../../../src/server/lib/tenant-cache';

function setup(ttlMs = 1_000) {
  const clock = { at: 0, now: () => clock.at };
  const loads: number[] = [];
  let fail = false;
  let version = 0;
  const cache = new TenantCache(
    async (tenantId) => {
      loads.push(tenantId);
      if (fail) throw new Error('database away');
      return `${tenantId}:v${++version}`;
    },
    clock,
    ttlMs,
  );
  return { clock, loads, cache, failing: (on: boolean) => (fail = on) };
}

const turn = () => new Promise((r) => setImmediate(r));

describe('TenantCache', () => {
  it('shares one load among concurrent callers of a tenant and answers later callers from it', async () => {
    const { loads, cache } = setup();
    expect(await Promise.all([cache.get(1), cache.get(1), cache.get(2)])).toEqual(['1:v1', '1:v1', '2:v2']);
    expect(await cache.get(1)).toBe('1:v1');
    expect(loads).toEqual([1, 2]);
  });

  it('reloads in the background past 80 % of the lifetime while still answering, and after expiry', async () => {
    const { clock, loads, cache } = setup();
    await cache.get(1);
    clock.at = 850;
    expect(await cache.get(1)).toBe('1:v1');
    await turn();
    expect(loads).toEqual([1, 1]);
    // The refreshed entry dates from 850: still fresh at 1,500, without another load.
    clock.at = 1_500;
    expect(await cache.get(1)).toBe('1:v2');
    expect(loads).toEqual([1, 1]);
    clock.at = 3_000;
    expect(await cache.get(1)).toBe('1:v3');
    expect(loads).toEqual([1, 1, 1]);
  });

  it('keeps no failed load, and an invalidation wins over a refresh in flight', async () => {
    const { clock, loads, cache, failing } = setup();
    failing(true);
    await expect(cache.get(1)).rejects.toThrow('database away');
    failing(false);
    expect(await cache.get(1)).toBe('1:v1');
    clock.at = 900;
    void cache.get(1);
    cache.invalidate(1);
    await turn();
    // The refresh started before the invalidation is not kept: the next caller loads anew.
    expect(await cache.get(1)).toBe('1:v3');
    cache.invalidate();
    expect(await cache.get(1)).toBe('1:v4');
    expect(loads).toEqual([1, 1, 1, 1, 1]);
  });

  it('peeks at a settled, fresh value only: not before the load settles, not after the lifetime, not after an invalidation', async () => {
    const { clock, loads, cache } = setup();
    expect(cache.peek(1)).toBeUndefined();
    const loading = cache.get(1);
    expect(cache.peek(1)).toBeUndefined();
    await loading;
    expect(cache.peek(1)).toBe('1:v1');
    // A refresh ahead's value is peeked once it settled.
    clock.at = 850;
    await cache.get(1);
    await turn();
    expect(cache.peek(1)).toBe('1:v2');
    clock.at = 2_000;
    expect(cache.peek(1)).toBeUndefined();
    await cache.get(1);
    cache.invalidate(1);
    expect(cache.peek(1)).toBeUndefined();
    // peek never loads.
    expect(loads).toEqual([1, 1, 1]);
  });
});
