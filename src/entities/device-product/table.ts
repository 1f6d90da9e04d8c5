import { index, integer, jsonb, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import type { ThingModel } from '../../shared/devices/thing-model';
import { createdAt, trigramIndexes } from '../../server/db/columns';

// Apart from server.ts: devices and production records (schema-devices.ts) reference it, and the binding reads devices.
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    header: text('header'),
    image: text('image'),
    note: text('note'),
    status: smallint('status').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    /** The thing model (src/shared/devices/thing-model.ts); null until first saved or seeded. */
    thingModel: jsonb('thing_model').$type<ThingModel>(),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('products', t.name, t.code),
    index('products_sort_idx').on(t.sort, t.id),
    index('products_status_idx').on(t.status, t.sort, t.id),
  ],
);
