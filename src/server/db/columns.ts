import {
  customType,
  index,
  timestamp,
  type ExtraConfigColumn,
  type IndexBuilder,
  type PgColumn,
  type PgTable,
} from 'drizzle-orm/pg-core';

export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const createdAt = () => ts('created_at').notNull().defaultNow();
export const updatedAt = () => ts('updated_at').notNull().defaultNow();

/** The table property of a column: drizzle's set() takes property names, not SQL names. */
export function propertyOf(table: PgTable, column: PgColumn): string {
  return Object.entries(table).find(([, v]) => v === column)?.[0] ?? column.name;
}

/**
 * GIN trigram indexes (pg_trgm, gin_trgm_ops) on the text columns a list searches as "contains":
 * its keyword fields and its 'like' filters, which the engine runs as `col ILIKE '%x%'`
 * (src/server/engine/query.ts). A btree cannot serve a pattern with a leading %, so without one a
 * search that matches few rows reads every row. Spread into a table's indexes:
 * `(t) => [...trigramIndexes('merchants', t.name, t.phone), ...]`; tests/server/engine/list-indexes.test.ts
 * fails for a keyword or like field of a registered list whose column has none.
 */
export function trigramIndexes(table: string, ...columns: ExtraConfigColumn[]): IndexBuilder[] {
  return columns.map((c) => index(`${table}_${c.name}_trgm_idx`).using('gin', c.op('gin_trgm_ops')));
}

/** Bytes as received (frames, payloads). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});
