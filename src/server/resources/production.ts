import { eq } from 'drizzle-orm';
import { Code } from '../../shared/api';
import { productionRecordResource } from '../../shared/resources/device';
import { productionRecords, products } from '../db/schema';
import { registerBinding } from '../engine/registry';
import { fail } from '../lib/api-error';
import { superOnly } from '../engine/guards';

/** Production records: made before any tenant owns the device, so platform-wide and super-only to change. */
export const productionRecordBinding = registerBinding({
  def: productionRecordResource,
  table: productionRecords,
  id: productionRecords.id,
  columns: {
    imei: productionRecords.imei,
    productId: productionRecords.productId,
    kind: productionRecords.kind,
    model: productionRecords.model,
    colour: productionRecords.colour,
    serial: productionRecords.serial,
    cardNumber: productionRecords.cardNumber,
    iccid: productionRecords.iccid,
    manufacturer: productionRecords.manufacturer,
    qaPerson: productionRecords.qaPerson,
    salesMode: productionRecords.salesMode,
    agent: productionRecords.agent,
    productionDate: productionRecords.productionDate,
    createdAt: productionRecords.createdAt,
  },
  hooks: {
    guard: (ctx) => superOnly(ctx),
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
