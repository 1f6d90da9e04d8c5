import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Code } from '../../shared/api';
import type { PermissionMark } from '../../shared/permissions';
import { sqlState } from '../../server/engine/write';
import { fail } from '../../server/lib/api-error';
import { authed } from '../../server/plugins/auth';
import productSku, { STOCK_REASONS } from './resource';
import { productSkus, stockMovements } from './table';

const tags = ['mall'];
const adjustBody = z.object({
  id: z.number().int().positive(),
  /** Signed: +20 received, -3 damaged. */
  delta: z
    .number()
    .int()
    .min(-1_000_000, 'tooSmall')
    .max(1_000_000, 'tooLarge')
    .refine((d) => d !== 0, 'required'),
  reason: z.enum(STOCK_REASONS),
  note: z.string().trim().max(200, 'tooLong').optional(),
});

const plugin: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/adjustStock',
    {
      config: { mark: `${productSku.mark}:update` as PermissionMark },
      schema: {
        tags,
        summary:
          "Change a SKU's stock by delta (never below zero: 'stockNegative') with a reason; recorded as a stock movement",
        body: adjustBody,
      },
    },
    async (request, reply) => {
      const { scope, user } = authed(request);
      const { id, delta, reason, note } = request.body;
      const after = await app.db.transaction(async (tx) => {
        let rows: { stock: number }[];
        try {
          rows = await tx
            .update(productSkus)
            .set({ stock: sql`${productSkus.stock} + ${delta}` })
            .where(and(eq(productSkus.id, id), eq(productSkus.tenantId, scope.tenantId)))
            .returning({ stock: productSkus.stock });
        } catch (err) {
          // The CHECK (stock >= 0) refuses what would go negative.
          if (sqlState(err) === '23514') fail(Code.BAD_REQUEST, 'stockNegative');
          throw err;
        }
        if (!rows.length) fail(Code.NOT_FOUND, 'notFound');
        await tx.insert(stockMovements).values({
          tenantId: scope.tenantId,
          skuId: id,
          delta,
          stockAfter: rows[0]!.stock,
          reason,
          note: note ?? null,
          operatorName: user.name || user.username,
        });
        return rows[0]!.stock;
      });
      app.events.emit('resource.changed', {
        kind: 'mall',
        name: productSku.name,
        action: 'update',
        id,
        tenantId: scope.tenantId,
        scope,
      });
      return reply.ok({ stock: after });
    },
  );

  app.post(
    '/movements',
    {
      config: { menus: [...productSku.routes] },
      schema: {
        tags,
        summary: "A SKU's stock movements, newest first (100)",
        body: z.object({ id: z.number().int().positive() }),
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const rows = await app.db
        .select()
        .from(stockMovements)
        .where(and(eq(stockMovements.skuId, request.body.id), eq(stockMovements.tenantId, scope.tenantId)))
        .orderBy(desc(stockMovements.id))
        .limit(100);
      return reply.ok({ rows });
    },
  );
};

export default plugin;
