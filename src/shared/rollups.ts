/** Rollup grains of device readings (the reading_rollups table), with the date_trunc unit of each. */
export const ROLLUP_GRAIN = { minute: 1, hour: 2, day: 3 } as const;
export type RollupGrain = keyof typeof ROLLUP_GRAIN;
export const ROLLUP_GRAINS = Object.keys(ROLLUP_GRAIN) as RollupGrain[];
