import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tablesDue, vacuumDue } from '../../src/server/db/autovacuum';
import { buildTestApp, type TestApp } from './helper';

type Stat = { analyzed: boolean; vacuumed: boolean };

async function stat(t: TestApp, table: string): Promise<Stat> {
  const res = (await t.app.db.execute(
    sql`select (coalesce(last_analyze, last_autoanalyze) is not null) as analyzed, (coalesce(last_vacuum, last_autovacuum) is not null) as vacuumed from pg_stat_user_tables where relname = ${table}`,
  )) as unknown as { rows?: Stat[] } | Stat[];
  return (Array.isArray(res) ? res : res.rows!)[0]!;
}

// PGlite has no autovacuum worker; the housekeeping stand-in applies PostgreSQL's thresholds.
describe.skipIf(!!process.env.DATABASE_URL)('PGlite vacuum and analyze', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.db.execute(sql`vacuum (analyze)`);
  });
  afterAll(() => t.close());

  it('leaves quiet tables alone and vacuums one that changed past the threshold', async () => {
    expect(await tablesDue(t.app.db)).not.toContain('notices');
    const [site] = (await t.app.db.execute(sql`select id from tenants order by id limit 1`).then((r) => (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows))) as { id: number }[];
    await t.app.db.execute(sql`insert into notices (tenant_id, title, content, level) select ${site!.id}, 'n' || i, '', 1 from generate_series(1, 500) i`);
    expect(await tablesDue(t.app.db)).toContain('notices');
    expect(await vacuumDue(t.app.db)).toContain('notices');
    expect(await stat(t, 'notices')).toEqual({ analyzed: true, vacuumed: true });
    expect(await tablesDue(t.app.db)).not.toContain('notices');
  });
});
