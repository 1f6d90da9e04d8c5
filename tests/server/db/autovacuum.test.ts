import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tablesDue, vacuumDue } from '../../../src/server/db/autovacuum';
import { rowsOf } from '../../../src/server/db/rows';
import { tenantId } from '../fixtures';
import { buildTestApp, type TestApp } from '../helper';

type Stat = { analyzed: boolean; vacuumed: boolean };

async function stat(t: TestApp, table: string): Promise<Stat> {
  const res = await t.app.db.execute(
    sql`select (coalesce(last_analyze, last_autoanalyze) is not null) as analyzed, (coalesce(last_vacuum, last_autovacuum) is not null) as vacuumed from pg_stat_user_tables where relname = ${table}`,
  );
  return rowsOf<Stat>(res)[0]!;
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
    const site = await tenantId(t.app, 'Demo Site');
    await t.app.db.execute(
      sql`insert into notices (tenant_id, title, content, level) select ${site}, 'n' || i, '', 1 from generate_series(1, 500) i`,
    );
    expect(await tablesDue(t.app.db)).toContain('notices');
    expect(await vacuumDue(t.app.db)).toContain('notices');
    expect(await stat(t, 'notices')).toEqual({ analyzed: true, vacuumed: true });
    expect(await tablesDue(t.app.db)).not.toContain('notices');
  });
});
