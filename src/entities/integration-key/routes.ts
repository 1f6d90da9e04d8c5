import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Code } from '../../shared/api';
import { formSchema } from '../../shared/resources/schema';
import { idBody } from '../../shared/resources/list';
import { addRow } from '../../server/engine/write';
import { getRow } from '../../server/engine/query';
import { bindingFor } from '../../server/engine/registry';
import type { Binding, Ctx, Row } from '../../server/engine/types';
import { fail } from '../../server/lib/api-error';
import { authed } from '../../server/auth/request';
import { newKeyMaterial } from './keys';
import integrationKey from './resource';
import { KEY_MATERIAL } from './server';
import { integrationKeys } from './table';

const ctxOf = (request: FastifyRequest): Ctx => ({
  app: request.server,
  db: request.server.db,
  scope: authed(request).scope,
});

const binding = (): Binding => bindingFor(integrationKey.kind, integrationKey.name)!;

/** The key's row as its list shows it, plus the key itself: the one answer that carries it. */
const withKey = (row: Row, key: string) => ({ ...row, key });

/**
 * Creating a key, revoking it and rotating its secret (docs/integrations.md "Integration keys"),
 * under /api/user/integrationKey. A key's own requests never reach these: requirePermission
 * refuses every `integrationKey:` mark to a key (plugins/auth.ts).
 */
const integrationKeyActions: FastifyPluginAsyncZod = async (app) => {
  const tags = ['user'];

  app.post(
    '/add',
    {
      config: { mark: 'integrationKey:add' },
      schema: {
        tags,
        summary: 'Create an integration key; the answer carries the key (`key`), which is never shown again',
        body: formSchema(integrationKey, 'add'),
      },
    },
    async (request, reply) => {
      const material = newKeyMaterial();
      const row = await addRow(ctxOf(request), binding(), { ...(request.body as Row), [KEY_MATERIAL]: material });
      return reply.ok(withKey(row, material.key));
    },
  );

  /** Changes the key's row in scope; emits the change for the audit like the engine's writes. */
  async function change(request: FastifyRequest, id: number, set: Partial<typeof integrationKeys.$inferInsert>) {
    const ctx = ctxOf(request);
    const b = binding();
    const before = await getRow(ctx, b, id);
    if (before.revokedAt) fail(Code.CONFLICT, 'apiKeyRevoked');
    await ctx.db
      .update(integrationKeys)
      .set(set)
      .where(and(eq(integrationKeys.id, id), isNull(integrationKeys.revokedAt)));
    const after = await getRow(ctx, b, id);
    app.events.emit('resource.changed', {
      kind: b.def.kind,
      name: b.def.name,
      action: 'update',
      id,
      tenantId: after.tenantId as number,
      scope: ctx.scope,
      before,
      after,
    });
    return after;
  }

  app.post(
    '/revoke',
    {
      config: { mark: 'integrationKey:revoke' },
      schema: {
        tags,
        summary: 'Revoke an integration key: its next request is refused, on every replica',
        body: idBody,
      },
    },
    async (request, reply) =>
      reply.ok(await change(request, request.body.id, { revokedAt: new Date(app.clock.now()) })),
  );

  app.post(
    '/rotate',
    {
      config: { mark: 'integrationKey:rotate' },
      schema: {
        tags,
        summary:
          'A new secret for an integration key: the old one is refused from now on; the answer carries the new key',
        body: idBody,
      },
    },
    async (request, reply) => {
      const material = newKeyMaterial();
      const row = await change(request, request.body.id, {
        prefix: material.prefix,
        keyHash: material.keyHash,
        lastUsedAt: null,
        lastUsedIp: null,
      });
      return reply.ok(withKey(row, material.key));
    },
  );
};

export default integrationKeyActions;
