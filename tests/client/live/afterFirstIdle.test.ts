import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstIdle } from '../../../src/client/live/useLiveConnection';

describe('afterFirstIdle (mqtt.js loads after the first screen)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('waits for the idle callback, with a limit of a second by default', async () => {
    let run: (() => void) | undefined;
    const idle = vi.fn((cb: () => void, opts: { timeout: number }) => {
      run = cb;
      return opts.timeout;
    });
    vi.stubGlobal('requestIdleCallback', idle);
    let done = false;
    const waiting = afterFirstIdle().then(() => (done = true));
    await Promise.resolve();
    expect(done).toBe(false);
    expect(idle.mock.calls[0]![1]).toEqual({ timeout: 1_000 });
    run!();
    await waiting;
    expect(done).toBe(true);
  });

  it('goes on at the next turn where the browser has no idle callbacks', async () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    await expect(afterFirstIdle()).resolves.toBeUndefined();
  });
});
