import { getTableConfig, type IndexedColumn, type PgColumn } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../../src/entities/server.gen';
import { allBindings } from '../../../src/server/engine/registry';
import type { Binding } from '../../../src/server/engine/types';
import { firstFilter } from '../../bench/registry-lists';
import { buildTestApp, type TestApp } from '../helper';

/** The btree indexes of the binding's table as columns (name, descending), the primary key as ['id']. */
function indexes(b: Binding): { name: string; desc: boolean }[][] {
  const config = getTableConfig(b.table);
  const out = config.indexes
    .filter((i) => (i.config.method ?? 'btree') === 'btree')
    .map((i) =>
      i.config.columns.map((c) => ({
        name: (c as IndexedColumn).name ?? '(expr)',
        desc: (c as IndexedColumn).indexConfig?.order === 'desc',
      })),
    );
  if (b.id.primary) out.push([{ name: b.id.name, desc: false }]);
  return out;
}

/**
 * Whether some index starts with `lead`, optionally behind the tenant column; with `id`, followed
 * by that column in the direction that, scanned one way or the other, gives `lead` in the sort's
 * direction and id ascending (ORDER BY lead DESC, id: (lead, id DESC) read backwards).
 */
function served(b: Binding, lead: string, id?: { name: string; leadDesc: boolean }): boolean {
  const tenant = b.tenantId?.name;
  const at = tenant ? 1 : 0;
  return indexes(b).some((cols) => {
    if ((tenant && cols[0]?.name !== tenant) || cols[at]?.name !== lead) return false;
    if (!id) return true;
    const next = cols[at + 1];
    return next?.name === id.name && (cols[at]!.desc !== next.desc) === id.leadDesc;
  });
}

/** Whether a GIN trigram index (gin_trgm_ops) covers exactly `column`: what `column ILIKE '%x%'` can use. */
function trigram(b: Binding, column: string): boolean {
  return getTableConfig(b.table).indexes.some((i) => {
    if (i.config.method !== 'gin' || i.config.columns.length !== 1) return false;
    const c = i.config.columns[0] as IndexedColumn;
    return c.name === column && c.indexConfig?.opClass === 'gin_trgm_ops';
  });
}

// What keeps page 20 of 100,000 rows fast (tests/bench/registry-lists.ts measures it): a list's
// default sort and its first filter each walk an index, led by the tenant column for company rows.
// The engine orders by (sort column, id), so a sort index ends with id: without it PostgreSQL
// reads every row of a run of equal sort values (a list of 100,000 rows whose sort is all 0)
// and sorts them by id. Every keyword field and 'like' filter is searched as ILIKE '%x%'
// (src/server/engine/query.ts), which only a trigram index on the column serves.
describe('every registered list declares the indexes its screen uses', () => {
  for (const b of allBindings()) {
    const name = `${b.def.kind}/${b.def.name}`;
    // One row per company (a company's settings): nothing to page or search.
    const unique = getTableConfig(b.table).indexes.some(
      (i) =>
        i.config.unique && i.config.columns.length === 1 && (i.config.columns[0] as PgColumn).name === b.tenantId?.name,
    );
    it.skipIf(unique)(`${name}: default sort`, () => {
      const col = b.columns[b.def.defaultSort.field] ?? (b.def.defaultSort.field === 'id' ? b.id : undefined);
      expect(col, `${name} sorts on ${b.def.defaultSort.field}`).toBeDefined();
      const desc = b.def.defaultSort.order === 'desc';
      const then = col === b.id ? undefined : { name: b.id.name, leadDesc: desc };
      const wanted = `${b.tenantId ? 'tenant_id, ' : ''}${col!.name}${then ? `, ${b.id.name}${desc ? ' desc' : ''}` : ''}`;
      expect(served(b, col!.name, then), `${name}: no index on ${wanted}`).toBe(true);
    });
    const first = firstFilter(b);
    it.skipIf(unique || !first)(`${name}: first filter`, () => {
      const col = b.columns[first!.name]!;
      expect(served(b, col.name), `${name}: no index on ${b.tenantId ? 'tenant_id, ' : ''}${col.name}`).toBe(true);
    });
    const searched = b.def.fields.filter((f) => (f.keyword || f.filter === 'like') && b.columns[f.name]);
    it.skipIf(unique || !searched.length)(`${name}: keyword and like fields`, () => {
      const missing = searched.map((f) => b.columns[f.name]!.name).filter((column) => !trigram(b, column));
      expect(
        missing,
        `${name}: no trigram index (trigramIndexes in src/server/db/columns.ts) on ${missing.join(', ')}`,
      ).toEqual([]);
    });
  }
});

// A computed column (a count of devices per category, a creator's name) is a subquery run once per
// listed row. Without an index on the column it correlates on, each run reads the other table
// whole: the category list with 100,000 devices took 100 ms for 11 rows (one scan of devices per
// row). The planner is asked with sequential scans priced out: a scan of another table that it
// still chooses is one no index can serve.
describe('every computed list column is served by an index', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  }, 60_000);
  afterAll(async () => t?.close());

  for (const b of allBindings().filter((x) => x.computed && Object.keys(x.computed).length)) {
    const name = `${b.def.kind}/${b.def.name}`;
    it(name, async () => {
      const outer = getTableConfig(b.table).name;
      const scanned: string[] = [];
      await t.app.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        for (const [field, expr] of Object.entries(b.computed!)) {
          const q = tx
            .select({ v: expr as SQL })
            .from(b.table)
            .limit(20)
            .toSQL();
          const plan = await tx.execute(sql.raw(`explain ${inline(q.sql, q.params)}`));
          const lines = (Array.isArray(plan) ? plan : (plan as { rows: unknown[] }).rows).map((r) =>
            String(Object.values(r as object)[0]),
          );
          for (const line of lines) {
            const m = /Seq Scan on (\w+)/.exec(line);
            if (m && m[1] !== outer) scanned.push(`${field}: ${m[1]}`);
          }
        }
      });
      expect(scanned, `${name}: a computed column reads a whole table`).toEqual([]);
    });
  }
});

/** The statement with its parameters written in, for EXPLAIN (which takes no bind parameters here). */
function inline(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_m, n: string) => {
    const v = params[Number(n) - 1];
    return typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
  });
}
