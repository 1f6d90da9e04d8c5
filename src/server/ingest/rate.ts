/**
 * A token bucket per device: `perS` messages a second sustained, `burst` at once. A device over
 * it loses those messages (counted), not the others' share of the ingest. Urgent messages pass
 * regardless (the caller decides); they still spend tokens.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly perS: number,
    private readonly burst: number,
  ) {}

  /** Spends a token of `key` at time `now` (ms); false when it has none. */
  take(key: string, now: number): boolean {
    if (this.perS <= 0) return true;
    let b = this.buckets.get(key);
    if (!b) {
      b = { tokens: this.burst, at: now };
      this.buckets.set(key, b);
    }
    b.tokens = Math.min(this.burst, b.tokens + ((now - b.at) / 1000) * this.perS);
    b.at = now;
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }

  /** Drops buckets that have refilled (they hold nothing a new one would not). */
  forget(now: number): void {
    for (const [key, b] of this.buckets)
      if (b.tokens + ((now - b.at) / 1000) * this.perS >= this.burst) this.buckets.delete(key);
  }
}
