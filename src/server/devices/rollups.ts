import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { RollupPoint, RollupSeries } from '../../shared/devices/api';
import {
  COARSER_GRAIN,
  GRAIN_MS,
  grainFor,
  ROLLUP_GRAIN,
  ROLLUP_MAX_POINTS,
  type RollupGrain,
} from '../../shared/rollups';
import type { Db } from '../db/driver';
import { readingRollups } from '../db/schema';

const GRAIN_OF = Object.fromEntries(Object.entries(ROLLUP_GRAIN).map(([name, code]) => [code, name])) as Record<
  number,
  RollupGrain
>;

/**
 * One metric of some devices in rollup buckets over [from, to] (never raw readings), per device id.
 *
 * With `grain` the answer is that grain only. Without, the service picks the finest grain that
 * keeps the window under ROLLUP_MAX_POINTS, and the part of the window before that grain's first
 * bucket is filled from the next coarser grain: minute rollups are kept only as long as the raw
 * readings (RETENTION_DAYS) and start when a device first reported, so a 24-hour chart shows the
 * hours before them instead of a sliver at its right edge. A series' `grain` is that of its newest
 * bucket.
 */
export async function rollupSeries(
  db: Db,
  deviceIds: readonly number[],
  metric: string,
  from: Date,
  to: Date,
  grain?: RollupGrain,
): Promise<Map<number, RollupSeries>> {
  const fine = grain ?? grainFor(from.getTime(), to.getTime());
  const coarse = grain ? undefined : COARSER_GRAIN[fine];
  const out = new Map<number, RollupSeries>(deviceIds.map((id) => [id, { grain: fine, points: [] }]));
  if (deviceIds.length === 0) return out;
  const r = readingRollups;
  const grains = coarse ? [ROLLUP_GRAIN[fine], ROLLUP_GRAIN[coarse]] : [ROLLUP_GRAIN[fine]];
  const rows = await db
    .select({ id: r.deviceId, grain: r.grain, t: r.bucket, n: r.n, sum: r.sum, min: r.min, max: r.max })
    .from(r)
    .where(
      and(
        inArray(r.deviceId, [...deviceIds]),
        eq(r.metric, metric),
        inArray(r.grain, grains),
        gte(r.bucket, from),
        lte(r.bucket, to),
      ),
    )
    .orderBy(asc(r.deviceId), asc(r.grain), asc(r.bucket))
    .limit(ROLLUP_MAX_POINTS * grains.length * deviceIds.length);
  const byGrain = new Map<string, RollupPoint[]>();
  for (const p of rows) {
    const key = `${p.id}:${GRAIN_OF[p.grain]}`;
    const list = byGrain.get(key) ?? byGrain.set(key, []).get(key)!;
    list.push({ t: p.t.toISOString(), n: p.n, avg: p.sum / p.n, min: p.min, max: p.max });
  }
  for (const id of deviceIds) {
    const fines = (byGrain.get(`${id}:${fine}`) ?? []).slice(0, ROLLUP_MAX_POINTS);
    const firstFine = fines.length ? Date.parse(fines[0]!.t) : Infinity;
    // Only coarse buckets that end before the first fine one: a bucket holding both would count twice.
    const before = coarse
      ? (byGrain.get(`${id}:${coarse}`) ?? []).filter((p) => Date.parse(p.t) + GRAIN_MS[coarse] <= firstFine)
      : [];
    out.set(id, { grain: fines.length || !before.length ? fine : coarse!, points: [...before, ...fines] });
  }
  return out;
}
