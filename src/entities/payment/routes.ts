import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Code } from '../../shared/api';
import { PAY_METHOD_NAMES, yuanToFen, type PayMethodName } from '../../shared/payments';
import type { PermissionMark } from '../../shared/permissions';
import { tenantWhere } from '../../server/db/scope';
import { fail } from '../../server/lib/api-error';
import { toPayment } from '../../server/payments';
import { authed } from '../../server/auth/request';
import { paymentEvents, payments } from './table';

const tags = ['pay'];
const MARK_REFUND: PermissionMark = 'payment:refund';
const MARK_MANAGE: PermissionMark = 'payment:manage';
/** The purpose of the operators' own test payments (POST testPay): fulfilment only logs it. */
const TEST_PURPOSE = 'test';

const orderNo = z.string().trim().min(1).max(64);
const method = z.enum(PAY_METHOD_NAMES as [PayMethodName, ...PayMethodName[]]);

/**
 * The payment's own routes under /api/pay/payment (the generic list, get and export come from the
 * engine; nothing is added, updated or deleted through it): status for the payer's page, sync,
 * change of method, and the operators' refund, close, event log and test payment.
 */
const plugin: FastifyPluginAsyncZod = async (app) => {
  const core = app.payments;
  core.onPaid(TEST_PURPOSE, async (p) => {
    app.log.info({ orderNo: p.orderNo, amountFen: p.amountFen }, 'test payment received');
  });
  core.onRefunded(TEST_PURPOSE, async (p) => {
    app.log.info({ orderNo: p.orderNo, refundedFen: p.refundedFen }, 'test payment refunded');
  });

  /** The order if the caller's tenant owns it (super administrators: any), else 'notFound'. */
  const inScope = async (request: FastifyRequest, no: string) => {
    const { scope } = authed(request);
    const row = await core.row(no, tenantWhere(scope, payments));
    return row ?? fail(Code.NOT_FOUND, 'notFound');
  };

  const view = (row: NonNullable<Awaited<ReturnType<typeof core.row>>>) => ({
    ...toPayment(row),
    currency: row.currency,
    providerRef: row.providerRef,
    expiresAt: row.expiresAt,
    closedAt: row.closedAt,
    fulfilledAt: row.fulfilledAt,
    refundFulfilledAt: row.refundFulfilledAt,
    returnPath: row.returnPath,
  });
  const fresh = async (request: FastifyRequest, no: string) => view(await inScope(request, no));

  app.post(
    '/methods',
    { schema: { tags, summary: 'The payment methods configured on this service (sandbox always)' } },
    async (_request, reply) => reply.ok(core.methods()),
  );

  app.post(
    '/status',
    { schema: { tags, summary: "A payment's state as its payer's page shows it", body: z.object({ orderNo }) } },
    async (request, reply) => reply.ok(await fresh(request, request.body.orderNo)),
  );

  app.post(
    '/sync',
    {
      // Applies the provider's answer to the payment (and fulfils a paid order).
      config: { write: true },
      schema: {
        tags,
        summary:
          'Ask the provider about the payment now and apply its answer (what the reconcile job does every minute)',
        body: z.object({ orderNo }),
      },
    },
    async (request, reply) => {
      await inScope(request, request.body.orderNo);
      await core.sync(request.body.orderNo).catch((err: unknown) => {
        request.log.warn({ err, orderNo: request.body.orderNo }, 'payment sync failed');
        fail(Code.BAD_REQUEST, 'payProviderFailed');
      });
      return reply.ok(await fresh(request, request.body.orderNo));
    },
  );

  app.post(
    '/changeMethod',
    {
      config: { write: true },
      schema: {
        tags,
        summary: "Pay an unpaid order another way: a new checkout (the same method again: 'payMethodNotChanged')",
        body: z.object({ orderNo, method }),
      },
    },
    async (request, reply) => {
      const row = await inScope(request, request.body.orderNo);
      const { checkout } = await core.changeMethod(row.orderNo, request.body.method);
      return reply.ok({ payment: await fresh(request, row.orderNo), checkout });
    },
  );

  app.post(
    '/refund',
    {
      config: { mark: MARK_REFUND },
      schema: {
        tags,
        summary: "Refund the whole remainder, or `amount` yuan of it ('orderNotPaid' before it is paid)",
        body: z.object({
          orderNo,
          amount: z.number().positive().max(1_000_000).optional(),
          reason: z.string().trim().max(200).optional(),
        }),
      },
    },
    async (request, reply) => {
      const row = await inScope(request, request.body.orderNo);
      const { amount, reason } = request.body;
      await core.refund(row.orderNo, { amountFen: amount === undefined ? undefined : yuanToFen(amount), reason });
      return reply.ok(await fresh(request, row.orderNo));
    },
  );

  app.post(
    '/close',
    {
      config: { mark: MARK_MANAGE },
      schema: {
        tags,
        summary: 'Close an unpaid order (any other state: noSuchTransition)',
        body: z.object({ orderNo }),
      },
    },
    async (request, reply) => {
      const row = await inScope(request, request.body.orderNo);
      await core.close(row.orderNo);
      return reply.ok(await fresh(request, row.orderNo));
    },
  );

  app.post(
    '/events',
    {
      config: { mark: MARK_MANAGE },
      schema: {
        tags,
        summary:
          "The payment's event log: creation, every callback (verified or refused), queries, refunds, fulfilment",
        body: z.object({ orderNo }),
      },
    },
    async (request, reply) => {
      const row = await inScope(request, request.body.orderNo);
      const rows = await app.db
        .select()
        .from(paymentEvents)
        .where(and(eq(paymentEvents.orderNo, row.orderNo)))
        .orderBy(paymentEvents.id);
      return reply.ok(rows.map(({ tenantId: _t, ...e }) => e));
    },
  );

  app.post(
    '/testPay',
    {
      config: { mark: MARK_MANAGE },
      schema: {
        tags,
        summary: 'A test payment of the operator (purpose "test"): checks a provider end to end',
        body: z.object({
          method: method.default('sandbox'),
          amount: z.number().positive().max(1_000_000).default(0.01),
        }),
      },
    },
    async (request, reply) => {
      const { scope, user } = authed(request);
      const now = app.clock.now();
      const res = await core.create(scope, {
        purpose: { kind: TEST_PURPOSE, ref: `T${now}` },
        subject: `测试支付 Test payment ${user.username}`,
        amountFen: yuanToFen(request.body.amount),
        method: request.body.method,
        returnPath: '/map/paypal',
        userId: user.id,
      });
      return reply.ok(res);
    },
  );
};

export default plugin;
