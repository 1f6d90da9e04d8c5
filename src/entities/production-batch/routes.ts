import { and, asc, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Code } from '../../shared/api';
import type { PermissionMark } from '../../shared/permissions';
import { canMove } from '../../shared/state-machine';
import { productionRecords } from '../production-record';
import { products } from '../device-product';
import type { Tx } from '../../server/engine/types';
import { likePattern, qualified } from '../../server/engine/query';
import { fail } from '../../server/lib/api-error';
import { authed } from '../../server/auth/request';
import { superOnly } from '../../server/engine/guards';
import productionBatch, { BATCH_MACHINE, BATCH_OPEN_STATES, BATCH_STATE, QA_RESULT } from './resource';
import { productionBatches, productionBatchRecords } from './table';

const tags = ['device'];
const MENUS = [...productionBatch.routes];
const UPDATE = `${productionBatch.mark}:update` as PermissionMark;
const idBody = z.object({ id: z.number().int().positive() });
const recordsBody = idBody.extend({
  recordIds: z.array(z.number().int().positive()).min(1, 'nothingSelected').max(1000, 'tooLarge'),
});
const qaBody = idBody.extend({
  results: z
    .array(
      z.object({
        recordId: z.number().int().positive(),
        result: z.union([z.literal(QA_RESULT.passed), z.literal(QA_RESULT.failed)]),
        note: z.string().trim().max(200, 'tooLong').optional(),
      }),
    )
    .min(1, 'nothingSelected')
    .max(1000, 'tooLarge'),
});
const moveBody = idBody.extend({ to: z.number().int() });
const candidatesBody = z.object({
  keyword: z.string().trim().max(64, 'tooLong').optional(),
  productId: z.number().int().positive().optional(),
});

/** The batch, locked for the rest of the transaction (links, QA and moves of one batch serialise). */
async function lockBatch(tx: Tx, id: number) {
  const [batch] = await tx.select().from(productionBatches).where(eq(productionBatches.id, id)).for('update');
  if (!batch) fail(Code.NOT_FOUND, 'notFound');
  return batch!;
}

async function counts(tx: Tx, id: number) {
  const [c] = await tx
    .select({
      produced: sql<number>`count(*)::int`,
      passed: sql<number>`(count(*) filter (where ${productionBatchRecords.qa} = ${QA_RESULT.passed}))::int`,
      failed: sql<number>`(count(*) filter (where ${productionBatchRecords.qa} = ${QA_RESULT.failed}))::int`,
      pending: sql<number>`(count(*) filter (where ${productionBatchRecords.qa} = ${QA_RESULT.pending}))::int`,
    })
    .from(productionBatchRecords)
    .where(eq(productionBatchRecords.batchId, id));
  return c!;
}

