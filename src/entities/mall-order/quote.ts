import { and, eq, inArray, sql } from 'drizzle-orm';
import { Code } from '../../shared/api';
import type { Db } from '../../server/db/driver';
import { tenantWhere, type Scope } from '../../server/db/scope';
import type { Tx } from '../../server/engine/types';
import { fail } from '../../server/lib/api-error';
import { freightFor, type FreightItem, freightTemplates } from '../freight-template';
import { mallProducts as products } from '../product';
import { productSkus } from '../product-sku';
import type { CartItem, Quote as SharedQuote, QuoteLine } from '../../shared/mall-orders';

// Pricing a cart (the goods and the freight to a region) before an order is placed.

/** A quote as the service keeps it: the console's shape and the company it was made for. */
interface Quote extends SharedQuote {
  tenantId: number;
}

/** Items of one SKU given twice count once, their quantities added. */
function merged(items: CartItem[]): CartItem[] {
  const by = new Map<number, number>();
  for (const i of items) by.set(i.skuId, (by.get(i.skuId) ?? 0) + i.qty);
  return [...by].map(([skuId, qty]) => ({ skuId, qty })).sort((a, b) => a.skuId - b.skuId);
}

/**
 * Prices the cart: its SKUs (on sale, of one company the caller sees), the goods, the freight to
 * regionCode under each product's template (products without one ship free). Stock is reported,
 * not reserved.
 */
export async function quote(db: Db | Tx, scope: Scope, items: CartItem[], regionCode: string): Promise<Quote> {
  const cart = merged(items);
  const rows = await db
    .select({
      skuId: productSkus.id,
      tenantId: productSkus.tenantId,
      productId: products.id,
      name: products.name,
      specs: productSkus.specs,
      image: sql<string | null>`coalesce(${productSkus.image}, ${products.images}->>0)`,
      priceFen: productSkus.priceFen,
      stock: productSkus.stock,
      weightG: products.weightG,
      templateId: products.freightTemplateId,
      productStatus: products.status,
      skuStatus: productSkus.status,
    })
    .from(productSkus)
    .innerJoin(products, eq(products.id, productSkus.productId))
    .where(
      and(
        inArray(
          productSkus.id,
          cart.map((c) => c.skuId),
        ),
        tenantWhere(scope, productSkus),
      ),
    );
  const by = new Map(rows.map((r) => [r.skuId, r]));
  const tenantIds = new Set(rows.map((r) => r.tenantId));
  if (
    rows.length !== cart.length ||
    tenantIds.size !== 1 ||
    rows.some((r) => r.productStatus !== 1 || r.skuStatus !== 1)
  )
    fail(Code.BAD_REQUEST, 'productUnavailable');
  const tenantId = rows[0]!.tenantId;
  const lines: QuoteLine[] = cart.map((c) => {
    const r = by.get(c.skuId)!;
    return {
      skuId: r.skuId,
      productId: r.productId,
      name: r.name,
      specs: r.specs,
      image: r.image,
      priceFen: r.priceFen,
      qty: c.qty,
      stock: r.stock,
    };
  });
  const goodsFen = lines.reduce((n, l) => n + l.priceFen * l.qty, 0);
  // One freight per template: the items of its products together (thresholds count them together).
  const groups = new Map<number, FreightItem[]>();
  for (const c of cart) {
    const r = by.get(c.skuId)!;
    if (r.templateId == null) continue;
    groups.set(r.templateId, [
      ...(groups.get(r.templateId) ?? []),
      { qty: c.qty, weightG: r.weightG, priceFen: r.priceFen },
    ]);
  }
  let freightFen = 0;
  if (groups.size) {
    const templates = await db
      .select()
      .from(freightTemplates)
      .where(and(inArray(freightTemplates.id, [...groups.keys()]), eq(freightTemplates.tenantId, tenantId)));
    for (const tpl of templates) freightFen += freightFor(tpl, groups.get(tpl.id)!, regionCode);
  }
  return { tenantId, lines, goodsFen, freightFen, totalFen: goodsFen + freightFen };
}
