import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app';
import { devices, tenants } from '../../src/server/db/schema';
import { MAX_TRACK_POINTS, TRACK_DRAW_TARGET, simplifyTrack, type TrackColumns } from '../../src/shared/geo/track';
import { freshPostgres } from '../server/helper';
import { percentiles } from './login';
import { sized } from './size';
import { pgliteFromTemplate, pgTemplate } from '../server/template-db';

const POINTS = sized(MAX_TRACK_POINTS, 500);
const CALLS = sized(10, 1);
const BASE = Date.UTC(2026, 0, 1);
/** Target p95 < 300 ms (README): the whole answer of 100,000 points, on PGlite and on PostgreSQL. */
const TARGET_P95_MS = 300;

/**
 * `POST /api/device/track` for one device with 100,000 positions in the range (through
 * app.inject, the JSON parsed as the console would), and the Douglas-Peucker simplification of
 * that answer to the drawn line. On PGlite, and on PostgreSQL too when DATABASE_URL is set.
 */
export async function benchTrack(): Promise<string[]> {
  const lines = await benchTrackOn('pglite');
  if (process.env.DATABASE_URL) lines.push(...(await benchTrackOn('postgres')));
  return lines;
}

async function benchTrackOn(db: 'pglite' | 'postgres'): Promise<string[]> {
  const pg = db === 'postgres' ? await freshPostgres(process.env.DATABASE_URL!, pgTemplate()) : undefined;
  const app = await buildApp({
    database: pg ? undefined : await pgliteFromTemplate(),
    config: {
      memoryDb: !pg,
      databaseUrl: pg?.url,
      mqttPort: 0,
      mqttUrl: undefined,
      argon2: { memoryCost: 1024, timeCost: 1 },
    },
    logger: false,
    env: {},
  });
  try {
    const [site] = await app.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, 'Demo Site'));
    const [device] = await app.db
      .insert(devices)
      .values({ tenantId: site!.id, imei: '880000000000001', name: 'Bench walker', kind: 'watch' })
      .returning({ id: devices.id });
    // A walk with turns, a fix a second for 27.8 hours, written by one statement.
    await app.db.execute(sql`
      insert into device_locations (device_id, tenant_id, ts, lat, lon, speed, source)
      select ${device!.id}, ${site!.id}, to_timestamp((${BASE}::float8 + g * 1000) / 1000),
        22.54 + sin(g / 900.0) * 2e-3 + g * 1e-8, 114.06 + cos(g / 1300.0) * 2e-3, 4 + (g % 5), 'gps'
      from generate_series(0, ${POINTS - 1}) g`);
    await app.db.execute('analyze device_locations');
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/auth/login',
      payload: { username: 'demo', password: 'demo123', language: 'CN' },
    });
    const token = String(login.headers.authorization);
    const body = {
      imei: '880000000000001',
      from: new Date(BASE).toISOString(),
      to: new Date(BASE + 2 * 86_400_000).toISOString(),
    };
    let track: TrackColumns | null = null;
    const once = async () => {
      const s = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/device/track',
        payload: body,
        headers: { authorization: token },
      });
      const json = res.json() as { code: number; data: TrackColumns };
      const ms = performance.now() - s;
      if (json.code !== 0 || json.data.t.length !== POINTS)
        throw new Error(`device/track failed: ${res.body.slice(0, 200)}`);
      track = json.data;
      return { ms, bytes: res.rawPayload.length };
    };
    await once();
    const answers = [];
    for (let i = 0; i < CALLS; i++) answers.push(await once());
    const p = percentiles(answers.map((a) => a.ms));
    const simplifyMs: number[] = [];
    let kept = 0;
    for (let i = 0; i < CALLS; i++) {
      const s = performance.now();
      kept = simplifyTrack(track!, { target: TRACK_DRAW_TARGET }).length;
      simplifyMs.push(performance.now() - s);
    }
    const sp = percentiles(simplifyMs);
    return [
      `Track on ${db}, ${POINTS.toLocaleString('en')} points (${(answers[0]!.bytes / 1024 / 1024).toFixed(1)} MB JSON), device/track ${p.n} calls: ` +
        `p50 ${p.p50.toFixed(0)} ms, p95 ${p.p95.toFixed(0)} ms, max ${p.max.toFixed(0)} ms (target p95 < ${TARGET_P95_MS} ms) ${p.p95 < TARGET_P95_MS ? 'ok' : 'MISSED'}`,
      `Track simplification (Douglas-Peucker, target ${TRACK_DRAW_TARGET.toLocaleString('en')}): ${POINTS.toLocaleString('en')} -> ${kept.toLocaleString('en')} points, ` +
        `p50 ${sp.p50.toFixed(1)} ms, max ${sp.max.toFixed(1)} ms`,
    ];
  } finally {
    await app.close();
    await pg?.drop();
  }
}
