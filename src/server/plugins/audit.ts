import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { auditLog } from '../db/schema';
import type { ResourceChange } from '../events';
import { Batcher } from '../lib/batcher';
import { redactUrl } from '../auth/log-redact';

type Entry = typeof auditLog.$inferInsert;

// The audit trail is not for itself: its own rows are never audited.
const SKIP = new Set(['user/auditLog']);

/**
 * Audit rows for every committed write of the resource engine (`resource.changed`), stored in
 * batches by the one batcher, so an import of 5,000 rows costs a few inserts, not 5,000.
 */
async function auditPlugin(app: FastifyInstance) {
  const batcher = new Batcher<Entry>({
    log: app.log,
    name: 'audit',
    flushMs: 200,
    flushAt: 500,
    maxBatch: 1_000,
    maxQueue: 50_000,
    write: async (rows) => {
      await app.db.insert(auditLog).values(rows);
    },
    poison: (row, err) => app.log.warn({ err, resource: row.resource, rowId: row.rowId }, 'audit row refused'),
    lost: (rows) => app.log.error({ n: rows.length }, 'audit rows lost'),
  });
  const onChange = (c: ResourceChange) => {
    const resource = `${c.kind}/${c.name}`;
    if (SKIP.has(resource)) return;
    const queued = batcher.push({
      tenantId: c.tenantId ?? null,
      userId: c.scope.userId,
      action: c.action,
      resource,
      rowId: c.id,
      before: c.before ?? null,
      after: c.after ?? null,
      at: new Date(app.clock.now()),
    });
    if (!queued) app.log.error({ resource, rowId: c.id }, 'audit queue full; row not recorded');
  };
  app.events.on('resource.changed', onChange);
  // Every request made with an integration key, answered or refused (docs/integrations.md
  // "Audit"): one row on the same batcher, so the audit costs the request no write of its own.
  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.integrationKey;
    if (!key) return payload;
    const code = typeof payload === 'string' ? /^\{"code":(-?\d+)/.exec(payload)?.[1] : undefined;
    const queued = batcher.push({
      tenantId: key.tenantId,
      userId: key.userId,
      action: 'use',
      resource: 'user/integrationKey',
      rowId: key.id,
      before: null,
      after: {
        method: request.method,
        url: redactUrl(request.url),
        ip: request.ip,
        status: reply.statusCode,
        code: code === undefined ? null : Number(code),
      },
      at: new Date(app.clock.now()),
    });
    if (!queued) app.log.error({ keyId: key.id }, 'audit queue full; key use not recorded');
    return payload;
  });
  app.addHook('onClose', async () => {
    app.events.off('resource.changed', onChange);
    await batcher.close();
  });
}

export default fp(auditPlugin, { name: 'audit', dependencies: ['db'] });
