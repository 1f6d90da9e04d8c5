import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PermissionMark } from '../../shared/permissions';
import { recordMovement } from '../../server/engine/ledger';
import { authed } from '../../server/auth/request';
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
      const after = await recordMovement(app, {
        scope,
        resource: { kind: 'mall', name: productSku.name },
        id,
        refused: 'stockNegative',
        update: (tx) =>
          tx
            .update(productSkus)
            .set({ stock: sql`${productSkus.stock} + ${delta}` })
            .where(and(eq(productSkus.id, id), eq(productSkus.tenantId, scope.tenantId)))
            .returning({ stock: productSkus.stock }),
        record: (tx, row) =>
          tx.insert(stockMovements).values({
            tenantId: scope.tenantId,
            skuId: id,
            delta,
            stockAfter: row.stock,
            reason,
            note: note ?? null,
            operatorName: user.name || user.username,
          }),
      });
      return reply.ok({ stock: after.stock });
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
