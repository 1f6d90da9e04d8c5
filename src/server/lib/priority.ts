/**
 * Urgent work's turn at the database. While an SOS, a fall, a fire button or a door call is being
 * stored, raised and pushed, background writers (the ingest's bulk batches, the rollup roll-up,
 * the fence evaluator) wait before starting their next statement: on PGlite statements run one
 * at a time, so each one started meanwhile would be one more for the urgent work to wait behind.
 * A wait ends when the urgent work does, or after `maxWaitMs` at most, so a holder that never
 * lets go cannot stop the background work.
 */
export class PriorityGate {
  private held = 0;
  private waiters = new Set<() => void>();

  /** The longest a background writer waits (tests lengthen it). */
  constructor(public maxWaitMs = 250) {}

  /** Urgent work in progress. */
  get busy(): boolean {
    return this.held > 0;
  }

  /** Marks urgent work begun; the returned function marks it ended (once, however often called). */
  enter(): () => void {
    this.held++;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.held--;
      if (this.held === 0) for (const wake of [...this.waiters]) wake();
    };
  }

  /** Undefined when no urgent work is in progress; else settles when it ends (or after maxWaitMs). */
  clear(): Promise<void> | undefined {
    if (this.held === 0) return undefined;
    return new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, this.maxWaitMs);
      this.waiters.add(wake);
    });
  }
}
