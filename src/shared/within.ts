/**
 * `work`'s answer, or `late()` once `ms` have passed without one (the timer ends with the race).
 * For answers that must come in time whatever hangs behind them: health (docs/reliability.md),
 * and a phone notification that must not wait on the worker's store (sw/phone-push.ts). The
 * timer is typed by the `setTimeout` of where it runs (Node's on the service, the worker's there).
 */
export function within<T, L>(work: Promise<T>, ms: number, late: () => L): Promise<T | L> {
  let stop = () => {};
  const expired = new Promise<L>((resolve) => {
    const timer = setTimeout(() => resolve(late()), ms);
    stop = () => clearTimeout(timer);
  });
  return Promise.race([work, expired]).finally(() => stop());
}
