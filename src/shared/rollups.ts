/** Rollup grains of device readings (the reading_rollups table), with the date_trunc unit of each. */
export const ROLLUP_GRAIN = { minute: 1, hour: 2, day: 3 } as const;
export type RollupGrain = keyof typeof ROLLUP_GRAIN;
export const ROLLUP_GRAINS = Object.keys(ROLLUP_GRAIN) as RollupGrain[];

export const GRAIN_MS: Record<RollupGrain, number> = { minute: 60_000, hour: 3_600_000, day: 86_400_000 };
/** At most this many buckets per answer: a chart's width in points. */
export const ROLLUP_MAX_POINTS = 1_500;

/** The next coarser grain, whose buckets fill the part of a window the finer grain has no data for. */
export const COARSER_GRAIN: Record<RollupGrain, RollupGrain | undefined> = {
  minute: 'hour',
  hour: 'day',
  day: undefined,
};

/** The finest grain whose buckets over [from, to) stay within ROLLUP_MAX_POINTS. */
export function grainFor(fromMs: number, toMs: number): RollupGrain {
  return ROLLUP_GRAINS.find((g) => (toMs - fromMs) / GRAIN_MS[g] <= ROLLUP_MAX_POINTS) ?? 'day';
}
