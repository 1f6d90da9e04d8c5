// Fence evaluation (`npm run bench`): 10,000 devices x 1,000 fences (circles and polygons spread
// over a city, every fence watching every device through one group). First the index and the
// point tests alone (fixes judged per second, in memory, against a brute-force scan of every
// fence), then end to end through the evaluator's batch path: stored states read, changes
// upserted and alarm records written on the database, 1,000 fixes per batch. Dwell 0: every
// crossing is a state change at once, as the figures were measured before dwell existed.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { STOCK_STATE } from '../../src/shared/codes';
import { FENCE_SHAPE, insideFence, type LonLat } from '../../src/shared/geo/fence';
import { buildApp } from '../../src/server/app';
import { deviceGroups, devices, fenceGroups, fences, tenants } from '../../src/server/db/schema';
import type { Fix } from '../../src/server/fences/evaluator';
import { freshPostgres } from '../server/helper';
import { QUICK, sized } from './size';
import { pgliteFromTemplate, pgTemplate } from '../server/template-db';

const DEVICES = sized(10_000, 20);
const FENCES = sized(1_000, 10);
const MEMORY_FIXES = sized(QUICK ? 100_000 : 300_000, 1_000);
const E2E_S = sized(QUICK ? 5 : 15, 1);
const BATCH = sized(1_000, 20);
/** Shenzhen, roughly: 60 x 33 km. */
const CITY = { w: 113.8, s: 22.45, e: 114.4, n: 22.75 };
const M_PER_DEG = 111_195;
/** Target >= 30,000 (README): fixes judged and stored end to end per second. */
const TARGET_FIXES_S = 30_000;

const f = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 1 });

/** A deterministic generator, so every run measures the same city. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1_664_525 + 1_013_904_223) >>> 0) / 2 ** 32;
}

function cityFences(rand: () => number) {
  return Array.from({ length: FENCES }, (_, i) => {
    const lon = CITY.w + rand() * (CITY.e - CITY.w);
    const lat = CITY.s + rand() * (CITY.n - CITY.s);
    const r = 50 + rand() * 450;
    if (i % 2 === 0)
      return {
        name: `bench circle ${i}`,
        type: i % 4 === 0 ? 0 : 1,
        shape: FENCE_SHAPE.circle,
        radius: r,
        longitude: lon,
        latitude: lat,
        points: null,
      };
    // A star-ish polygon of 4-12 vertices around the centre: concave as often as not.
    const n = 4 + Math.floor(rand() * 9);
    const points: LonLat[] = Array.from({ length: n }, (_, k) => {
      const a = (2 * Math.PI * k) / n;
      const rr = r * (0.5 + rand() * 0.5);
      return [
        lon + (rr * Math.cos(a)) / (M_PER_DEG * Math.cos((lat * Math.PI) / 180)),
        lat + (rr * Math.sin(a)) / M_PER_DEG,
      ];
    });
    return {
      name: `bench polygon ${i}`,
      type: i % 4 === 1 ? 0 : 1,
      shape: FENCE_SHAPE.polygon,
      radius: null,
      longitude: lon,
      latitude: lat,
      points,
    };
  });
}

async function seed(app: FastifyInstance) {
  const [site] = await app.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, 'Demo Site'));
  const tenantId = site!.id;
  const [group] = await app.db
    .insert(deviceGroups)
    .values({ tenantId, name: 'bench fleet' })
    .returning({ id: deviceGroups.id });
  const ids: { id: number; imei: string }[] = [];
  for (let i = 0; i < DEVICES; i += 1000) {
    const rows = Array.from({ length: Math.min(1000, DEVICES - i) }, (_, k) => ({
      tenantId,
      imei: `88${String(i + k).padStart(13, '0')}`,
      kind: 'watch',
      name: `bench ${i + k}`,
      state: 1,
      stockState: STOCK_STATE.bound,
      groupId: group!.id,
    }));
    ids.push(...(await app.db.insert(devices).values(rows).returning({ id: devices.id, imei: devices.imei })));
  }
  const rand = rng(42);
  const made = await app.db
    .insert(fences)
    .values(cityFences(rand).map((x) => ({ tenantId, ...x })))
    .returning({ id: fences.id });
  await app.db.insert(fenceGroups).values(made.map((m) => ({ fenceId: m.id, groupId: group!.id })));
  return { tenantId, fleet: ids };
}

/** Each device somewhere in the city; every call moves each a random step of up to `stepM`. */
function walkers(n: number, rand: () => number) {
  const pos: LonLat[] = Array.from({ length: n }, () => [
    CITY.w + rand() * (CITY.e - CITY.w),
    CITY.s + rand() * (CITY.n - CITY.s),
  ]);
  return (i: number, stepM: number): LonLat => {
    const p = pos[i]!;
    p[0] = Math.min(CITY.e, Math.max(CITY.w, p[0] + ((rand() - 0.5) * 2 * stepM) / 102_700));
    p[1] = Math.min(CITY.n, Math.max(CITY.s, p[1] + ((rand() - 0.5) * 2 * stepM) / M_PER_DEG));
    return [p[0], p[1]];
  };
}

