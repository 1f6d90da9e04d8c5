import { eq } from 'drizzle-orm';
import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { Code } from '../../shared/api';
import { createdAt, trigramIndexes } from '../../server/db/columns';
import { defineEntity } from '../../server/engine/registry';
import { fail } from '../../server/lib/api-error';
import { products } from '../device-product/table';
import productionRecord from './resource';

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

/** Production records: made before any tenant owns the device, so platform-wide (super administrators write them, guardWrite). */
export default defineEntity({
  def: productionRecord,
  table: productionRecords,
  hooks: {
    async beforeWrite(_ctx, tx, values) {
      // production_date is a text column; the engine hands dates over as Date objects.
      if (values.productionDate instanceof Date)
        values.productionDate = values.productionDate.toISOString().slice(0, 10);
      const productId = values.productId as number | undefined;
      if (!productId) return;
      const [p] = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId));
      if (!p) fail(Code.BAD_REQUEST, 'refInvalid');
    },
  },
});