const plugin: FastifyPluginAsyncZod = async (app) => {
  const changed = (request: Parameters<typeof authed>[0], id: number) =>
    app.events.emit('resource.changed', {
      kind: productionBatch.kind,
      name: productionBatch.name,
      action: 'update',
      id,
      tenantId: undefined,
      scope: authed(request).scope,
    });

  app.post(
    '/records',
    {
      config: { menus: MENUS },
      schema: { tags, summary: "A batch's production records with their QA results, and its counts", body: idBody },
    },
    async (request, reply) => {
      const [batch] = await app.db
        .select({ id: productionBatches.id })
        .from(productionBatches)
        .where(eq(productionBatches.id, request.body.id));
      if (!batch) fail(Code.NOT_FOUND, 'notFound');
      const rows = await app.db
        .select({
          recordId: productionRecords.id,
          imei: productionRecords.imei,
          serial: productionRecords.serial,
          model: productionRecords.model,
          productionDate: productionRecords.productionDate,
          qa: productionBatchRecords.qa,
          qaNote: productionBatchRecords.qaNote,
          qaBy: productionBatchRecords.qaBy,
          qaAt: productionBatchRecords.qaAt,
        })
        .from(productionBatchRecords)
        .innerJoin(productionRecords, eq(productionRecords.id, productionBatchRecords.recordId))
        .where(eq(productionBatchRecords.batchId, request.body.id))
        .orderBy(asc(productionRecords.id));
      return reply.ok({ rows, counts: await app.db.transaction((tx) => counts(tx, request.body.id)) });
    },
  );

  app.post(
    '/candidates',
    {
      config: { menus: MENUS },
      schema: {
        tags,
        summary: 'Production records in no batch yet (newest 100), by IMEI/serial keyword and product',
        body: candidatesBody,
      },
    },
    async (request, reply) => {
      const { keyword, productId } = request.body;
      const rows = await app.db
        .select({
          id: productionRecords.id,
          imei: productionRecords.imei,
          serial: productionRecords.serial,
          model: productionRecords.model,
          productId: productionRecords.productId,
          productionDate: productionRecords.productionDate,
        })
        .from(productionRecords)
        .leftJoin(productionBatchRecords, eq(productionBatchRecords.recordId, productionRecords.id))
        .where(
          and(
            isNull(productionBatchRecords.id),
            productId ? eq(productionRecords.productId, productId) : undefined,
            keyword
              ? or(
                  ilike(productionRecords.imei, likePattern(keyword)),
                  ilike(productionRecords.serial, likePattern(keyword)),
                )
              : undefined,
          ),
        )
        .orderBy(desc(productionRecords.id))
        .limit(100);
      return reply.ok({ rows });
    },
  );

  app.post(
    '/link',
    {
      config: { mark: UPDATE },
      schema: {
        tags,
        summary:
          "Add production records to a planned or in-production batch ('batchNotOpen'); a record in another batch is 'batchRecordTaken'",
        body: recordsBody,
      },
    },
    async (request, reply) => {
      superOnly(authed(request));
      const { id, recordIds } = request.body;
      const unique = [...new Set(recordIds)];
      const result = await app.db.transaction(async (tx) => {
        const batch = await lockBatch(tx, id);
        if (!BATCH_OPEN_STATES.includes(batch.state)) fail(Code.BAD_REQUEST, 'batchNotOpen');
        const found = await tx
          .select({ id: productionRecords.id })
          .from(productionRecords)
          .where(inArray(productionRecords.id, unique));
        if (found.length !== unique.length) fail(Code.BAD_REQUEST, 'refInvalid');
        const taken = await tx
          .select({ batchId: productionBatchRecords.batchId })
          .from(productionBatchRecords)
          .where(inArray(productionBatchRecords.recordId, unique));
        if (taken.some((r) => r.batchId !== id)) fail(Code.CONFLICT, 'batchRecordTaken');
        // A record linked meanwhile by another batch's transaction hits the unique index: the same answer.
        const added = await tx
          .insert(productionBatchRecords)
          .values(unique.map((recordId) => ({ batchId: id, recordId })))
          .onConflictDoNothing()
          .returning({ recordId: productionBatchRecords.recordId });
        const mine = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(productionBatchRecords)
          .where(and(eq(productionBatchRecords.batchId, id), inArray(productionBatchRecords.recordId, unique)));
        if ((mine[0]?.n ?? 0) !== unique.length) fail(Code.CONFLICT, 'batchRecordTaken');
        return { added: added.length, counts: await counts(tx, id) };
      });
      changed(request, id);
      return reply.ok(result);
    },
  );

  app.post(
    '/unlink',
    {
      config: { mark: UPDATE },
      schema: {
        tags,
        summary: "Take production records out of a planned or in-production batch ('batchNotOpen')",
        body: recordsBody,
      },
    },
    async (request, reply) => {
      superOnly(authed(request));
      const { id, recordIds } = request.body;
      const result = await app.db.transaction(async (tx) => {
        const batch = await lockBatch(tx, id);
        if (!BATCH_OPEN_STATES.includes(batch.state)) fail(Code.BAD_REQUEST, 'batchNotOpen');
        const gone = await tx
          .delete(productionBatchRecords)
          .where(and(eq(productionBatchRecords.batchId, id), inArray(productionBatchRecords.recordId, recordIds)))
          .returning({ id: productionBatchRecords.id });
        return { removed: gone.length, counts: await counts(tx, id) };
      });
      changed(request, id);
      return reply.ok(result);
    },
  );

  app.post(
    '/qa',
    {
      config: { mark: UPDATE },
      schema: {
        tags,
        summary:
          "Enter QA results (1 passed, 2 failed, with a note) for records of a batch in QA ('batchNotInQa'); answers the batch's counts",
        body: qaBody,
      },
    },
    async (request, reply) => {
      superOnly(authed(request));
      const { id, results } = request.body;
      const { user } = authed(request);
      const result = await app.db.transaction(async (tx) => {
        const batch = await lockBatch(tx, id);
        if (batch.state !== BATCH_STATE.qa) fail(Code.BAD_REQUEST, 'batchNotInQa');
        const ids = [...new Set(results.map((r) => r.recordId))];
        const linked = await tx
          .select({ recordId: productionBatchRecords.recordId })
          .from(productionBatchRecords)
          .where(and(eq(productionBatchRecords.batchId, id), inArray(productionBatchRecords.recordId, ids)));
        if (linked.length !== ids.length) fail(Code.BAD_REQUEST, 'refInvalid');
        const at = new Date(app.clock.now());
        for (const r of results) {
          await tx
            .update(productionBatchRecords)
            .set({ qa: r.result, qaNote: r.note || null, qaBy: user.name || user.username, qaAt: at })
            .where(and(eq(productionBatchRecords.batchId, id), eq(productionBatchRecords.recordId, r.recordId)));
        }
        return { counts: await counts(tx, id) };
      });
      changed(request, id);
      return reply.ok(result);
    },
  );

  app.post(
    '/move',
    {
      config: { mark: UPDATE },
      schema: {
        tags,
        summary:
          "Move a batch: planned -> in production -> QA (needs a record: 'batchEmpty') -> done (every record QA'd: 'batchQaPending'), QA -> in production for rework; else 'noSuchTransition'",
        body: moveBody,
      },
    },
    async (request, reply) => {
      superOnly(authed(request));
      const { id, to } = request.body;
      const state = await app.db.transaction(async (tx) => {
        const batch = await lockBatch(tx, id);
        if (!canMove(BATCH_MACHINE, batch.state, to)) fail(Code.BAD_REQUEST, 'noSuchTransition');
        const c = await counts(tx, id);
        if (to === BATCH_STATE.qa && c.produced === 0) fail(Code.BAD_REQUEST, 'batchEmpty');
        if (to === BATCH_STATE.done && c.pending > 0) fail(Code.BAD_REQUEST, 'batchQaPending');
        await tx.update(productionBatches).set({ state: to }).where(eq(productionBatches.id, id));
        return to;
      });
      changed(request, id);
      return reply.ok({ id, state });
    },
  );

  app.post(
    '/summary',
    {
      config: { menus: MENUS },
      schema: { tags, summary: 'Batches by state, totals (planned, produced, passed, failed) and per product' },
    },
    async (_request, reply) => {
      const perBatch = app.db
        .select({
          id: productionBatches.id,
          productId: productionBatches.productId,
          state: productionBatches.state,
          planned: productionBatches.quantityPlanned,
          produced:
            sql<number>`(select count(*) from ${productionBatchRecords} r where r.batch_id = ${qualified(productionBatches.id)})`.as(
              'produced',
            ),
          passed:
            sql<number>`(select count(*) from ${productionBatchRecords} r where r.batch_id = ${qualified(productionBatches.id)} and r.qa = ${QA_RESULT.passed})`.as(
              'passed',
            ),
          failed:
            sql<number>`(select count(*) from ${productionBatchRecords} r where r.batch_id = ${qualified(productionBatches.id)} and r.qa = ${QA_RESULT.failed})`.as(
              'failed',
            ),
        })
        .from(productionBatches)
        .as('b');
      const [byState, byProduct] = await Promise.all([
        app.db
          .select({
            state: perBatch.state,
            batches: sql<number>`count(*)::int`,
            planned: sql<number>`sum(${perBatch.planned})::int`,
            produced: sql<number>`sum(${perBatch.produced})::int`,
          })
          .from(perBatch)
          .groupBy(perBatch.state)
          .orderBy(perBatch.state),
        app.db
          .select({
            productId: perBatch.productId,
            name: products.name,
            batches: sql<number>`count(*)::int`,
            planned: sql<number>`sum(${perBatch.planned})::int`,
            produced: sql<number>`sum(${perBatch.produced})::int`,
            passed: sql<number>`sum(${perBatch.passed})::int`,
            failed: sql<number>`sum(${perBatch.failed})::int`,
          })
          .from(perBatch)
          .innerJoin(products, eq(products.id, perBatch.productId))
          .groupBy(perBatch.productId, products.name)
          .orderBy(products.name),
      ]);
      const sum = (k: 'planned' | 'produced' | 'passed' | 'failed' | 'batches') =>
        byProduct.reduce((n, r) => n + Number(r[k] ?? 0), 0);
      const totals = {
        batches: sum('batches'),
        planned: sum('planned'),
        produced: sum('produced'),
        passed: sum('passed'),
        failed: sum('failed'),
      };
      return reply.ok({
        byState,
        byProduct,
        totals,
        passRate:
          totals.passed + totals.failed
            ? Math.round((totals.passed / (totals.passed + totals.failed)) * 1000) / 10
            : null,
      });
    },
  );
};

export default plugin;
