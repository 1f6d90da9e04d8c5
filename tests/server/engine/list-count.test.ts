import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_COUNT_CAP } from '../../../src/shared/resources/list';
import { tenantId } from '../fixtures';
import type { TestApp } from '../helper';
import { demoApp, list } from '../org-helper';

// A list counts at most LIST_COUNT_CAP + 1 rows: past the cap the answer is flagged, not exact.
describe('list totals', () => {
  let t: TestApp;
  let demo: string;
  beforeAll(async () => {
    ({ t, demo } = await demoApp());
    const site = await tenantId(t.app, 'Demo Site');
    await t.app.db.execute(
      sql`insert into notices (tenant_id, title, content, level) select ${site}, 'bulk ' || i, '', case when i <= 30 then 2 else 1 end from generate_series(1, ${LIST_COUNT_CAP + 5}) i`,
    );
  });
  afterAll(() => t.close());

  it('says capped with the cap as total when more rows match, and still pages through them', async () => {
    const page = await list(t.app, 'notice', { page: 3, size: 20 }, demo);
    expect(page).toMatchObject({ total: LIST_COUNT_CAP, capped: true });
    expect(page.rows).toHaveLength(20);
  });

  it('counts exactly below the cap', async () => {
    const page = await list(t.app, 'notice', { page: 1, size: 20, filters: { level: 2 } }, demo);
    expect(page.total).toBe(30);
    expect(page.capped).toBeUndefined();
  });
});
