import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Code } from '../../shared/api';
import { hasMark, type PermissionMark } from '../../shared/permissions';
import { resolveToken, tokenFromHeader } from '../auth/sessions';
import { fail, sessionExpired } from '../lib/api-error';
import { marksFor } from '../repos/navigation';
import { grantsMenu } from '../auth/request';
import { isIntegrationKey, keyMayHoldMark, resolveIntegrationKey } from '../../entities/integration-key';

/**
 * The caller of an integration key (src/entities/integration-key), looked up on every request so
 * that a revocation counts at once on every replica. The request keeps the key for the audit
 * (plugins/audit.ts), refused or not.
 */
async function keyCaller(request: FastifyRequest, key: string) {
  const found = await resolveIntegrationKey(request.server, key, request.ip);
  if (!found) return undefined;
  request.integrationKey = { id: found.keyId, tenantId: found.tenantId, userId: found.userId };
  if (found.refused) fail(found.refused.code, found.refused.key);
  return found.live;
}

/** preHandler: a live session (or integration key) or code 208; sets request.scope, request.user and request.tokenHash. */
async function requireAuth(request: FastifyRequest): Promise<void> {
  if (request.scope) return;
  const token = tokenFromHeader(request.headers.authorization);
  const live = isIntegrationKey(token) ? await keyCaller(request, token) : await resolveToken(request.server, token);
  if (!live) sessionExpired();
  request.scope = live.scope;
  request.user = live.user;
  request.tokenHash = live.tokenHash;
}

/** Visitors are read-only: every route that changes data refuses them. */
export async function requireWritable(request: FastifyRequest): Promise<void> {
  await requireAuth(request);
  if (request.scope!.kind === 'visitor') fail(Code.FORBIDDEN, 'readOnlyVisitor');
}

/** preHandler factory: the caller's roles must grant `mark` (super administrators hold every mark). */
export function requirePermission(mark: PermissionMark) {
  return async (request: FastifyRequest): Promise<void> => {
    await requireWritable(request);
    // A key never uses the administration of accounts, roles or keys, even if its role held it.
    if (request.integrationKey && !keyMayHoldMark(mark)) fail(Code.FORBIDDEN, 'apiKeyNotAllowed');
    const marks = await marksFor(request.server.db, request.scope!);
    if (!hasMark(marks, mark)) fail(Code.FORBIDDEN, 'noPermission');
  };
}

/** The OpenAPI extension that names an operation's declared access (see accessOf). */
export const ACCESS_EXTENSION = 'x-access';

/**
 * A route's declared access in one word for the OpenAPI document: `public`, `read` (any live
 * session, the visitor included), `write` (no visitor) or `mark:<entity>:<action>`; a `menus`
 * requirement is added after a space.
 */
export function accessOf(cfg: FastifyContextConfig): string {
  const base = cfg.public ? 'public' : cfg.mark ? `mark:${cfg.mark}` : cfg.write ? 'write' : 'read';
  return cfg.menus?.length ? `${base} menus:${cfg.menus.join(',')}` : base;
}

/** The route's declared access (its `config`), enforced before the body is even parsed. */
export async function routeGuard(request: FastifyRequest): Promise<void> {
  const cfg = request.routeOptions.config;
  if (cfg.public) return;
  if (cfg.mark) await requirePermission(cfg.mark)(request);
  else if (cfg.write) await requireWritable(request);
  else await requireAuth(request);
  if (cfg.menus && !(await grantsMenu(request, cfg.menus))) fail(Code.FORBIDDEN, 'noPermission');
}

async function auth(app: FastifyInstance) {
  app.decorateRequest('scope', null);
  app.decorateRequest('user', null);
  app.decorateRequest('tokenHash', null);
  app.decorateRequest('integrationKey', null);
}

export default fp(auth, { name: 'auth', dependencies: ['db'] });
