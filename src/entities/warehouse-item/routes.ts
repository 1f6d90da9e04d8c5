import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Code } from '../../shared/api';
import type { PermissionMark } from '../../shared/permissions';
import { recordMovement } from '../../server/engine/ledger';
import { fail } from '../../server/lib/api-error';
import { authed } from '../../server/auth/request';
import warehouseItem, {
  isTonAmount,
  MAX_MOVE_TONS,
  tonsToKg,
  WAREHOUSE_MOVE,
  WAREHOUSE_MOVES,
  type WarehouseMove,
} from './resource';
import { warehouseItems, warehouseMovements } from './table';

const tags = ['site'];
const moveBody = z.object({
  id: z.number().int().positive(),
  kind: z.enum(WAREHOUSE_MOVES),
  /** Tons, at most three decimals; positive, except an adjustment which is signed (non-zero). */
  quantity: z
    .number()
    .min(-MAX_MOVE_TONS, 'tooSmall')
    .max(MAX_MOVE_TONS, 'tooLarge')
    .refine(isTonAmount, 'warehouseQuantityInvalid')
    .refine((q) => tonsToKg(q) !== 0, 'warehouseQuantityInvalid'),
  note: z.string().trim().max(200, 'tooLong').optional(),
});

/** The column a movement changes, and by how many kilograms. */
function change(kind: WarehouseMove, kg: number) {
  switch (kind) {
    case WAREHOUSE_MOVE.in:
    case WAREHOUSE_MOVE.adjust:
      return { stockKg: sql`${warehouseItems.stockKg} + ${kg}` };
    case WAREHOUSE_MOVE.used:
      return { usedKg: sql`${warehouseItems.usedKg} + ${kg}` };
    case WAREHOUSE_MOVE.unqualified:
      return { unqualifiedKg: sql`${warehouseItems.unqualifiedKg} + ${kg}` };
  }
}

const plugin: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/move',
    {
      config: { mark: `${warehouseItem.mark}:update` as PermissionMark },
      schema: {
        tags,
        summary:
          "Record a movement of a warehouse item: in (stock +), used (used +), unqualified (unqualified +) or adjust (stock, signed); tons with 3 decimals. Remaining never goes below zero ('warehouseOverdraw'); answers the item's figures",
        body: moveBody,
      },
    },
    async (request, reply) => {
      const { scope, user } = authed(request);
      const { id, kind, quantity, note } = request.body;
      const kg = tonsToKg(quantity);
      if (kind !== WAREHOUSE_MOVE.adjust && kg < 0) fail(Code.BAD_REQUEST, 'warehouseQuantityInvalid');
      const row = await recordMovement(app, {
        scope,
        resource: warehouseItem,
        id,
        refused: 'warehouseOverdraw',
        update: (tx) =>
          tx
            .update(warehouseItems)
            .set(change(kind, kg))
            .where(and(eq(warehouseItems.id, id), eq(warehouseItems.tenantId, scope.tenantId)))
            .returning({
              stock: warehouseItems.stock,
              used: warehouseItems.used,
              unqualified: warehouseItems.unqualified,
              remaining: warehouseItems.remaining,
              remainingKg: sql<number>`${warehouseItems.stockKg} - ${warehouseItems.usedKg} - ${warehouseItems.unqualifiedKg}`,
            }),
        record: (tx, after) =>
          tx.insert(warehouseMovements).values({
            tenantId: scope.tenantId,
            itemId: id,
            kind,
            quantityKg: kg,
            remainingKgAfter: Number(after.remainingKg),
            note: note || null,
            operatorId: user.id,
            operatorName: user.name || user.username,
          }),
      });
      return reply.ok({ id, stock: row.stock, used: row.used, unqualified: row.unqualified, remaining: row.remaining });
    },
  );

  app.post(
    '/movements',
    {
      config: { menus: [...warehouseItem.routes] },
      schema: {
        tags,
        summary: "A warehouse item's movements, newest first (200): kind, tons, remaining after, who, when, note",
        body: z.object({ id: z.number().int().positive() }),
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const rows = await app.db
        .select({
          id: warehouseMovements.id,
          kind: warehouseMovements.kind,
          quantity: sql<number>`${warehouseMovements.quantityKg}::float8 / 1000`,
          remainingAfter: sql<number>`${warehouseMovements.remainingKgAfter}::float8 / 1000`,
          note: warehouseMovements.note,
          operatorName: warehouseMovements.operatorName,
          createdAt: warehouseMovements.createdAt,
        })
        .from(warehouseMovements)
        .where(and(eq(warehouseMovements.itemId, request.body.id), eq(warehouseMovements.tenantId, scope.tenantId)))
        .orderBy(desc(warehouseMovements.id))
        .limit(200);
      return reply.ok({ rows });
    },
  );
};

export default plugin;
