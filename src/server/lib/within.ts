/**
 * `work`'s answer, or `late()` once `ms` have passed without one (the timer ends with the race).
 * For answers that must come in time whatever hangs behind them (health, docs/reliability.md).
 */
export function within<T, L>(work: Promise<T>, ms: number, late: () => L): Promise<T | L> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<L>((resolve) => (timer = setTimeout(() => resolve(late()), ms)));
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}
