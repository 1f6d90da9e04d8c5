import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Code } from '../../shared/api';
import type { PermissionMark } from '../../shared/permissions';
import { tenantWhere } from '../../server/db/scope';
import { fail } from '../../server/lib/api-error';
import { authed } from '../../server/auth/request';
import { freightTemplates } from './table';

const REGION_RE = /^[^/\s]{2,30}(\/[^/\s]{2,30}){0,2}$/;
const price = z.number().min(0).max(100_000);
// Units as the template's fields have them: above zero with at most two decimals.
const unit = z
  .number()
  .min(0.01)
  .max(100_000)
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'decimalInvalid');
const ruleSchema = z.object({
  regions: z.array(z.string().trim().regex(REGION_RE)).min(1).max(400),
  firstUnit: unit,
  firstPrice: price,
  addUnit: unit,
  addPrice: price,
  freeAmount: z.number().min(0).max(10_000_000).nullable().optional(),
  freePieces: z.number().int().min(1).max(100_000).nullable().optional(),
});

const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/setRules',
    {
      config: { mark: 'freightTemplate:update' as PermissionMark },
      schema: {
        tags: ['mall'],
        summary:
          "Replace a freight template's per-region rules (regions are '省', '省/市' or '省/市/区' names of the bundled region data)",
        body: z.object({ id: z.number().int().positive(), rules: z.array(ruleSchema).max(100) }),
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const seen = new Set<string>();
      for (const r of request.body.rules)
        for (const region of r.regions) {
          if (seen.has(region)) fail(Code.BAD_REQUEST, 'freightRegionTwice', `${region}: in two rules`);
          seen.add(region);
        }
      const done = await app.db
        .update(freightTemplates)
        .set({ rules: request.body.rules })
        .where(and(eq(freightTemplates.id, request.body.id), tenantWhere(scope, freightTemplates)))
        .returning({ id: freightTemplates.id });
      if (!done.length) fail(Code.NOT_FOUND, 'notFound');
      return reply.ok(null);
    },
  );
};

export default routes;
