import { and, eq } from 'drizzle-orm';
import { Code } from '../../shared/api';
import { defineEntity } from '../../server/engine/registry';
import { fail } from '../../server/lib/api-error';
import { mallProducts } from '../product/table';
import productReview, { REVIEW_STATE } from './resource';
import { productReviews } from './table';

export default defineEntity({
  def: productReview,
  table: productReviews,
  hooks: {
    // A new review is pending whoever writes it; its product is the tenant's; its picture is the first of `images`.
    async beforeWrite(_ctx, tx, values, _input, tenantId) {
      const [p] = await tx
        .select({ id: mallProducts.id })
        .from(mallProducts)
        .where(and(eq(mallProducts.id, Number(values.productId)), eq(mallProducts.tenantId, tenantId)));
      if (!p) fail(Code.BAD_REQUEST, 'refInvalid');
      values.state = REVIEW_STATE.pending;
      if (values.image) values.images = [values.image];
    },
  },
});
