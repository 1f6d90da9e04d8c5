import { and, eq } from 'drizzle-orm';
import { Code } from '../../shared/api';
import { defineEntity } from '../../server/engine/registry';
import { fail } from '../../server/lib/api-error';
import { mallProducts } from '../product/table';
import productBanner from './resource';
import { productBanners } from './table';

export default defineEntity({
  def: productBanner,
  table: productBanners,
  hooks: {
    async beforeWrite(_ctx, tx, values, _input, tenantId) {
      if (values.productId == null) return;
      const [p] = await tx
        .select({ id: mallProducts.id })
        .from(mallProducts)
        .where(and(eq(mallProducts.id, Number(values.productId)), eq(mallProducts.tenantId, tenantId)));
      if (!p) fail(Code.BAD_REQUEST, 'refInvalid');
    },
  },
});
