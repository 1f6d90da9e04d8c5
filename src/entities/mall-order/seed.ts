import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../server/db/driver';
import { PAY_METHOD, PAY_STATUS } from '../../shared/payments';
import { AFTER_SALE, AFTER_SALE_TYPE, afterSales } from '../after-sale';
import { FREIGHT_MODE, freightTemplates } from '../freight-template';
import { payments, paySandboxOrders } from '../payment';
import { mallProducts } from '../product';
import { productSkus } from '../product-sku';
import { MALL_PURPOSE } from './orders';
import { MALL_ORDER, MALL_ORDER_TTL_MS } from './resource';
import { mallOrderItems, mallOrders } from './table';
import { defineSeed } from '../../server/db/entity-seeds';

const DAY_MS = 86_400_000;
const BUYERS = [
  { name: '张伟', phone: '13800138001', region: '浙江省/杭州市/滨江区', address: '江南大道 100 号 2 幢 301' },
  { name: '李娜', phone: '13900139002', region: '广东省/深圳市/南山区', address: '科技园南路 8 号' },
  { name: '王芳', phone: '13700137003', region: '北京市/北京市/朝阳区', address: '建国路 88 号 SOHO 1 号楼' },
  { name: '刘洋', phone: '13600136004', region: '四川省/成都市/武侯区', address: '天府大道 666 号' },
  { name: '陈静', phone: '13500135005', region: '西藏自治区/拉萨市/城关区', address: '北京中路 21 号' },
];
/** Each state several times over the last three weeks, the newest unpaid. */
const STATES = [
  MALL_ORDER.completed,
  MALL_ORDER.shipped,
  MALL_ORDER.paid,
  MALL_ORDER.completed,
  MALL_ORDER.cancelled,
  MALL_ORDER.refunded,
  MALL_ORDER.shipped,
  MALL_ORDER.completed,
];

/**
 * Demo freight templates (by piece with free shipping from 99 yuan; by weight with dearer remote
 * regions) on the catalogue's products, and about 40 orders in every state over the last 21 days,
 * with after-sales requests. Runs after seedMall. Every order that was paid has its sandbox
 * payment (as entities/bill/seed.ts does), so cancelling or refunding a demo order pays back
 * through the payment interface like a real one.
 */
