import { index, integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes } from '../../server/db/columns';

export const deviceCategories = pgTable(
  'device_categories',
  {
    id: serial('id').primaryKey(),
    pid: integer('pid').notNull().default(0),
    name: text('name').notNull(),
    kind: text('kind'),
    description: text('description'),
    status: smallint('status').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('device_categories', t.name),
    index('device_categories_sort_idx').on(t.sort, t.id),
    index('device_categories_kind_idx').on(t.kind, t.sort, t.id),
  ],
);

/**
 * One row per device (docs/requirements/entities.md#device). Live fields (state, battery, signal, position,
 * last values, last communication) are written by the ingest in batches.
 */
