import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { post, type TestApp } from '../../server/helper';
import type { Row } from '../../server/org-helper';
import { mallProducts } from '../../../src/entities/product';
import { productSkus } from '../../../src/entities/product-sku';
import { MALL_ORDER } from '../../../src/entities/mall-order/resource';
import { mallOrders } from '../../../src/entities/mall-order/table';

/** Helpers shared by mall-order.test.ts and mall-order-after-sales.test.ts, on the app `get` gives. */
export function mallOrderHelpers(get: () => { t: TestApp; demo: string; demoTenant: number }) {
  const app = () => get().t.app;
  let skuSeq = 0;

  const api = <T = Row>(path: string, body: object, token = get().demo) =>
    post<T>(app(), `/api/mall/${path}`, body, { token });

  /** A product on sale with one SKU of `stock` units at `priceFen`, 500 g, under `templateId`. */
  async function product(
    stock: number,
    priceFen = 1990,
    templateId: number | null = null,
    tenantId = get().demoTenant,
  ) {
    const [p] = await app()
      .db.insert(mallProducts)
      .values({
        tenantId,
        name: `Test tea ${++skuSeq}`,
        status: 1,
        weightG: 500,
        freightTemplateId: templateId,
        priceFen,
        images: ['/img/tea.png'],
      })
      .returning();
    const [s] = await app()
      .db.insert(productSkus)
      .values({
        tenantId,
        productId: p!.id,
        code: `T-${skuSeq}-${Date.now()}`,
        priceFen,
        stock,
        specs: { 规格: '250g' },
      })
      .returning();
    return { productId: p!.id, skuId: s!.id };
  }

  const stockOf = async (skuId: number) =>
    (await app().db.select({ stock: productSkus.stock }).from(productSkus).where(eq(productSkus.id, skuId)))[0]!.stock;
  const orderRow = async (id: number) => (await app().db.select().from(mallOrders).where(eq(mallOrders.id, id)))[0]!;

  const address = { name: '张三', phone: '13812345678', detail: '科技园路 1 号' };
  interface Placed {
    id: number;
    orderNo: string;
    totalFen: number;
    freightFen: number;
    paymentNo: string;
    payUrl: string;
  }
  const place = (items: { skuId: number; qty: number }[], regionCode = '广东省/深圳市/南山区', token = get().demo) =>
    api<Placed>('order/place', { items, address, regionCode, method: 'sandbox' }, token);
  /** Presses 支付 on the sandbox's pay page as the page's script does: the payer's session in Authorization. */
  const pressPay = (payUrl: string, token: string = get().demo) =>
    post<{ back: string }>(app(), `${new URL(payUrl, 'http://x').pathname}/pay`, undefined, { token });

  async function paidOrder(qty = 2, priceFen = 1990) {
    const p = await product(20, priceFen);
    const placed = await place([{ skuId: p.skuId, qty }]);
    expect(placed.code, placed.msg).toBe(0);
    await pressPay(placed.data.payUrl);
    expect((await orderRow(placed.data.id)).status).toBe(MALL_ORDER.paid);
    return { ...p, ...placed.data };
  }

  return { api, product, stockOf, orderRow, address, place, pressPay, paidOrder };
}
