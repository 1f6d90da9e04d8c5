import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Code } from '../../shared/api';
import { MESSAGES } from '../../shared/messages';
import { envelope, fail } from '../lib/api-error';
import { requireWritable } from './auth';
import { authed } from '../auth/request';
import { realProviders, SANDBOX_PAGE_SCRIPT, SandboxProvider, type Deliver, Payments } from '../payments';
import { startSweep } from '../lib/sweep';

interface PaymentsPluginOptions {
  /** How often the reconcile job runs (default PAY_RECONCILE_S, every minute; 0: never, tests call reconcile()). */
  reconcileMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    sandboxPay: SandboxProvider;
  }
}

const orderNoParam = z.object({ orderNo: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });

/**
 * The payment service (`app.payments`, docs/payments.md): the sandbox plus the real providers
 * whose keys are set, the providers' public callback route, the sandbox's pay page, and the
 * reconcile job.
 */
async function paymentsPlugin(app: FastifyInstance, opts: PaymentsPluginOptions) {
  // The sandbox calls back into this very service: over HTTP to its own listener once it listens,
  // through inject before (tests that never listen).
  const deliver: Deliver = async (path, body, headers) => {
    const addr = app.server.listening ? (app.server.address() as AddressInfo | null) : null;
    if (addr && typeof addr === 'object') {
      const host =
        addr.address === '0.0.0.0' || addr.address === '::'
          ? '127.0.0.1'
          : addr.family === 'IPv6'
            ? `[${addr.address}]`
            : addr.address;
      const res = await fetch(`http://${host}:${addr.port}${path}`, {
        method: 'POST',
        body,
        headers,
        signal: AbortSignal.timeout(10_000),
      });
      return { status: res.status, body: await res.text() };
    }
    const res = await app.inject({ method: 'POST', url: path, payload: body, headers });
    return { status: res.statusCode, body: res.body };
  };
  const publicBase = app.config.publicUrl ?? '';
  const { payCore } = app.config;
  const sandbox = new SandboxProvider({
    db: app.db,
    clock: app.clock,
    log: app.log,
    publicBase,
    deliver,
    secret: payCore.sandboxSecret,
  });
  // The sandbox pays without money: off in production unless PAY_SANDBOX turns it on.
  const providers = [...(payCore.sandbox ? [sandbox] : []), ...realProviders(app.config.payments, app.log)];
  const service = new Payments(app.db, app.clock, app.log, providers, {
    publicBase,
    timeZone: app.config.timeZone,
    expireMs: payCore.expireMin * 60_000,
  });
  app.decorate('payments', service);
  app.decorate('sandboxPay', sandbox);

  await app.register(
    async (pub) => {
      const r = pub.withTypeProvider<ZodTypeProvider>();
      // Signatures cover the exact bytes: every body here arrives as the text it was sent as.
      pub.removeAllContentTypeParsers();
      pub.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_req, body, done) =>
        done(null, body),
      );

      r.post(
        '/notify/:method',
        {
          config: { public: true },
          schema: {
            tags: ['pay'],
            summary: "A payment provider's notification (signature verified, logged in payment_events)",
            params: z.object({ method: z.string().max(20) }),
          },
        },
        async (request, reply) => {
          const rawBody = typeof request.body === 'string' ? request.body : '';
          const outcome = await service.notify(request.params.method, {
            headers: request.headers,
            rawBody,
            query: request.query as Record<string, string>,
          });
          if (outcome.result === 'badSignature')
            return reply
              .status(401)
              .send(envelope(Code.BAD_REQUEST, 'paySignatureInvalid', null, MESSAGES.paySignatureInvalid));
          return reply
            .status(outcome.answer.status)
            .header('content-type', outcome.answer.contentType)
            .header('x-pay-result', outcome.result)
            .send(outcome.answer.body);
        },
      );

      if (!payCore.sandbox) return;

      r.get(
        '/sandbox/pay.js',
        { config: { public: true }, schema: { tags: ['pay'], summary: "The sandbox pay page's script" } },
        async (_request, reply) =>
          reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(SANDBOX_PAGE_SCRIPT),
      );

      r.get(
        '/sandbox/:orderNo',
        {
          config: { public: true },
          schema: { tags: ['pay'], summary: "The sandbox provider's pay page (HTML)", params: orderNoParam },
        },
        async (request, reply) => {
          const html = await sandbox.page(request.params.orderNo);
          reply.header('cache-control', 'no-store');
          if (!html)
            return reply
              .status(404)
              .type('text/html; charset=utf-8')
              .send(
                '<!doctype html><meta charset="utf-8"><title>404</title><p>没有这笔沙箱订单 · No such sandbox order</p>',
              );
          return reply.type('text/html; charset=utf-8').send(html);
        },
      );

      // The buttons take the payer's own session (the page's script sends the console's token in
      // Authorization): only the user who created the payment pays it, never the visitor or another
      // user. A missing order and someone else's get the same answer.
      r.post(
        '/sandbox/:orderNo/:action',
        {
          // This plugin sits outside the /api routes' guard: the route asks for the session itself.
          config: { write: true },
          onRequest: requireWritable,
          schema: {
            tags: ['pay'],
            summary:
              "The sandbox pay page's buttons, as the payer who created the payment: pay (signed callback), fail, cancel; answers where the browser goes",
            params: orderNoParam.extend({ action: z.enum(['pay', 'fail', 'cancel']) }),
          },
        },
        async (request, reply) => {
          const { scope } = authed(request);
          const { orderNo, action } = request.params;
          const payment = await service.row(orderNo);
          const payer =
            !!payment &&
            payment.userId !== null &&
            payment.userId === scope.userId &&
            payment.tenantId === scope.tenantId;
          const back = payer ? await sandbox.act(orderNo, action) : undefined;
          if (!back) return fail(Code.FORBIDDEN, 'noPermission');
          return reply.ok({ back });
        },
      );
    },
    { prefix: '/api/pay' },
  );

  // Off in tests unless a test asks for it (reconcileMs).
  startSweep(
    app,
    'payment reconcile',
    opts.reconcileMs ?? payCore.reconcileS * 1000,
    async () => {
      const r = await service.reconcile();
      if (r.synced || r.closed || r.fulfilled) app.log.info(r, 'payments reconciled');
    },
    { inTests: opts.reconcileMs !== undefined },
  );
}

export default fp(paymentsPlugin, { name: 'payments', dependencies: ['db'] });
