import type { FastifyInstance } from 'fastify';
import { mallOrderItems, mallOrders } from '../../src/entities/mall-order';
import { createCommunityRows } from './community-fixture';
import { post } from './helper';
import { list } from './org-helper';

const made = new Map<string, Promise<void>>();

/**
 * The rows of payments, IoT cards, utilities and the mall (docs/architecture.md) of one company for
 * the registry-wide suites, made once per company: a SIM card and a package bought for it (a bill
 * and its payment), a prepaid electricity account of a room, a mall product with its SKU (through
 * the product form's route, which needs a picture), and a paid mall order with an after-sales
 * request against it.
 */
async function rows(app: FastifyInstance, token: string, tenantId: number, n: number) {
  const ok = async <T = { id: number }>(path: string, body: object) => {
    const res = await post<T>(app, path, body, { token });
    if (res.code !== 0) throw new Error(`${path}: ${res.msg}`);
    return res.data;
  };
  const iccid = `8986${String(tenantId).padStart(4, '0')}${String(n).padStart(12, '0')}`;
  const card = await ok('/api/iot/simCard/add', {
    iccid,
    msisdn: `1440000${String(tenantId).padStart(4, '0')}${n}`.slice(0, 13),
    carrier: 1,
    state: 3,
  });
  const pkg = await ok('/api/iot/package/add', {
    name: `isoApackage${n}`,
    price: 12.5,
    type: 0,
    validityDays: 30,
    dataMb: 1024,
    status: 1,
  });
  await ok('/api/iot/bill/buy', { iccid, packageId: pkg.id, method: 'sandbox' });
  void card;

  await createCommunityRows['user/room']!(app, token);
  const room = (await list(app, 'room', { size: 1 }, token, 'user')).rows[0]!;
  await ok('/api/user/utilityAccount/add', { roomId: room.id, kind: 1, meterNo: `ISOA${tenantId}${n}` });

  const category = await ok('/api/mall/mallCategory/add', { name: `isoAcategory${n}`, sort: 1, status: 1 });
  const product = await ok<{ id: number }>('/api/mall/mallProduct/save', {
    name: `isoAproduct${n}`,
    categoryId: category.id,
    status: 1,
    images: ['/mall/helmet.svg'],
    specs: [],
    skus: [{ specs: {}, code: `ISOA${tenantId}-${n}`, priceFen: 990, stock: 5 }],
  });
  await ok('/api/mall/productReview/add', {
    productId: product.id,
    userName: `isoAreviewer${n}`,
    rating: 5,
    content: `isoAreview${n}`,
  });
  const [order] = await app.db
    .insert(mallOrders)
    .values({
      tenantId,
      orderNo: `MISOA${tenantId}${n}`,
      buyerName: 'isoAbuyer',
      phone: '13900001111',
      regionCode: '广东省/深圳市',
      address: 'isoA street 1',
      goodsFen: 990,
      totalFen: 990,
      status: 1,
    })
    .returning();
  const detail = await ok<{ skus: { id: number }[] }>('/api/mall/mallProduct/detail', { id: product.id });
  await app.db.insert(mallOrderItems).values({
    tenantId,
    orderId: order!.id,
    skuId: detail.skus[0]!.id,
    productId: product.id,
    name: `isoAproduct${n}`,
    priceFen: 990,
    qty: 1,
  });
  await ok('/api/mall/afterSale/add', { orderNo: order!.orderNo, type: 0, amount: 1, reason: 'isoA reason' });
}

/** The creators for resources-isolation's CREATE_OTHERWISE, keyed by resource; tenantOf names the token's company. */
export function createShopRows(
  tenantOf: (token: string) => number,
): Record<string, (app: FastifyInstance, token: string) => Promise<void>> {
  const once = (app: FastifyInstance, token: string) => {
    if (!made.has(token)) made.set(token, rows(app, token, tenantOf(token), made.size + 1));
    return made.get(token)!;
  };
  return Object.fromEntries(
    [
      'iot/simCard',
      'iot/bill',
      'pay/payment',
      'user/utilityAccount',
      'mall/mallProduct',
      'mall/productSku',
      'mall/productReview',
      'mall/order',
      'mall/afterSale',
    ].map((key) => [key, once]),
  );
}
