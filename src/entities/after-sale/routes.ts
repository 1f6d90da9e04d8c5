import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Code } from '../../shared/api';
import type { PermissionMark } from '../../shared/permissions';
import { canMove } from '../../shared/state-machine';
import { tenantWhere, type Scope } from '../../server/db/scope';
import { fail } from '../../server/lib/api-error';
import { authed } from '../../server/auth/request';
import { refundOrder, restock, mallOrderItems, mallOrders } from '../mall-order';
import { AFTER_SALE, AFTER_SALE_MACHINE, AFTER_SALE_MARK_REVIEW, AFTER_SALE_TYPE } from './resource';
import { afterSales } from './table';

type AfterSale = typeof afterSales.$inferSelect;

async function inScope(app: FastifyInstance, scope: Scope, id: number): Promise<AfterSale> {
  const [row] = await app.db
    .select()
    .from(afterSales)
    .where(and(eq(afterSales.id, id), tenantWhere(scope, afterSales)));
  if (!row) fail(Code.NOT_FOUND, 'notFound');
  return row!;
}

/** Moves the request if it is still where it was (one statement), else 'noSuchTransition'. */
async function move(app: FastifyInstance, row: AfterSale, to: number, set: Partial<AfterSale> = {}): Promise<void> {
  if (!canMove(AFTER_SALE_MACHINE, row.status, to)) fail(Code.BAD_REQUEST, 'noSuchTransition');
  const [moved] = await app.db
    .update(afterSales)
    .set({ status: to, ...set })
    .where(and(eq(afterSales.id, row.id), eq(afterSales.status, row.status)))
    .returning({ id: afterSales.id });
  if (!moved) fail(Code.BAD_REQUEST, 'noSuchTransition');
}

/** Pays the request's amount back through the order's payment; the request becomes refunded. */
async function refund(app: FastifyInstance, row: AfterSale): Promise<void> {
  const [order] = await app.db.select().from(mallOrders).where(eq(mallOrders.id, row.orderId));
  if (row.amountFen > 0)
    await refundOrder(app, order!, row.amountFen, `after-sale ${row.serviceNo}: ${row.reason}`.slice(0, 200));
  await app.db
    .update(afterSales)
    .set({ status: AFTER_SALE.refunded, refundedAt: new Date(app.clock.now()) })
    .where(eq(afterSales.id, row.id));
}

const id = z.number().int().positive();

const routes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['mall'];
  const reviewer = (request: Parameters<typeof authed>[0]) => {
    const { user } = authed(request);
    return user.name || user.username;
  };

  app.post(
    '/review',
    {
      config: { mark: AFTER_SALE_MARK_REVIEW as PermissionMark },
      schema: {
        tags,
        summary:
          'Approve or reject (with a comment) a pending request; an approved refund-only request is paid back at once through the payment interface',
        body: z
          .object({ id, pass: z.boolean(), comment: z.string().trim().max(200).optional() })
          .refine((b) => b.pass || !!b.comment, { message: 'required', path: ['comment'] }),
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const row = await inScope(app, scope, request.body.id);
      const to = request.body.pass ? AFTER_SALE.approved : AFTER_SALE.rejected;
      await move(app, row, to, {
        reviewComment: request.body.comment || null,
        reviewerName: reviewer(request),
        reviewedAt: new Date(app.clock.now()),
      });
      if (to === AFTER_SALE.approved && row.type === AFTER_SALE_TYPE.refund) {
        // Should the money not move, the request stays approved for `afterSale/refund` to try again.
        await refund(app, { ...row, status: AFTER_SALE.approved });
      }
      return reply.ok(await inScope(app, scope, row.id));
    },
  );

  app.post(
    '/receive',
    {
      config: { mark: AFTER_SALE_MARK_REVIEW as PermissionMark },
      schema: {
        tags,
        summary:
          'The returned goods of an approved return or exchange arrived: back to stock; a return is then refunded',
        body: z.object({ id }),
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const row = await inScope(app, scope, request.body.id);
      if (row.type === AFTER_SALE_TYPE.refund) fail(Code.BAD_REQUEST, 'noSuchTransition');
      if (!canMove(AFTER_SALE_MACHINE, row.status, AFTER_SALE.received)) fail(Code.BAD_REQUEST, 'noSuchTransition');
      await app.db.transaction(async (tx) => {
        const [moved] = await tx
          .update(afterSales)
          .set({ status: AFTER_SALE.received, receivedAt: new Date(app.clock.now()) })
          .where(and(eq(afterSales.id, row.id), eq(afterSales.status, row.status)))
          .returning({ id: afterSales.id });
        if (!moved) fail(Code.BAD_REQUEST, 'noSuchTransition');
        if (row.skuId && row.qty > 0) {
          await restock(tx, [{ skuId: row.skuId, qty: row.qty }]);
          await tx
            .update(mallOrderItems)
            .set({ returnedQty: sql`${mallOrderItems.returnedQty} + ${row.qty}` })
            .where(and(eq(mallOrderItems.orderId, row.orderId), eq(mallOrderItems.skuId, row.skuId)));
        }
      });
      if (row.type === AFTER_SALE_TYPE.returnRefund) await refund(app, { ...row, status: AFTER_SALE.received });
      return reply.ok(await inScope(app, scope, row.id));
    },
  );

  app.post(
    '/complete',
    {
      config: { mark: AFTER_SALE_MARK_REVIEW as PermissionMark },
      schema: {
        tags,
        summary: 'An exchange whose goods came back was sent the new ones: completed',
        body: z.object({ id }),
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const row = await inScope(app, scope, request.body.id);
      if (row.type !== AFTER_SALE_TYPE.exchange) fail(Code.BAD_REQUEST, 'noSuchTransition');
      await move(app, row, AFTER_SALE.completed);
      return reply.ok(null);
    },
  );

  app.post(
    '/refund',
    {
      config: { mark: AFTER_SALE_MARK_REVIEW as PermissionMark },
      schema: {
        tags,
        summary: 'Try the refund of an approved refund-only request again (after a provider failure)',
        body: z.object({ id }),
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const row = await inScope(app, scope, request.body.id);
      if (row.type !== AFTER_SALE_TYPE.refund || row.status !== AFTER_SALE.approved)
        fail(Code.BAD_REQUEST, 'noSuchTransition');
      await refund(app, row);
      return reply.ok(null);
    },
  );
};

export default routes;
