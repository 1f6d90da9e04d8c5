/**
 * Per-tenant pending state published at most once per interval: the first change after a quiet
 * spell arms one timer, every change until it fires joins the tenant's batch, and the flush hands
 * each tenant's batch to `publish`. The live positions (9020) and dashboard notices (9040) use it.
 */
export class TenantCoalescer<B> {
  private pending = new Map<number, B>();
  private timer: NodeJS.Timeout | undefined;
  private lastAt = 0;

  constructor(
    private readonly opts: {
      now: () => number;
      intervalMs: number;
      /** A new, empty batch. */
      empty: () => B;
      publish: (tenantId: number, batch: B, at: number) => void;
    },
  ) {}

  /** The tenant's batch waiting for the next flush, if any. */
  peek(tenantId: number): B | undefined {
    return this.pending.get(tenantId);
  }

  /** Adds to the tenant's batch (`add` changes it in place) and arms the flush. */
  add(tenantId: number, add: (batch: B) => void): void {
    let batch = this.pending.get(tenantId);
    if (!batch) this.pending.set(tenantId, (batch = this.opts.empty()));
    add(batch);
    if (this.timer) return;
    this.timer = setTimeout(() => this.flush(), Math.max(0, this.lastAt + this.opts.intervalMs - this.opts.now()));
    this.timer.unref();
  }

  /** Publishes everything pending now (the timer calls it; tests may too). */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.lastAt = this.opts.now();
    const pending = this.pending;
    this.pending = new Map();
    for (const [tenantId, batch] of pending) this.opts.publish(tenantId, batch, this.lastAt);
  }

  /** Drops what is pending and the timer. */
  clear(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.pending.clear();
  }
}
