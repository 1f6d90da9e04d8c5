import { and, eq, lt, sql } from 'drizzle-orm';
import { Code } from '../../shared/api';
import { qualified } from '../../server/engine/query';
import { defineEntity } from '../../server/engine/registry';
import type { Row, Tx } from '../../server/engine/types';
import { sqlState } from '../../server/engine/write';
import { fail } from '../../server/lib/api-error';
import { mallCategories } from '../mall-category/table';
import { merchants } from '../merchant/table';
import { productSkus, stockMovements } from '../product-sku/table';
import product, { LOW_STOCK } from './resource';
import { PRODUCT_LIMITS, type SkuInput, type SpecLine, skuProblem } from '../../shared/product-sku';
import { mallProducts } from './table';

/** The category and merchant named must be the tenant's. */
async function checkRefs(tx: Tx, values: Row, tenantId: number): Promise<void> {
  if (values.categoryId != null) {
    const [c] = await tx
      .select({ id: mallCategories.id })
      .from(mallCategories)
      .where(and(eq(mallCategories.id, Number(values.categoryId)), eq(mallCategories.tenantId, tenantId)));
    if (!c) fail(Code.BAD_REQUEST, 'refInvalid');
  }
  if (values.merchantId != null) {
    const [m] = await tx
      .select({ id: merchants.id })
      .from(merchants)
      .where(and(eq(merchants.id, Number(values.merchantId)), eq(merchants.tenantId, tenantId)));
    if (!m) fail(Code.BAD_REQUEST, 'refInvalid');
  }
}

/** Images: upload URLs or paths under public/, 1 to PRODUCT_LIMITS.images. */
function takeImages(input: Row): string[] | undefined {
  if (input.images === undefined) return undefined;
  const list = Array.isArray(input.images)
    ? input.images.filter((x): x is string => typeof x === 'string' && x.trim() !== '').map((x) => x.trim())
    : [];
  if (!list.length) fail(Code.BAD_REQUEST, 'productImageRequired');
  if (list.length > PRODUCT_LIMITS.images || list.some((x) => x.length > 500)) fail(Code.BAD_REQUEST, 'tooLarge');
  return list;
}

/**
 * Stores the product form's SKUs: listed ids are updated, new ones inserted, the others deleted
 * (or, when an order still names one, taken off sale). A stock change is a movement 'stocktake'.
 */
async function saveSkus(
  tx: Tx,
  productId: number,
  tenantId: number,
  skus: SkuInput[],
  operatorName: string,
): Promise<number> {
  const existing = await tx.select().from(productSkus).where(eq(productSkus.productId, productId));
  const keep = new Set(skus.filter((s) => s.id).map((s) => s.id!));
  if ([...keep].some((id) => !existing.some((e) => e.id === id))) fail(Code.BAD_REQUEST, 'refInvalid');
  for (const gone of existing.filter((e) => !keep.has(e.id))) {
    try {
      await tx.transaction(async (sp) => {
        await sp.delete(productSkus).where(eq(productSkus.id, gone.id));
      });
    } catch (err) {
      if (sqlState(err) !== '23503') throw err;
      await tx
        .update(productSkus)
        .set({ status: 0, code: `${gone.code}#${gone.id}` })
        .where(eq(productSkus.id, gone.id));
    }
  }
  let n = existing.length;
  for (const sku of skus) {
    const code = sku.code?.trim() || `P${productId}-${++n}`;
    const row = {
      specs: sku.specs,
      code,
      priceFen: sku.priceFen,
      stock: sku.stock,
      image: sku.image ?? null,
      status: sku.status ?? 1,
    };
    const before = sku.id ? existing.find((e) => e.id === sku.id) : undefined;
    if (before) {
      await tx.update(productSkus).set(row).where(eq(productSkus.id, before.id));
      if (before.stock !== sku.stock) {
        await tx.insert(stockMovements).values({
          tenantId,
          skuId: before.id,
          delta: sku.stock - before.stock,
          stockAfter: sku.stock,
          reason: 'stocktake',
          note: '商品编辑',
          operatorName,
        });
      }
    } else {
      const [created] = await tx
        .insert(productSkus)
        .values({ tenantId, productId, ...row })
        .returning({ id: productSkus.id });
      if (sku.stock)
        await tx.insert(stockMovements).values({
          tenantId,
          skuId: created!.id,
          delta: sku.stock,
          stockAfter: sku.stock,
          reason: 'inbound',
          note: '新建商品',
          operatorName,
        });
    }
  }
  return Math.min(...skus.map((s) => s.priceFen));
}

/** The dearest SKU's price (yuan); `price` is the cheapest's (priceFen, kept at the lowest SKU price). */
const skuPriceMax = sql<number>`(select (max(${productSkus.priceFen}) / 100.0)::float8 from ${productSkus} where ${qualified(productSkus.productId)} = ${qualified(mallProducts.id)})`;
const skuStock = sql<number>`(select coalesce(sum(${productSkus.stock}), 0)::int from ${productSkus} where ${qualified(productSkus.productId)} = ${qualified(mallProducts.id)})`;

export default defineEntity({
  def: product,
  table: mallProducts,
  computed: {
    cover: sql<string>`(${qualified(mallProducts.images)} ->> 0)`,
    price: sql<number>`(${qualified(mallProducts.priceFen)} / 100.0)::float8`,
    stock: skuStock,
    priceMax: skuPriceMax,
  },
  filters: {
    price: (v) => {
      if (!Array.isArray(v) || v.length !== 2) return fail(Code.BAD_REQUEST, 'filterInvalid');
      const [from, to] = v as unknown[];
      const fen = (x: unknown) => (x === null || x === undefined || x === '' ? undefined : Math.round(Number(x) * 100));
      const [a, b] = [fen(from), fen(to)];
      if ((a !== undefined && Number.isNaN(a)) || (b !== undefined && Number.isNaN(b)))
        return fail(Code.BAD_REQUEST, 'filterInvalid');
      return and(
        a === undefined ? undefined : sql`${mallProducts.priceFen} >= ${a}`,
        b === undefined ? undefined : sql`${mallProducts.priceFen} <= ${b}`,
      );
    },
    lowStock: (v) =>
      Number(v) === 1
        ? sql`exists (select 1 from ${productSkus} where ${qualified(productSkus.productId)} = ${qualified(mallProducts.id)} and ${lt(productSkus.stock, LOW_STOCK)})`
        : undefined,
  },
  hooks: {
    /**
     * The product form (./routes.ts) passes images, specs and skus with the fields; the generic
     * add cannot, and a product without an image is refused.
     */
    async beforeWrite(_ctx, tx, values, input, tenantId, existing) {
      await checkRefs(tx, values, tenantId);
      const images = takeImages(input);
      if (images) values.images = images;
      else if (!existing) fail(Code.BAD_REQUEST, 'productImageRequired');
      if (input.skus !== undefined) {
        const specs = (input.specs ?? []) as SpecLine[];
        const problem = skuProblem(specs, input.skus as SkuInput[]);
        if (problem) fail(Code.BAD_REQUEST, problem);
        values.specs = specs;
      } else if (!existing) fail(Code.BAD_REQUEST, 'productSkuRequired');
    },
    async afterWrite(_ctx, tx, id, input, tenantId) {
      if (input.skus === undefined) return;
      const low = await saveSkus(
        tx,
        id,
        tenantId,
        input.skus as SkuInput[],
        typeof input.operatorName === 'string' ? input.operatorName : '',
      );
      await tx.update(mallProducts).set({ priceFen: low }).where(eq(mallProducts.id, id));
    },
  },
});
