import { eq } from 'drizzle-orm';
import { Code } from '../../shared/api';
import { defineEntity } from '../../server/engine/registry';
import { fail } from '../../server/lib/api-error';
import { products } from '../device-product/table';
import productionRecord from './resource';
import { productionRecords } from './table';

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
