import { beforeEach, describe, expect, it } from 'vitest';
import { addToWall, columnsOf, layoutFor, loadWall, saveWall } from '../../../src/client/features/monitor/wall';

describe('the monitoring wall', () => {
  beforeEach(() => localStorage.clear());

  it('takes at most six cameras and refuses one that is already on it', () => {
    let wall: (number | string)[] = [];
    let layout: 1 | 4 | 6 = 1;
    for (const id of [1, 2, 3, 4, 5, 6]) {
      const r = addToWall(wall, id, layout);
      if ('error' in r) throw new Error(r.error);
      ({ wall, layout } = r);
    }
    expect(wall).toEqual([1, 2, 3, 4, 5, 6]);
    expect(addToWall(wall, 7, layout)).toEqual({ error: 'full' });
    expect(addToWall([1, 2], 2, 4)).toEqual({ error: 'duplicate' });
    // A device counts like a camera, and is refused twice the same way.
    expect(addToWall([1, 2], '860100000000024', 4)).toEqual({ wall: [1, 2, '860100000000024'], layout: 4 });
    expect(addToWall([1, '860100000000024'], '860100000000024', 4)).toEqual({ error: 'duplicate' });
  });

  it('grows the grid when a tile needs room and never shrinks below the chosen one', () => {
    expect(addToWall([1], 2, 1)).toEqual({ wall: [1, 2], layout: 4 });
    expect(addToWall([1, 2, 3, 4], 5, 4)).toEqual({ wall: [1, 2, 3, 4, 5], layout: 6 });
    expect(layoutFor(1, 6)).toBe(6);
    expect(layoutFor(5, 1)).toBe(6);
    expect([1, 4, 6].map((l) => columnsOf(l as 1 | 4 | 6))).toEqual([1, 2, 3]);
  });

  it('keeps a route’s wall across reloads and ignores what it cannot read', () => {
    saveWall('monitor', { wall: [3, 9], layout: 4 });
    expect(loadWall('monitor')).toEqual({ wall: [3, 9], layout: 4 });
    expect(loadWall('jzvideo')).toBeNull();
    localStorage.setItem('monitor-wall:vedio', '{"wall":[1,"x",-2,1.5,2,3,4,5,6,7],"layout":1}');
    expect(loadWall('vedio')).toEqual({ wall: [1, 2, 3, 4, 5, 6], layout: 6 });
    // Devices are kept by IMEI, next to cameras; a repeated entry once.
    localStorage.setItem('monitor-wall:jz', '{"wall":[4,"860100000000024","860100000000024","bad imei!"],"layout":1}');
    expect(loadWall('jz')).toEqual({ wall: [4, '860100000000024'], layout: 4 });
    localStorage.setItem('monitor-wall:audio', 'not json');
    expect(loadWall('audio')).toBeNull();
    localStorage.setItem('monitor-wall:x', '{"wall":[1],"layout":5}');
    expect(loadWall('x')).toBeNull();
  });
});
