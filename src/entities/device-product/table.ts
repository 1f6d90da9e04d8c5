import { boolean, index, integer, jsonb, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import type { ThingModel } from '../../shared/devices/thing-model';
import { createdAt, trigramIndexes } from '../../server/db/columns';

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
    /**
     * The protocol gateway refuses frames with a wrong check code or length instead of accepting
     * and counting them (docs/protocols.md "Leniencies").
     */
    strictFraming: boolean('strict_framing').notNull().default(false),
    /** A JT/T 808 terminal must register and authenticate before its data is taken (docs/protocols.md, jt808). */
    jt808AuthRequired: boolean('jt808_auth_required').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('products', t.name, t.code),
    index('products_sort_idx').on(t.sort, t.id),
    index('products_status_idx').on(t.status, t.sort, t.id),
  ],
);
