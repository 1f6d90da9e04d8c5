import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Code } from '../../shared/api';
import type { PermissionMark } from '../../shared/permissions';
import { DEFAULT_PAGE_SIZE } from '../../shared/resources/paging';
import { idBody } from '../../shared/resources/list';
import { integrationOutbox } from '../../server/db/tables';
import { scopedWhere } from '../../server/db/scope';
import { testEvent } from '../../server/integrations/events';
import { fail } from '../../server/lib/api-error';
import { authed } from '../../server/auth/request';
import webhook from './resource';
import type { WebhookDelivery, WebhookSendResult } from '../../shared/webhooks';
import { webhooks } from './table';

const deliveriesBody = z.object({
  id: z.number().int().positive(),
  page: z.number().int().min(1).default(1),
  size: z.number().int().min(1).max(100).default(DEFAULT_PAGE_SIZE),
});
const sendAgainBody = z.object({ id: z.number().int().positive(), deliveryId: z.number().int().positive() });

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The caller's endpoint, or "not found" (another company's id included). */
async function endpointInScope(request: FastifyRequest, id: number) {
  const { scope } = authed(request);
  const [row] = await request.server.db
    .select({ id: webhooks.id, tenantId: webhooks.tenantId })
    .from(webhooks)
    .where(scopedWhere(scope, webhooks, eq(webhooks.id, id)));
  return row ?? fail(Code.NOT_FOUND, 'notFound');
}

/**
 * An endpoint's test event, its deliveries and "send again" (docs/integrations.md), under
 * /api/integration/webhook beside the registry's list/get/add/update/delete.
 */
const webhookActions: FastifyPluginAsyncZod = async (app) => {
  const tags = ['integration'];
  const menus = [...webhook.routes];

  app.post(
    '/test',
    {
      config: { mark: 'webhook:update' as PermissionMark },
      schema: { tags, summary: "Send a 'test' event to an endpoint now and answer the outcome", body: idBody },
    },
    async (request, reply) => {
      const w = await endpointInScope(request, request.body.id);
      const res = await app.outbox.sendNow(
        'webhook',
        w.id,
        w.tenantId,
        testEvent(w.tenantId, new Date(app.clock.now())),
      );
      return reply.ok<WebhookSendResult>({
        ok: res.ok,
        status: res.status ?? null,
        durationMs: Math.round(res.durationMs),
        excerpt: res.excerpt ?? null,
      });
    },
  );

  app.post(
    '/deliveries',
    {
      config: { menus },
      schema: {
        tags,
        summary: "An endpoint's deliveries, newest first (the last 1,000 are kept)",
        body: deliveriesBody,
      },
    },
    async (request, reply) => {
      const w = await endpointInScope(request, request.body.id);
      const { page, size } = request.body;
      const where = and(eq(integrationOutbox.targetKind, 'webhook'), eq(integrationOutbox.targetId, w.id));
      const [rows, [total]] = await Promise.all([
        app.db
          .select()
          .from(integrationOutbox)
          .where(where)
          .orderBy(desc(integrationOutbox.id))
          .limit(size)
          .offset((page - 1) * size),
        app.db.select({ n: count() }).from(integrationOutbox).where(where),
      ]);
      return reply.ok({
        total: Number(total?.n ?? 0),
        rows: rows.map((r): WebhookDelivery => ({
          id: r.id,
          eventId: r.eventId,
          eventType: r.eventType,
          state: r.state,
          attempts: r.attempts,
          status: r.lastStatus,
          durationMs: r.lastDurationMs,
          excerpt: r.lastExcerpt,
          createdAt: r.createdAt.toISOString(),
          lastAt: iso(r.lastAt),
          nextAt: r.nextAt.toISOString(),
          deliveredAt: iso(r.deliveredAt),
        })),
      });
    },
  );

  app.post(
    '/sendAgain',
    {
      config: { mark: 'webhook:update' as PermissionMark },
      schema: { tags, summary: 'Deliver one of the endpoint’s deliveries again now', body: sendAgainBody },
    },
    async (request, reply) => {
      const w = await endpointInScope(request, request.body.id);
      const res = await app.outbox.sendAgain('webhook', w.id, request.body.deliveryId);
      if (!res) fail(Code.NOT_FOUND, 'notFound');
      return reply.ok<WebhookSendResult>({
        ok: res.ok,
        status: res.status ?? null,
        durationMs: Math.round(res.durationMs),
        excerpt: res.excerpt ?? null,
      });
    },
  );
};

export default webhookActions;
