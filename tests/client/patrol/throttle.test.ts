import { describe, expect, it } from 'vitest';
import { FixThrottle, MIN_FIX_DISTANCE_M, MIN_FIX_INTERVAL_MS } from '../../../src/client/features/patrol/throttle';

/** About 1 m of latitude, in degrees. */
const M = 1 / 111_195;

describe('FixThrottle', () => {
  it('sends the first fix, then at most one per 10 s while the phone stands', () => {
    const th = new FixThrottle();
    const at = 1_800_000_000_000;
    expect(th.keep({ lat: 22.5, lon: 114, at })).toBe(true);
    expect(th.keep({ lat: 22.5, lon: 114, at: at + 1_000 })).toBe(false);
    expect(th.keep({ lat: 22.5 + 10 * M, lon: 114, at: at + MIN_FIX_INTERVAL_MS - 1 })).toBe(false);
    expect(th.keep({ lat: 22.5, lon: 114, at: at + MIN_FIX_INTERVAL_MS })).toBe(true);
    expect(th.keep({ lat: 22.5, lon: 114, at: at + MIN_FIX_INTERVAL_MS + 9_999 })).toBe(false);
  });

  it('sends sooner once it moved 25 m from the last fix sent, measured from that fix', () => {
    const th = new FixThrottle();
    const at = 1_800_000_000_000;
    th.keep({ lat: 22.5, lon: 114, at });
    expect(th.keep({ lat: 22.5 + (MIN_FIX_DISTANCE_M - 1) * M, lon: 114, at: at + 1_000 })).toBe(false);
    expect(th.keep({ lat: 22.5 + (MIN_FIX_DISTANCE_M + 1) * M, lon: 114, at: at + 2_000 })).toBe(true);
    // 20 m further from the one just sent: not yet.
    expect(th.keep({ lat: 22.5 + (MIN_FIX_DISTANCE_M + 21) * M, lon: 114, at: at + 3_000 })).toBe(false);
  });

  it('skips a fix older than the last one sent, and starts afresh after reset', () => {
    const th = new FixThrottle();
    const at = 1_800_000_000_000;
    th.keep({ lat: 22.5, lon: 114, at });
    expect(th.keep({ lat: 23, lon: 114, at: at - 60_000 })).toBe(false);
    th.reset();
    expect(th.keep({ lat: 22.5, lon: 114, at: at + 1 })).toBe(true);
  });
});