async function benchOn(db: 'pglite' | 'postgres'): Promise<string[]> {
  const pg = db === 'postgres' ? await freshPostgres(process.env.DATABASE_URL!, pgTemplate()) : undefined;
  const app = await buildApp({
    database: pg ? undefined : await pgliteFromTemplate(),
    config: {
      memoryDb: !pg,
      databaseUrl: pg?.url,
      mqttPort: 0,
      mqttUrl: undefined,
      argon2: { memoryCost: 1024, timeCost: 1 },
      fenceDwellS: 0,
    },
    logger: false,
    env: {},
  });
  const lines: string[] = [];
  try {
    const { tenantId, fleet } = await seed(app);
    const t0 = performance.now();
    await app.fenceIndex.reload();
    const buildMs = performance.now() - t0;
    const rand = rng(7);
    const move = walkers(DEVICES, rand);
    const fix = (k: number, stepM: number): Fix => {
      const i = k % DEVICES;
      return {
        device: { id: fleet[i]!.id, tenantId, imei: fleet[i]!.imei },
        p: move(i, stepM),
        marginM: 5 + (k % 3) * 10,
        ts: Date.now(),
      };
    };

    if (db === 'pglite') {
      // Index and point tests alone: judged against no stored state (nothing is written here).
      const sample = Array.from({ length: MEMORY_FIXES }, (_, k) => fix(k, 2_000));
      const judge = (batch: Fix[]) => app.fenceEvaluator.judge(batch, new Map());
      judge(sample.slice(0, 20_000));
      const m0 = performance.now();
      let inside = 0;
      for (let i = 0; i < sample.length; i += BATCH) inside += judge(sample.slice(i, i + BATCH)).length;
      const memMs = performance.now() - m0;
      const all = app.fenceIndex.list(tenantId);
      const brute = sample.slice(0, 20_000);
      const b0 = performance.now();
      let bruteInside = 0;
      for (const x of brute) for (const fe of all) if (insideFence(fe, x.p)) bruteInside++;
      const bruteMs = performance.now() - b0;
      lines.push(
        `Fences: ${f(DEVICES)} devices x ${f(FENCES)} fences (circles and polygons over a 60 x 33 km city, all watching all devices); index built in ${f(buildMs)} ms`,
        `  index + point tests: ${f(MEMORY_FIXES / (memMs / 1000))} fixes/s (${f(sample.length)} fixes, ${f(inside / sample.length)} containing fences per fix); ` +
          `scanning every fence instead: ${f(brute.length / (bruteMs / 1000))} fixes/s (${f(bruteInside)} inside in ${f(brute.length)})`,
      );
    }

    // End to end through the batch path: each fix walks up to 300 m, so fences are crossed all the time.
    let k = 0;
    let fixes = 0;
    const before = { ...app.fenceEvaluator.stats };
    const e0 = performance.now();
    while (performance.now() - e0 < E2E_S * 1000) {
      const batch = Array.from({ length: BATCH }, () => fix(k++, 300));
      await app.fenceEvaluator.evaluate(batch);
      fixes += batch.length;
    }
    const s = (performance.now() - e0) / 1000;
    const { stats } = app.fenceEvaluator;
    lines.push(
      `  end to end on ${db} (states read, changes upserted, alarm records stored; batches of ${f(BATCH)}): ${f(fixes / s)} fixes/s over ${f(s)} s, ` +
        `${f((stats.transitions - before.transitions) / s)} state changes/s, ${f((stats.alarms - before.alarms) / s)} alarms/s ` +
        `(target >= ${f(TARGET_FIXES_S)} fixes/s) ${fixes / s >= TARGET_FIXES_S ? 'ok' : 'MISSED'}`,
    );
  } finally {
    await app.close();
    await pg?.drop();
  }
  return lines;
}

export async function benchFences(): Promise<string[]> {
  const lines = await benchOn('pglite');
  if (process.env.DATABASE_URL) lines.push(...(await benchOn('postgres')));
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await benchFences()) console.log(line);
}
