import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app';
import { tenants } from '../../src/server/db/schema';
import { DEVICE_KINDS } from '../../src/shared/devices/kinds';
import { freshPostgres } from '../server/helper';
import { percentiles } from './login';
import { sized } from './size';
import { pgliteFromTemplate, pgTemplate } from '../server/template-db';

const ROWS = sized(100_000, 200);
const BATCH = 20_000;
const CALLS = sized(200, 1);
const WARM_UP = sized(10, 1);
const TARGET_MS = 30;

/**
 * Device list latency over 100,000 devices of one tenant through app.inject: page 20 sorted by
 * last communication, with a state filter, a kind filter and an IMEI fragment, mixed pages.
 * Runs on PostgreSQL when DATABASE_URL is set (target p95 < 30 ms), else on PGlite.
 */
export async function benchDeviceList(): Promise<string[]> {
  const pg = process.env.DATABASE_URL ? await freshPostgres(process.env.DATABASE_URL, pgTemplate()) : undefined;
  const db = pg ? 'postgres' : 'pglite';
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
    const t0 = performance.now();
    // One statement per batch, generated in the database: the same data on PGlite and PostgreSQL.
    const kinds = sql.raw(`array[${DEVICE_KINDS.map((k) => `'${k}'`).join(',')}]`);
    for (let start = 0; start < ROWS; start += BATCH) {
      const end = Math.min(ROWS, start + BATCH) - 1;
      await app.db.execute(sql`
        insert into devices (tenant_id, imei, name, kind, state, stock_state, battery, last_communication_at)
        select ${site!.id}, '87' || lpad(i::text, 13, '0'), 'Bench device ' || i,
          (${kinds})[1 + x % ${DEVICE_KINDS.length}],
          -- Mostly online or offline, some never activated or abnormal; independent of the kind.
          (array[1, 1, 1, 0, 0, 0, 2, 3])[1 + (x / 12) % 8], 5, x % 101,
          timestamptz '2026-01-01' + make_interval(secs => x % 86400)
        from (select i, (i::bigint * 2654435761) % 1000003 as x from generate_series(${start}::int, ${end}::int) i) g`);
    }
    const seedMs = performance.now() - t0;
    await app.db.execute('analyze devices');
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/auth/login',
      payload: { username: 'demo', password: 'demo123', language: 'CN' },
    });
    const token = String(login.headers.authorization);
    const likes = ['0012', '8700000000', '999', '0000045', '1234'];
    let rows = 0;
    const once = async (i: number) => {
      const body = {
        page: 1 + ((i * 7) % 10),
        size: 20,
        sort: [{ field: 'lastCommunicationAt', order: i % 2 ? 'asc' : 'desc' }],
        filters: {
          state: i % 3 === 0 ? 0 : 1,
          kind: DEVICE_KINDS[i % DEVICE_KINDS.length],
          imei: likes[i % likes.length],
        },
      };
      const s = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/device/device/list',
        payload: body,
        headers: { authorization: token },
      });
      const ms = performance.now() - s;
      const json = res.json() as { code: number; data: { rows: unknown[]; total: number } };
      if (json.code !== 0) throw new Error(`device list failed: ${res.body}`);
      rows += json.data.rows.length;
      return ms;
    };
    for (let i = 0; i < WARM_UP; i++) await once(i);
    const samples: number[] = [];
    for (let i = 0; i < CALLS; i++) samples.push(await once(i));
    const p = percentiles(samples);
    const ok = db !== 'postgres' || p.p95 < TARGET_MS;
    return [
      `Device list on ${db}, ${ROWS.toLocaleString('en')} devices (seeded in ${(seedMs / 1000).toFixed(1)} s), page 20 sorted by last communication, ` +
        `state + kind + IMEI-like filter, ${p.n} calls (${(rows / (CALLS + WARM_UP)).toFixed(1)} rows/page avg): ` +
        `p50 ${p.p50.toFixed(1)} ms, p95 ${p.p95.toFixed(1)} ms, max ${p.max.toFixed(1)} ms` +
        (db === 'postgres' ? ` (target p95 < ${TARGET_MS} ms) ${ok ? 'ok' : 'MISSED'}` : ''),
    ];
  } finally {
    await app.close();
    await pg?.drop();
  }
}
