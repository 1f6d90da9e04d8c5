import { getTableConfig, type PgColumn } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import '../../src/server/resources';
import { allBindings } from '../../src/server/engine/registry';
import type { Binding } from '../../src/server/engine/types';
import { firstFilter } from '../bench/registry-lists';

/** Column names of every index of the binding's table, the primary key as ['id']. */
function indexes(b: Binding): string[][] {
  const config = getTableConfig(b.table);
  const out = config.indexes.map((i) => i.config.columns.map((c) => (c as PgColumn).name ?? '(expr)'));
  if (b.id.primary) out.push([b.id.name]);
  return out;
}

/** Whether some index starts with `lead`, optionally behind the tenant column. */
function served(b: Binding, lead: string): boolean {
  const tenant = b.tenantId?.name;
  return indexes(b).some((cols) => (tenant ? cols[0] === tenant && cols[1] === lead : cols[0] === lead));
}

// What keeps page 20 of 100,000 rows fast (tests/bench/registry-lists.ts measures it): a list's
// default sort and its first filter each walk an index, led by the tenant column for company rows.
describe('every registered list declares the indexes its screen uses', () => {
  for (const b of allBindings()) {
    const name = `${b.def.kind}/${b.def.name}`;
    const unique = getTableConfig(b.table).indexes.some((i) => i.config.unique && i.config.columns.length === 1 && (i.config.columns[0] as PgColumn).name === b.tenantId?.name);
    it.skipIf(unique)(`${name}: default sort`, () => {
      const col = b.columns[b.def.defaultSort.field] ?? (b.def.defaultSort.field === 'id' ? b.id : undefined);
      expect(col, `${name} sorts on ${b.def.defaultSort.field}`).toBeDefined();
      expect(served(b, col!.name), `${name}: no index on ${b.tenantId ? 'tenant_id, ' : ''}${col!.name}`).toBe(true);
    });
    const first = firstFilter(b);
    it.skipIf(unique || !first)(`${name}: first filter`, () => {
      const col = b.columns[first!.name]!;
      expect(served(b, col.name), `${name}: no index on ${b.tenantId ? 'tenant_id, ' : ''}${col.name}`).toBe(true);
    });
  }
});
