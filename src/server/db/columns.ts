import { timestamp, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';

export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const createdAt = () => ts('created_at').notNull().defaultNow();

/** The table property of a column: drizzle's set() takes property names, not SQL names. */
export function propertyOf(table: PgTable, column: PgColumn): string {
  return Object.entries(table).find(([, v]) => v === column)?.[0] ?? column.name;
}
