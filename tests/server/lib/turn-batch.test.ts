import { describe, expect, it } from 'vitest';
import { perTurn } from '../../../src/server/lib/turn-batch';

describe('perTurn', () => {
  it('answers the keys asked for in one turn with one load per chunk, each caller its own value', async () => {
    const loads: number[][] = [];
    const get = perTurn(async (keys: number[]) => {
      loads.push(keys);
      return new Map(keys.filter((k) => k % 5 !== 0).map((k) => [k, `v${k}`]));
    }, 4);
    const asked = [1, 2, 3, 4, 5, 6, 2];
    const answers = await Promise.all(asked.map((k) => get(k)));
    expect(answers).toEqual(['v1', 'v2', 'v3', 'v4', undefined, 'v6', 'v2']);
    // Six distinct keys in chunks of four; the key asked twice is loaded once.
    expect(loads).toEqual([
      [1, 2, 3, 4],
      [5, 6],
    ]);
    // A later turn is a new load.
    expect(await get(7)).toBe('v7');
    expect(loads).toHaveLength(3);
  });

  it('gives every caller of a failed chunk the error, and the next turn tries again', async () => {
    let fail = true;
    const get = perTurn(async (keys: string[]) => {
      if (fail) throw new Error('database away');
      return new Map(keys.map((k) => [k, k.length]));
    });
    const results = await Promise.allSettled([get('a'), get('bb')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect((results[0] as PromiseRejectedResult).reason).toEqual(new Error('database away'));
    fail = false;
    expect(await get('ccc')).toBe(3);
  });
});
