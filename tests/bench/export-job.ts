import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app';
import { tenants } from '../../src/server/db/schema';
import { DEVICE_KINDS } from '../../src/shared/devices/kinds';
import { JOB_STATE, type Job } from '../../src/shared/jobs';
import { freshPostgres } from '../server/helper';
import { benchFailed, sized } from './size';
import { pgliteFromTemplate, pgTemplate } from '../server/template-db';

const ROWS = sized(100_000, 200);
const BATCH = 20_000;

/**
 * An export of 100,000 devices as a background job (CSV and XLSX): time from the request to the
 * finished file, the progress steps the user saw, and the service's peak memory (RSS and heap,
 * sampled every 50 ms) while it ran. PostgreSQL when DATABASE_URL is set, else PGlite.
 */
export async function benchExportJob(): Promise<string[]> {
  const pg = process.env.DATABASE_URL ? await freshPostgres(process.env.DATABASE_URL, pgTemplate()) : undefined;
  const db = pg ? 'postgres' : 'pglite';
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-export-'));
  const app = await buildApp({
    database: pg ? undefined : await pgliteFromTemplate(),
    config: {
      memoryDb: !pg,
      databaseUrl: pg?.url,
      dataDir,
      mqttPort: 0,
      mqttUrl: undefined,
      argon2: { memoryCost: 1024, timeCost: 1 },
    },
    logger: false,
    env: {},
  });
  const lines: string[] = [];
  try {
    const [site] = await app.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, 'Demo Site'));
    const kinds = sql.raw(`array[${DEVICE_KINDS.map((k) => `'${k}'`).join(',')}]`);
    for (let start = 0; start < ROWS; start += BATCH) {
      const end = Math.min(ROWS, start + BATCH) - 1;
      await app.db.execute(sql`
        insert into devices (tenant_id, imei, name, kind, state, stock_state, battery, last_communication_at)
        select ${site!.id}, '87' || lpad(i::text, 13, '0'), 'Bench device ' || i, (${kinds})[1 + i % ${DEVICE_KINDS.length}], i % 4, 5, i % 101,
          timestamptz '2026-01-01' + make_interval(secs => i % 86400)
        from generate_series(${start}::int, ${end}::int) i`);
    }
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/auth/login',
      payload: { username: 'demo', password: 'demo123', language: 'CN' },
    });
    const headers = { authorization: String(login.headers.authorization) };
    for (const format of ['csv', 'xlsx'] as const) {
      global.gc?.();
      const base = process.memoryUsage();
      let peakRss = base.rss;
      let peakHeap = base.heapUsed;
      const sampler = setInterval(() => {
        const m = process.memoryUsage();
        peakRss = Math.max(peakRss, m.rss);
        peakHeap = Math.max(peakHeap, m.heapUsed);
      }, 50);
      const steps = new Set<number>();
      const onJob = ({ job }: { job: Job }) => steps.add(job.progress);
      app.events.on('job.changed', onJob);
      const t0 = performance.now();
      const queued = (
        await app.inject({ method: 'POST', url: '/api/device/device/exportJob', payload: { format }, headers })
      ).json() as { data: Job };
      let job = queued.data;
      while (job.state < JOB_STATE.done) {
        await new Promise((r) => setTimeout(r, 100));
        job = (
          (await app.inject({ method: 'POST', url: '/api/user/job/get', payload: { id: job.id }, headers })).json() as {
            data: Job;
          }
        ).data;
      }
      const ms = performance.now() - t0;
      clearInterval(sampler);
      app.events.off('job.changed', onJob);
      const mb = (n: number) => (n / 1024 / 1024).toFixed(0);
      const expected = ROWS + (await demoDevices(app, site!.id));
      lines.push(
        `Export job on ${db}, ${job.rows} devices as ${format.toUpperCase()}: ${(ms / 1000).toFixed(1)} s, ${mb(job.bytes ?? 0)} MB file, ` +
          `${steps.size} progress steps pushed, peak RSS ${mb(peakRss)} MB (+${mb(peakRss - base.rss)}), peak heap ${mb(peakHeap)} MB (+${mb(peakHeap - base.heapUsed)})`,
      );
      if (job.state !== JOB_STATE.done || job.rows !== expected) {
        lines.push(
          benchFailed(
            `Export job as ${format.toUpperCase()}`,
            new Error(`it ended in state ${job.state} with ${job.rows} of ${expected} rows`),
          ),
        );
      }
    }
  } finally {
    await app.close();
    await pg?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return lines;
}

async function demoDevices(app: Awaited<ReturnType<typeof buildApp>>, tenantId: number): Promise<number> {
  const res = await app.db.execute(
    sql`select count(*)::int as n from devices where tenant_id = ${tenantId} and imei not like '87%'`,
  );
  const rows = (Array.isArray(res) ? res : (res as { rows: { n: number }[] }).rows) as { n: number }[];
  return rows[0]!.n;
}
