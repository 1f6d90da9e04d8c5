import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Code } from '../../shared/api';
import { ORDER_STATUS, PAY_METHOD_NAMES, type PayMethodName } from '../../shared/payments';
import { tenantWhere } from '../../server/db/scope';
import { fail } from '../../server/lib/api-error';
import { authed } from '../../server/auth/request';
import { BILL_REPORT_JOB } from '../../server/jobs/bill-report';
import { billReport } from '../../server/billing/report';
import { buy, cancelBill, cardInfo, fulfil, payAgain, refunded, type Bill } from './purchase';
import { BILL_MARK_REFUND, BILL_PURPOSE, BUY_MENUS } from './resource';
import { bills } from './table';

const tags = ['iot'];
const id = z.number().int().positive();
const number = z.string().trim().max(30).optional();
const cardBody = z.object({ iccid: number, msisdn: number, imei: number });
const method = z.enum(PAY_METHOD_NAMES as [PayMethodName, ...PayMethodName[]]);
const buyBody = cardBody.extend({
  packageId: id,
  method,
  periods: z.number().int().min(1).max(36).optional(),
  renew: z.boolean().optional(),
});
const batchBody = z.object({ numbers: z.array(z.string().trim().max(30)).max(100), packageId: id, method });
const reportBody = z.object({
  from: z
    .string()
    .regex(/^\d{4}-\d{2}$/)
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}$/)
    .optional(),
});
const menus = BUY_MENUS;

/** A bill as the purchase routes answer it: yuan beside fen, without internals. */
const shown = (b: Bill) => ({ ...b, amount: b.amountFen / 100, refunded: b.refundedFen / 100 });

/**
 * Purchases of SIM packages and data (/topup, /topup1, /topup2, /Recharge, /Recharge2), paying
 * and cancelling a bill (/bilList), refunds (/Bill) and the report (/Report). Fulfilment comes
 * from the payments: `onPaid` applies the package to the card once, `onRefunded` mirrors refunds.
 */
const plugin: FastifyPluginAsyncZod = async (app) => {
  for (const kind of Object.values(BILL_PURPOSE)) {
    app.payments.onPaid(kind, (payment) => fulfil(app, payment));
    app.payments.onRefunded(kind, (payment) => refunded(app, payment));
  }

  const operator = (request: Parameters<typeof authed>[0]) => {
    const { user } = authed(request);
    return { id: user.id, name: user.name || user.username };
  };

  async function billInScope(request: Parameters<typeof authed>[0], billId: number): Promise<Bill> {
    const { scope } = authed(request);
    const [row] = await app.db
      .select()
      .from(bills)
      .where(and(eq(bills.id, billId), tenantWhere(scope, bills)));
    if (!row) fail(Code.NOT_FOUND, 'notFound');
    return row!;
  }

  app.post(
    '/methods',
    { config: { menus }, schema: { tags, summary: 'The payment methods configured on this service (sandbox always)' } },
    async (_request, reply) => reply.ok(app.payments.methods()),
  );

  app.post(
    '/card',
    {
      config: { menus },
      schema: {
        tags,
        summary: 'The card named by ICCID, access number or bound device IMEI, with its current package',
        body: cardBody,
      },
    },
    async (request, reply) => reply.ok(await cardInfo(app, authed(request).scope, request.body)),
  );

  app.post(
    '/buy',
    {
      config: { write: true, menus },
      schema: {
        tags,
        summary:
          'Buy a package or data for a card (by ICCID, access number or device IMEI): a bill and its payment; the payer opens payUrl',
        body: buyBody,
      },
    },
    async (request, reply) => {
      const answer = await buy(app, authed(request).scope, operator(request), request.body);
      return reply.ok({ ...answer, bill: shown(answer.bill) });
    },
  );

  app.post(
    '/buyBatch',
    {
      config: { write: true, menus },
      schema: {
        tags,
        summary:
          'One order per card for a list of access numbers or ICCIDs; each answer has its payUrl or the key of why not',
        body: batchBody,
      },
    },
    async (request, reply) => {
      const numbers = [...new Set(request.body.numbers.filter(Boolean))];
      if (!numbers.length) fail(Code.BAD_REQUEST, 'topupNumberRequired');
      const { scope } = authed(request);
      const results = [];
      for (const n of numbers) {
        const ref = /^\d{19,20}$/.test(n) ? { iccid: n } : { msisdn: n };
        try {
          const answer = await buy(app, scope, operator(request), {
            ...ref,
            packageId: request.body.packageId,
            method: request.body.method,
          });
          results.push({ number: n, bill: shown(answer.bill), payUrl: answer.payUrl, reused: answer.reused });
        } catch (err) {
          const key = (err as { key?: string }).key;
          if (!key) throw err;
          results.push({ number: n, key, msg: (err as Error).message });
        }
      }
      return reply.ok(results);
    },
  );

  app.post(
    '/pay',
    {
      config: { write: true, menus },
      schema: {
        tags,
        summary: 'Where to pay an unpaid bill: its payUrl, or a fresh order when its payment expired',
        body: z.object({ id }),
      },
    },
    async (request, reply) => {
      const row = await billInScope(request, request.body.id);
      const answer = await payAgain(app, authed(request).scope, operator(request), row);
      return reply.ok({ ...answer, bill: shown(answer.bill) });
    },
  );

  app.post(
    '/cancel',
    {
      config: { write: true, menus },
      schema: { tags, summary: 'Cancel an unpaid bill (its payment is closed)', body: z.object({ id }) },
    },
    async (request, reply) => {
      const row = await billInScope(request, request.body.id);
      return reply.ok(shown(await cancelBill(app, row)));
    },
  );

  app.post(
    '/refund',
    {
      config: { mark: BILL_MARK_REFUND },
      schema: {
        tags,
        summary: 'Refund a paid bill through its payment (all of it)',
        body: z.object({ id, reason: z.string().trim().max(200).optional() }),
      },
    },
    async (request, reply) => {
      const row = await billInScope(request, request.body.id);
      if (row.status !== ORDER_STATUS.paid || row.refundedFen >= row.amountFen)
        fail(Code.BAD_REQUEST, 'billNotRefundable');
      const payment = await app.payments.refund(row.orderNo, { reason: request.body.reason });
      // onRefunded has mirrored it when the provider refunded at once; mirror anyway (idempotent).
      await refunded(app, payment);
      const [now] = await app.db.select().from(bills).where(eq(bills.id, row.id));
      return reply.ok(shown(now!));
    },
  );

  app.post(
    '/report',
    {
      config: { menus: ['Report'] },
      schema: {
        tags,
        summary: 'Revenue and usage by month, carrier, package (and tenant for the platform)',
        body: reportBody,
      },
    },
    async (request, reply) => reply.ok(await billReport(app, authed(request).scope, request.body)),
  );

  app.post(
    '/reportJob',
    {
      config: { write: true, menus: ['Report'] },
      schema: {
        tags,
        summary: 'Export the report (XLSX) as a background job; the file appears in DownloadTask',
        body: reportBody,
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const span = [request.body.from, request.body.to].filter(Boolean).join(' ~ ');
      const job = await app.jobs.enqueue(scope, BILL_REPORT_JOB, `账单报表${span ? `：${span}` : ''}`, {
        ...request.body,
      });
      return reply.ok(job);
    },
  );
};

export default plugin;
