import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes } from '../../server/db/columns';
import { products } from '../device-product/table';

export const productionRecords = pgTable(
  'production_records',
  {
    id: serial('id').primaryKey(),
    imei: text('imei').notNull(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    model: text('model'),
    colour: text('colour'),
    serial: text('serial'),
    cardNumber: text('card_number'),
    iccid: text('iccid'),
    manufacturer: text('manufacturer'),
    qaPerson: text('qa_person'),
    salesMode: text('sales_mode'),
    agent: text('agent'),
    productionDate: text('production_date'),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('production_records', t.imei, t.serial, t.iccid),
    index('production_records_imei_idx').on(t.imei),
    index('production_records_kind_idx').on(t.kind, t.id),
  ],
);
