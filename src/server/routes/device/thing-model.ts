import { eq, isNotNull, and, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Code } from '../../../shared/api';
import {
  defaultThingModel,
  kindOfProductCode,
  productIdBody,
  thingModelSaveBody,
  type MetricUnits,
  type ThingModel,
  type ThingModelAnswer,
} from '../../../shared/devices/thing-model';
import { devices, products } from '../../db/schema';
import { tenantWhere } from '../../db/scope';
import { fail } from '../../lib/api-error';
import { authed } from '../../auth/request';
import { superOnly } from '../../engine/guards';
import { ctxOf } from '../../devices/scope';

const tags = ['device'];
const EMPTY: ThingModel = { version: 1, metrics: [], commands: [] };

/** The stored model, else the model of the kind a seeded product stands for, else an empty one. */
function modelOf(row: { code: string; thingModel: ThingModel | null }): ThingModel {
  if (row.thingModel) return row.thingModel;
  const kind = kindOfProductCode(row.code);
  return kind ? defaultThingModel(kind) : EMPTY;
}

/**
 * Each product's thing model (/map/dataModel): everyone reads it, super administrators change it,
 * like the rest of the product catalogue.
 */
const thingModelRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/thingModel/get',
    { schema: { tags, summary: "A product's thing model: metrics and commands", body: productIdBody } },
    async (request, reply) => {
      const [row] = await app.db
        .select({ id: products.id, name: products.name, code: products.code, thingModel: products.thingModel })
        .from(products)
        .where(eq(products.id, request.body.productId));
      if (!row) return fail(Code.NOT_FOUND, 'notFound');
      const answer: ThingModelAnswer = {
        productId: row.id,
        name: row.name,
        code: row.code,
        model: modelOf(row),
        saved: row.thingModel !== null,
      };
      return reply.ok(answer);
    },
  );

  app.post(
    '/thingModel/save',
    {
      config: { mark: 'product:update' },
      schema: {
        tags,
        summary: "Replace a product's thing model (validated: unique keys, consistent ranges)",
        body: thingModelSaveBody,
      },
    },
    async (request, reply) => {
      superOnly(ctxOf(request));
      const [row] = await app.db
        .update(products)
        .set({ thingModel: request.body.model })
        .where(eq(products.id, request.body.productId))
        .returning({ id: products.id });
      if (!row) return fail(Code.NOT_FOUND, 'notFound');
      return reply.ok({ productId: row.id });
    },
  );

  /** Units and ranges of the metrics of the products the caller's devices belong to (the metric screens show them). */
  app.post(
    '/thingModel/units',
    {
      schema: {
        tags,
        summary: "Unit, range and precision per metric key, from the thing models of the scope's products",
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const used = app.db
        .selectDistinct({ id: devices.productId })
        .from(devices)
        .where(and(tenantWhere(scope, devices), isNotNull(devices.productId)));
      const rows = await app.db
        .select({ code: products.code, thingModel: products.thingModel })
        .from(products)
        .where(inArray(products.id, used))
        .orderBy(products.sort, products.id);
      const units: MetricUnits = {};
      for (const row of rows) {
        for (const m of modelOf(row).metrics)
          units[m.key] ??= { unit: m.unit, min: m.min, max: m.max, precision: m.precision };
      }
      return reply.ok(units);
    },
  );
};

export default thingModelRoutes;
