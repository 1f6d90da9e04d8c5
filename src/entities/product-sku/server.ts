import { and, lt, sql } from 'drizzle-orm';
import { Code } from '../../shared/api';
import { qualified } from '../../server/engine/query';
import { defineEntity } from '../../server/engine/registry';
import { fail } from '../../server/lib/api-error';
import { LOW_STOCK } from '../product';
import { mallProducts } from '../product/table';
import productSku from './resource';
import { productSkus } from './table';

export default defineEntity({
  def: productSku,
  table: productSkus,
  sortColumns: { price: productSkus.priceFen },
  computed: {
    price: sql<number>`(${qualified(productSkus.priceFen)} / 100.0)::float8`,
    merchantId: sql<number>`(select ${qualified(mallProducts.merchantId)} from ${mallProducts} where ${qualified(mallProducts.id)} = ${qualified(productSkus.productId)})`,
    specText: sql<string>`(select coalesce(string_agg(e.key || ':' || e.value, ' / '), '默认') from jsonb_each_text(${qualified(productSkus.specs)}) e)`,
  },
  filters: {
    price: (v) => {
      if (!Array.isArray(v) || v.length !== 2) return fail(Code.BAD_REQUEST, 'filterInvalid');
      const fen = (x: unknown) => (x === null || x === undefined || x === '' ? undefined : Math.round(Number(x) * 100));
      const [a, b] = [fen(v[0]), fen(v[1])];
      if ((a !== undefined && Number.isNaN(a)) || (b !== undefined && Number.isNaN(b)))
        return fail(Code.BAD_REQUEST, 'filterInvalid');
      return and(
        a === undefined ? undefined : sql`${productSkus.priceFen} >= ${a}`,
        b === undefined ? undefined : sql`${productSkus.priceFen} <= ${b}`,
      );
    },
    merchantId: (v) =>
      sql`exists (select 1 from ${mallProducts} where ${qualified(mallProducts.id)} = ${qualified(productSkus.productId)} and ${qualified(mallProducts.merchantId)} = ${Number(v)})`,
    lowStock: (v) => (Number(v) === 1 ? lt(productSkus.stock, LOW_STOCK) : undefined),
  },
  hooks: {
    // The library edits a SKU's code, price and status; the product's lowest price follows.
    async beforeWrite(_ctx, _tx, values, input) {
      if (input.price !== undefined && input.price !== null) values.priceFen = Math.round(Number(input.price) * 100);
    },
    async afterWrite(_ctx, tx, id) {
      await tx.execute(
        sql`update ${mallProducts} set price_fen = coalesce((select min(s.price_fen) from ${productSkus} s where s.product_id = ${mallProducts.id} and s.status = 1), price_fen) where ${mallProducts.id} = (select product_id from ${productSkus} where id = ${id})`,
      );
    },
  },
});