async function seedMallOrders(tx: Tx, tenantId: number, now = Date.now()): Promise<void> {
  const remote = {
    regions: ['西藏自治区', '新疆维吾尔自治区', '青海省'],
    firstUnit: 1,
    firstPrice: 20,
    addUnit: 1,
    addPrice: 10,
    freeAmount: null,
  };
  const [byPiece, byWeight] = await tx
    .insert(freightTemplates)
    .values([
      {
        tenantId,
        name: '全国包邮（满99元）',
        mode: FREIGHT_MODE.piece,
        firstUnit: 1,
        firstPrice: 8,
        addUnit: 1,
        addPrice: 2,
        freeAmount: 99,
        rules: [remote],
      },
      {
        tenantId,
        name: '按重量计费',
        mode: FREIGHT_MODE.weight,
        firstUnit: 1,
        firstPrice: 10,
        addUnit: 1,
        addPrice: 4,
        freePieces: 10,
        rules: [
          remote,
          { regions: ['浙江省', '上海市', '江苏省'], firstUnit: 1, firstPrice: 6, addUnit: 1, addPrice: 2 },
        ],
      },
    ])
    .returning({ id: freightTemplates.id });
  const products = await tx
    .select()
    .from(mallProducts)
    .where(eq(mallProducts.tenantId, tenantId))
    .orderBy(asc(mallProducts.id));
  for (const [i, p] of products.entries())
    await tx
      .update(mallProducts)
      .set({ freightTemplateId: i % 2 ? byWeight!.id : byPiece!.id, views: p.views || 200 + ((i * 137) % 900) })
      .where(eq(mallProducts.id, p.id));
  const skus = await tx
    .select({
      id: productSkus.id,
      productId: productSkus.productId,
      priceFen: productSkus.priceFen,
      specs: productSkus.specs,
      name: mallProducts.name,
      image: productSkus.image,
    })
    .from(productSkus)
    .innerJoin(mallProducts, eq(mallProducts.id, productSkus.productId))
    .where(eq(productSkus.tenantId, tenantId))
    .orderBy(asc(productSkus.id));
  if (!skus.length) return;
  const orders: { id: number; orderNo: string; status: number; totalFen: number; skuId: number; qty: number }[] = [];
  for (let i = 0; i < 40; i++) {
    const unpaid = i >= 37;
    const status = unpaid ? MALL_ORDER.unpaid : STATES[i % STATES.length]!;
    const at = now - (unpaid ? (i - 36) * 5 * 60_000 : (40 - i) * 0.5 * DAY_MS + (i % 5) * 3_600_000);
    const buyer = BUYERS[i % BUYERS.length]!;
    const lines = [skus[(i * 7) % skus.length]!, ...(i % 3 === 0 ? [skus[(i * 11 + 3) % skus.length]!] : [])].filter(
      (s, k, all) => all.findIndex((x) => x.id === s.id) === k,
    );
    const qtys = lines.map((_, k) => 1 + ((i + k) % 3));
    const goodsFen = lines.reduce((n, s, k) => n + s.priceFen * qtys[k]!, 0);
    const freightFen = goodsFen >= 9900 ? 0 : 800;
    const totalFen = goodsFen + freightFen;
    const paid = status !== MALL_ORDER.unpaid && status !== MALL_ORDER.cancelled;
    const d = (h: number) => new Date(at + h * 3_600_000);
    const orderNo = `M${new Date(at).toISOString().replace(/\D/g, '').slice(0, 14)}${String(100_000 + i).slice(-6)}`;
    // Paid demo orders went through the sandbox (its refunds work offline); the unpaid and cancelled show the other methods.
    const method = paid ? PAY_METHOD.sandbox : i % 2 ? PAY_METHOD.wechat : PAY_METHOD.alipay;
    const paymentNo = paid ? `P${orderNo.slice(1, 15)}${String(200_000 + i).slice(-6)}` : null;
    const [o] = await tx
      .insert(mallOrders)
      .values({
        tenantId,
        orderNo,
        buyerName: buyer.name,
        phone: buyer.phone,
        regionCode: buyer.region,
        address: buyer.address,
        goodsFen,
        freightFen,
        totalFen,
        refundedFen: status === MALL_ORDER.refunded ? totalFen : 0,
        status,
        method,
        paymentNo,
        carrier:
          status === MALL_ORDER.shipped || status === MALL_ORDER.completed ? (i % 2 ? '顺丰速运' : '中通快递') : null,
        trackingNo:
          status === MALL_ORDER.shipped || status === MALL_ORDER.completed
            ? `${i % 2 ? 'SF' : 'ZTO'}${String(7_300_000_000 + i * 7919)}`
            : null,
        expiresAt: new Date(at + MALL_ORDER_TTL_MS),
        paidAt: paid ? d(0.2) : null,
        shippedAt: status === MALL_ORDER.shipped || status === MALL_ORDER.completed ? d(20) : null,
        completedAt: status === MALL_ORDER.completed ? d(70) : null,
        cancelledAt: status === MALL_ORDER.cancelled ? d(0.5) : null,
        cancelReason: status === MALL_ORDER.cancelled ? 'expired' : null,
        refundedAt: status === MALL_ORDER.refunded ? d(5) : null,
        createdAt: new Date(at),
      })
      .returning({ id: mallOrders.id, orderNo: mallOrders.orderNo });
    await tx.insert(mallOrderItems).values(
      lines.map((s, k) => ({
        tenantId,
        orderId: o!.id,
        skuId: s.id,
        productId: s.productId,
        name: s.name,
        specs: s.specs,
        image: s.image,
        priceFen: s.priceFen,
        qty: qtys[k]!,
      })),
    );
    if (paymentNo) {
      const refunded = status === MALL_ORDER.refunded;
      const subject = `商城订单 ${orderNo}`;
      await tx.insert(payments).values({
        tenantId,
        orderNo: paymentNo,
        purposeKind: MALL_PURPOSE,
        purposeRef: orderNo,
        subject,
        amountFen: totalFen,
        method,
        status: refunded ? PAY_STATUS.refunded : PAY_STATUS.success,
        refundedFen: refunded ? totalFen : 0,
        paidAt: d(0.2),
        fulfilledAt: d(0.2),
        refundFulfilledAt: refunded ? d(5) : null,
        expiresAt: new Date(at + MALL_ORDER_TTL_MS),
        returnPath: '/orderManagement',
        createdAt: new Date(at),
      });
      await tx.insert(paySandboxOrders).values({
        orderNo: paymentNo,
        subject,
        amountFen: totalFen,
        currency: 'CNY',
        notifyUrl: '/api/pay/notify/sandbox',
        returnUrl: `/paypal?orderNo=${paymentNo}`,
        state: refunded ? 'refunded' : 'paid',
        tradeNo: `SBXMALL${String(i).padStart(4, '0')}`,
        refundedFen: refunded ? totalFen : 0,
        paidAt: d(0.2),
        expiresAt: new Date(at + MALL_ORDER_TTL_MS),
        createdAt: new Date(at),
      });
    }
    orders.push({ id: o!.id, orderNo: o!.orderNo, status, totalFen, skuId: lines[0]!.id, qty: qtys[0]! });
  }
  const shipped = orders.filter((o) => o.status === MALL_ORDER.shipped);
  const completed = orders.filter((o) => o.status === MALL_ORDER.completed);
  const refunded = orders.find((o) => o.status === MALL_ORDER.refunded);
  const reqs = [
    shipped[0] && {
      o: shipped[0],
      type: AFTER_SALE_TYPE.refund,
      status: AFTER_SALE.pending,
      amountFen: 500,
      qty: 0,
      reason: '外包装破损，申请部分退款',
    },
    completed[0] && {
      o: completed[0],
      type: AFTER_SALE_TYPE.returnRefund,
      status: AFTER_SALE.approved,
      amountFen: Math.min(completed[0].totalFen, 2000),
      qty: 1,
      reason: '尺寸不合适，退货',
    },
    completed[1] && {
      o: completed[1],
      type: AFTER_SALE_TYPE.exchange,
      status: AFTER_SALE.pending,
      amountFen: 0,
      qty: 1,
      reason: '颜色发错，换货',
    },
    completed[2] && {
      o: completed[2],
      type: AFTER_SALE_TYPE.refund,
      status: AFTER_SALE.rejected,
      amountFen: 1000,
      qty: 0,
      reason: '不想要了',
      reviewComment: '已签收超过7天',
    },
    refunded && {
      o: refunded,
      type: AFTER_SALE_TYPE.refund,
      status: AFTER_SALE.refunded,
      amountFen: refunded.totalFen,
      qty: 0,
      reason: '未发货，申请退款',
    },
  ].filter((r) => !!r);
  for (const [k, r] of reqs.entries()) {
    await tx.insert(afterSales).values({
      tenantId,
      serviceNo: `S${r.o.orderNo.slice(1, 15)}${String(900_000 + k)}`,
      orderId: r.o.id,
      orderNo: r.o.orderNo,
      type: r.type,
      skuId: r.qty ? r.o.skuId : null,
      qty: r.qty,
      amountFen: r.amountFen,
      reason: r.reason,
      status: r.status,
      reviewComment: 'reviewComment' in r ? r.reviewComment : r.status === AFTER_SALE.pending ? null : '同意',
      reviewerName: r.status === AFTER_SALE.pending ? null : 'demo',
      createdAt: new Date(now - (k + 1) * DAY_MS),
    });
  }
}

export default defineSeed({
  after: ['product'],
  demo: (tx, { tenantId }) => seedMallOrders(tx, tenantId),
});
