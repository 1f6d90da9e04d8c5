// How big the benches run, one switch for all of them (README, "Performance"):
// - `npm run bench`: full sizes, the figures the targets are written for;
// - BENCH_QUICK=1: full sizes, shorter measuring windows and fewer samples;
// - BENCH_SMOKE=1 (`npm run bench:smoke`, part of `npm test`): every bench at tiny sizes (a few
//   devices and rows, one call, one browser load, windows of a second), to prove each still runs
//   end to end. Its figures mean nothing: targets do not fail the run there, an exception does.
// A bench's own variable (BENCH_LIST_ROWS, MEDIA_CALLS ...) still wins over both.

export const SMOKE = process.env.BENCH_SMOKE === '1';
export const QUICK = SMOKE || process.env.BENCH_QUICK === '1';

/** `full`, or `smoke` under BENCH_SMOKE=1; the environment variable `env`, when set, overrides both. */
export function sized(full: number, smoke: number, env?: string): number {
  const set = env ? process.env[env]?.trim() : undefined;
  if (set) {
    const n = Number(set);
    if (!Number.isFinite(n)) throw new Error(`${env}=${set} is not a number`);
    return n;
  }
  return SMOKE ? smoke : full;
}

/**
 * A bench that could not finish: in a full run one line saying why, so the figures of the other
 * benches still print; under BENCH_SMOKE=1 the error itself, so that `npm test` fails on it.
 */
export function benchFailed(what: string, err: unknown): string {
  if (SMOKE) throw err;
  return `${what}: failed (${err instanceof Error ? err.message.split('\n')[0] : String(err)})`;
}
