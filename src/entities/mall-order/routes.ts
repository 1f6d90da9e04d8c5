import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAY_METHOD_NAMES, type PayMethodName } from '../../shared/payments';
import type { PermissionMark } from '../../shared/permissions';
import { localInstant } from '../../shared/attendance/days';
import { tenantWhere } from '../../server/db/scope';
import { authed, hidesPersonal } from '../../server/auth/request';
import { maskRow } from '../../shared/mask';
import mallOrderDef, { MALL_ORDER, MALL_ORDER_MARK_CANCEL, MALL_ORDER_MARK_SHIP } from './resource';
import { mallProducts as products } from '../product';
import { afterSales } from '../after-sale';
import {
  cancelOrder,
  complete,
  expireUnpaid,
  MALL_PURPOSE,
  onMallPaid,
  onMallRefunded,
  orderInScope,
  orderItems,
  paymentsOf,
  placeOrder,
  quote,
  ship,
} from './orders';
import { mallOrderItems, mallOrders } from './table';
import { startSweep } from '../../server/lib/sweep';

const tags = ['mall'];
const id = z.number().int().positive();
const PHONE_RE = /^1[3-9]\d{9}$/;
const REGION_RE = /^[^/\s]{2,30}(\/[^/\s]{2,30}){0,2}$/;
const items = z
  .array(z.object({ skuId: id, qty: z.number().int().min(1).max(999) }))
  .min(1)
  .max(50);
const regionCode = z.string().trim().regex(REGION_RE);
const placeBody = z.object({
  items,
  address: z.object({
    name: z.string().trim().min(1).max(30),
    phone: z.string().trim().regex(PHONE_RE),
    detail: z.string().trim().min(2).max(200),
  }),
  regionCode,
  method: z.enum(PAY_METHOD_NAMES as [PayMethodName, ...PayMethodName[]]),
  remark: z.string().trim().max(200).optional(),
});
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const EXPIRE_EVERY_MS = 60_000;

/** The calendar day of the tenant (the service's TIME_ZONE), for the sales chart. */
const dayIn = (col: unknown, timeZone: string) => sql<string>`to_char((${col}) at time zone ${timeZone}, 'YYYY-MM-DD')`;

