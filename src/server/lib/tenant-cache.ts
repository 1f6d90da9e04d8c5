import type { Clock } from './clock';

interface Entry<T> {
  at: number;
  value: Promise<T>;
  /** The value once the load settled (peek). */
  settled?: { value: T };
  refreshing?: boolean;
}

/**
 * One value per tenant, read through with a lifetime: a burst of callers costs one load per
 * tenant per lifetime. Concurrent misses share one load; a failed load is not kept. An entry past
 * 80 % of its lifetime is reloaded in the background while it still answers, so a steady stream of
 * callers (alarms) never waits for that load behind the ingest's writes.
 */
export class TenantCache<T> {
  private entries = new Map<number, Entry<T>>();

  constructor(
    private readonly loader: (tenantId: number) => Promise<T>,
    private readonly clock: Clock,
    private readonly ttlMs: number,
  ) {}

  get(tenantId: number): Promise<T> {
    const now = this.clock.now();
    const hit = this.entries.get(tenantId);
    if (hit && now - hit.at < this.ttlMs) {
      if (!hit.refreshing && now - hit.at >= this.ttlMs * 0.8) this.refreshAhead(tenantId, hit);
      return hit.value;
    }
    const entry: Entry<T> = { at: now, value: this.loader(tenantId) };
    this.entries.set(tenantId, entry);
    entry.value.then(
      (value) => (entry.settled = { value }),
      () => {
        if (this.entries.get(tenantId) === entry) this.entries.delete(tenantId);
      },
    );
    return entry.value;
  }

  /**
   * The tenant's value without waiting: undefined when none was loaded, it is still loading or its
   * lifetime is over (a caller that must know then calls get()).
   */
  peek(tenantId: number): T | undefined {
    const hit = this.entries.get(tenantId);
    if (!hit?.settled || this.clock.now() - hit.at >= this.ttlMs) return undefined;
    return hit.settled.value;
  }

  /** Forgets one tenant's value, or every tenant's. */
  invalidate(tenantId?: number): void {
    if (tenantId === undefined) this.entries.clear();
    else this.entries.delete(tenantId);
  }

  private refreshAhead(tenantId: number, hit: Entry<T>): void {
    hit.refreshing = true;
    const at = this.clock.now();
    this.loader(tenantId).then(
      (value) => {
        // An invalidation or a newer load since then wins.
        if (this.entries.get(tenantId) === hit)
          this.entries.set(tenantId, { at, value: Promise.resolve(value), settled: { value } });
      },
      () => {
        hit.refreshing = false;
      },
    );
  }
}
