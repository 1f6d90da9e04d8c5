import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Code } from '../../shared/api';
import { devices } from '../db/schema';
import { tenantWhere } from '../db/scope';
import type { Ctx } from '../engine/types';
import { fail } from '../lib/api-error';
import { authed } from '../auth/request';

export const ctxOf = (request: FastifyRequest): Ctx => ({
  app: request.server,
  db: request.server.db,
  scope: authed(request).scope,
});

export const operatorOf = (request: FastifyRequest) => {
  const { user } = authed(request);
  return { id: user.id, name: user.name || user.username };
};

/** The device with this IMEI in the caller's scope; another tenant's device is as missing as an unknown one. */
export async function deviceInScope(app: FastifyInstance, request: FastifyRequest, imei: string) {
  const { scope } = authed(request);
  const [row] = await app.db
    .select()
    .from(devices)
    .where(and(eq(devices.imei, imei), tenantWhere(scope, devices)));
  if (!row) fail(Code.NOT_FOUND, 'notFound');
  return row!;
}