const plugin: FastifyPluginAsyncZod = async (app) => {
  // Fulfilment: the payment interface calls these once per success / refund (idempotent here too).
  app.addHook('onReady', async () => {
    const payments = (app as unknown as { payments?: ReturnType<typeof paymentsOf> }).payments;
    payments?.onPaid(MALL_PURPOSE, (p) => onMallPaid(app, p));
    payments?.onRefunded(MALL_PURPOSE, (p) => onMallRefunded(app, p));
  });
  // Unpaid orders past their time go back to stock.
  startSweep(app, 'mall: expiring orders', EXPIRE_EVERY_MS, () => expireUnpaid(app), { inTests: true });

  app.post(
    '/methods',
    { schema: { tags, summary: 'The payment methods configured on this service (sandbox always)' } },
    async (_request, reply) => reply.ok({ methods: paymentsOf(app).methods() }),
  );

  app.post(
    '/quote',
    {
      schema: {
        tags,
        summary:
          "Price a cart: its SKUs' lines, goods, freight to the region (each product's freight template), total, in fen",
        body: z.object({ items, regionCode: regionCode.optional() }),
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const q = await quote(app.db, scope, request.body.items, request.body.regionCode ?? '');
      return reply.ok(q);
    },
  );

  app.post(
    '/place',
    {
      // A buyer changes data (an order, its stock, a payment): never the visitor, and only with the storefront.
      config: { write: true, menus: ['shangquanshangcheng'] },
      schema: {
        tags,
        summary:
          'Place an order: stock taken for every item or none (outOfStock), freight computed, the payment created; answers its payUrl',
        body: placeBody,
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const { order, payUrl, qrCode } = await placeOrder(app, scope, request.body);
      return reply.ok({
        id: order.id,
        orderNo: order.orderNo,
        goodsFen: order.goodsFen,
        freightFen: order.freightFen,
        totalFen: order.totalFen,
        paymentNo: order.paymentNo,
        payUrl,
        qrCode,
      });
    },
  );

  app.post(
    '/detail',
    {
      config: { menus: ['orderManagement', 'AfterSalesOrders'] },
      schema: { tags, summary: 'An order with its items, after-sales requests and timeline', body: z.object({ id }) },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const order = await orderInScope(app.db, scope, request.body.id);
      const lines = await orderItems(app.db, order.id);
      const services = await app.db
        .select()
        .from(afterSales)
        .where(eq(afterSales.orderId, order.id))
        .orderBy(desc(afterSales.id));
      const timeline = [
        { at: order.createdAt, event: 'placed' },
        order.paidAt && { at: order.paidAt, event: 'paid' },
        order.shippedAt && {
          at: order.shippedAt,
          event: 'shipped',
          note: `${order.carrier ?? ''} ${order.trackingNo ?? ''}`.trim(),
        },
        order.completedAt && { at: order.completedAt, event: 'completed' },
        order.cancelledAt && { at: order.cancelledAt, event: 'cancelled', note: order.cancelReason ?? undefined },
        ...services.map((s) => ({ at: s.createdAt, event: 'afterSale', note: s.serviceNo })),
        order.refundedAt && { at: order.refundedAt, event: 'refunded' },
      ]
        .filter((e): e is { at: Date; event: string; note?: string } => !!e)
        .sort((a, b) => a.at.getTime() - b.at.getTime());
      // The buyer's phone is personal data: masked for the visitor and for roles without the orders screen.
      const shown = (await hidesPersonal(request, 'orderManagement')) ? maskRow(mallOrderDef.fields, order) : order;
      return reply.ok({ order: shown, items: lines, afterSales: services, timeline });
    },
  );

  app.post(
    '/ship',
    {
      config: { mark: MALL_ORDER_MARK_SHIP as PermissionMark },
      schema: {
        tags,
        summary: 'Ship a paid order with its carrier and tracking number (an unpaid one: orderNotPaid)',
        body: z.object({
          id,
          carrier: z.string().trim().min(1).max(30),
          trackingNo: z
            .string()
            .trim()
            .regex(/^[A-Za-z0-9-]{6,40}$/),
        }),
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      await ship(app, scope, request.body.id, request.body.carrier, request.body.trackingNo);
      return reply.ok(null);
    },
  );

  app.post(
    '/complete',
    {
      config: { mark: MALL_ORDER_MARK_SHIP as PermissionMark },
      schema: { tags, summary: 'Mark a shipped order received (completed)', body: z.object({ id }) },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      await complete(app, scope, request.body.id);
      return reply.ok(null);
    },
  );

  app.post(
    '/cancel',
    {
      config: { mark: MALL_ORDER_MARK_CANCEL as PermissionMark },
      schema: {
        tags,
        summary:
          'Cancel an order: unpaid ones return their stock; paid (not shipped) ones are refunded in full through the payment interface',
        body: z.object({ id, reason: z.string().trim().max(200).optional() }),
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const order = await cancelOrder(app, scope, request.body.id, request.body.reason || '');
      return reply.ok({ status: order.status });
    },
  );

  app.post(
    '/stats',
    {
      config: { menus: ['MallData'] },
      schema: {
        tags,
        summary:
          'Mall data: paid amount and orders by day, orders by status, top products, conversion (orders / product views)',
        body: z.object({ from: day, to: day }),
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const tz = app.config.timeZone;
      const from = localInstant(request.body.from, 0, tz);
      const to = localInstant(request.body.to, 24 * 60, tz);
      const scoped = tenantWhere(scope, mallOrders);
      const paidIn = and(scoped, gte(mallOrders.paidAt, from), lt(mallOrders.paidAt, to));
      const placedIn = and(scoped, gte(mallOrders.createdAt, from), lt(mallOrders.createdAt, to));
      const byDay = await app.db
        .select({
          day: dayIn(mallOrders.paidAt, tz),
          paidFen: sql<number>`sum(${mallOrders.totalFen})::int`,
          orders: sql<number>`count(*)::int`,
        })
        .from(mallOrders)
        .where(paidIn)
        // By position: the zone is a parameter, and Postgres matches a grouped expression by its text.
        .groupBy(sql`1`)
        .orderBy(sql`1`);
      const byStatus = await app.db
        .select({ status: mallOrders.status, n: sql<number>`count(*)::int` })
        .from(mallOrders)
        .where(placedIn)
        .groupBy(mallOrders.status)
        .orderBy(mallOrders.status);
      const top = await app.db
        .select({
          productId: mallOrderItems.productId,
          name: sql<string>`max(${mallOrderItems.name})`,
          qty: sql<number>`sum(${mallOrderItems.qty})::int`,
          fen: sql<number>`sum(${mallOrderItems.qty} * ${mallOrderItems.priceFen})::int`,
        })
        .from(mallOrderItems)
        .innerJoin(mallOrders, eq(mallOrders.id, mallOrderItems.orderId))
        .where(paidIn)
        .groupBy(mallOrderItems.productId)
        .orderBy(sql`sum(${mallOrderItems.qty}) desc`)
        .limit(10);
      const [placed] = await app.db
        .select({ n: sql<number>`count(*)::int` })
        .from(mallOrders)
        .where(placedIn);
      const [paid] = await app.db
        .select({ n: sql<number>`count(*)::int`, fen: sql<number>`coalesce(sum(${mallOrders.totalFen}), 0)::int` })
        .from(mallOrders)
        .where(paidIn);
      const [views] = await app.db
        .select({ n: sql<number>`coalesce(sum(${products.views}), 0)::int` })
        .from(products)
        .where(tenantWhere(scope, products));
      const refunded = await app.db
        .select({ fen: sql<number>`coalesce(sum(${mallOrders.refundedFen}), 0)::int` })
        .from(mallOrders)
        .where(and(placedIn, sql`${mallOrders.status} <> ${MALL_ORDER.unpaid}`));
      return reply.ok({
        byDay,
        byStatus,
        top,
        totals: {
          placed: placed?.n ?? 0,
          paid: paid?.n ?? 0,
          paidFen: paid?.fen ?? 0,
          refundedFen: refunded[0]?.fen ?? 0,
          views: views?.n ?? 0,
        },
        conversion: views?.n ? (paid?.n ?? 0) / views.n : 0,
      });
    },
  );
};

export default plugin;
