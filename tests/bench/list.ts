import { eq } from 'drizzle-orm';
import { buildApp } from '../../src/server/app';
import { tenants, users } from '../../src/server/db/schema';
import { freshPostgres } from '../server/helper';
import { percentiles, type Percentiles } from './login';
import { sized } from './size';
import { pgliteFromTemplate, pgTemplate } from '../server/template-db';

const ROWS = sized(100_000, 200);
const BATCH = 2_000;
const CALLS = sized(200, 1);
const WARM_UP = sized(10, 1);
const FIRST = ['Wang', 'Li', 'Zhang', 'Liu', 'Chen', 'Yang', 'Zhao', 'Huang', 'Zhou', 'Wu'];

/** Deterministic pseudo-random names so runs compare. */
function nameOf(i: number): string {
  const x = (i * 2654435761) % 1_000_003;
  return `${FIRST[x % FIRST.length]} ${String(x).padStart(7, '0')}`;
}

export async function measure(
  db: 'pglite' | 'postgres',
): Promise<Percentiles & { db: string; seedMs: number; rows: number }> {
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
    const t0 = performance.now();
    for (let start = 0; start < ROWS; start += BATCH) {
      const batch = Array.from({ length: Math.min(BATCH, ROWS - start) }, (_, k) => {
        const i = start + k;
        return {
          tenantId: site!.id,
          username: `bench${i}`,
          name: nameOf(i),
          passwordHash: '',
          status: i % 10 === 0 ? 0 : 1,
          gender: i % 3,
        };
      });
      await app.db.insert(users).values(batch);
    }
    const seedMs = performance.now() - t0;
    if (pg) await app.db.execute('analyze users');
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/auth/login',
      payload: { username: 'demo', password: 'demo123', language: 'CN' },
    });
    const token = String(login.headers.authorization);
    // What people type into a name filter: a surname (a tenth of all rows) or a more specific fragment.
    const likes = ['wang', 'zhao 00', '0012', 'chen 01', 'li 000'];
    const once = async (i: number) => {
      const body = {
        page: 1 + ((i * 7) % 40),
        size: 20,
        sort: [{ field: 'name', order: i % 2 ? 'asc' : 'desc' }],
        filters: { name: likes[i % likes.length], status: i % 4 === 0 ? 0 : 1 },
      };
      const s = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/user/user/list',
        payload: body,
        headers: { authorization: token },
      });
      const ms = performance.now() - s;
      const json = res.json() as { code: number; data: { rows: unknown[]; total: number } };
      if (json.code !== 0) throw new Error(`list failed: ${res.body}`);
      return ms;
    };
    for (let i = 0; i < WARM_UP; i++) await once(i);
    const samples: number[] = [];
    for (let i = 0; i < CALLS; i++) samples.push(await once(i));
    return { ...percentiles(samples), db, seedMs, rows: ROWS };
  } finally {
    await app.close();
    await pg?.drop();
  }
}

/**
 * User list latency over 100,000 rows of one tenant through app.inject: page 20, sorted by
 * name, a like filter and a status filter, mixed pages. PGlite always, PostgreSQL when
 * DATABASE_URL is set (target p95 < 30 ms there).
 */
export async function listLatency(): Promise<(Percentiles & { db: string; seedMs: number; rows: number })[]> {
  const out = [await measure('pglite')];
  if (process.env.DATABASE_URL) out.push(await measure('postgres'));
  return out;
}
