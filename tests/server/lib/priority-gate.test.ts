import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PriorityGate } from '../../../src/server/lib/priority';

describe('the priority gate', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('lets background work through at once when nothing urgent is in progress', () => {
    const gate = new PriorityGate();
    expect(gate.busy).toBe(false);
    expect(gate.clear()).toBeUndefined();
  });

  it('holds background work until every holder has left, each leave counting once', async () => {
    const gate = new PriorityGate(10_000);
    const a = gate.enter();
    const b = gate.enter();
    let through = false;
    void gate.clear()!.then(() => (through = true));
    a();
    a(); // a second call of the same leave changes nothing
    await vi.advanceTimersByTimeAsync(100);
    expect(gate.busy).toBe(true);
    expect(through).toBe(false);
    b();
    await vi.advanceTimersByTimeAsync(0);
    expect(through).toBe(true);
    expect(gate.clear()).toBeUndefined();
  });

  it('lets background work go after maxWaitMs when a holder never leaves', async () => {
    const gate = new PriorityGate(250);
    gate.enter();
    let through = false;
    void gate.clear()!.then(() => (through = true));
    await vi.advanceTimersByTimeAsync(249);
    expect(through).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(through).toBe(true);
  });
});
