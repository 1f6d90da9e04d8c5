/**
 * Aedes' message emitter (mqemitter 7) delivers at most `concurrency` messages at once and queues
 * the rest; when a delivery completes, its `released` takes the next queued message and calls
 * `_do` on it from inside the completing call. A delivery that completes synchronously (a topic
 * nobody subscribes to, a listener that answers at once) completes inside that `_do`, which calls
 * `released` again: `_do` -> fastparallel -> `released` -> `_do` ..., one level per queued message.
 * A few thousand in-process publishes queued behind busy deliveries (one SOS to every console while
 * reminders and telemetry are published) overflowed the stack and took the whole service down
 * (docs/decisions.md "A burst of pushes cannot crash the broker").
 *
 * `drainIteratively` makes a `_do` called while another runs wait in a FIFO that the outermost call
 * works through in a loop: the same messages, in the same order, each handled when the stack
 * has unwound. It relies on one private method (`_do`) and checks that it is there; the bug belongs
 * upstream (mqemitter's `released`), and this goes once it is fixed there.
 */
interface DrainableEmitter {
  _do(message: unknown, callback: unknown): unknown;
  _doing?: boolean;
}

const PATCHED = Symbol('drainIteratively');

/** Patches `mq` in place; false (unchanged) when it is not the mqemitter this was written for. */
export function drainIteratively(mq: object): boolean {
  const target = mq as DrainableEmitter & { [PATCHED]?: true };
  if (typeof target._do !== 'function') return false;
  if (target[PATCHED]) return true;
  const original = target._do;
  const queue: unknown[] = [];
  let head = 0;
  let draining = false;
  target._do = function (this: DrainableEmitter, message: unknown, callback: unknown) {
    queue.push(message, callback);
    if (draining) {
      // Still delivering in the emitter's view: it must not think its queue went idle.
      this._doing = true;
      return this;
    }
    draining = true;
    try {
      while (head < queue.length) {
        const m = queue[head];
        const c = queue[head + 1];
        queue[head] = queue[head + 1] = undefined;
        head += 2;
        original.call(this, m, c);
      }
    } finally {
      // A listener that threw leaves what is queued to the next call, still in order.
      if (head >= queue.length) {
        queue.length = 0;
        head = 0;
      }
      draining = false;
    }
    return this;
  };
  target[PATCHED] = true;
  return true;
}
