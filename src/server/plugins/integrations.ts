import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { webhookKind, WebhookTransport } from '../../entities/webhook';
import type { ResourceChange } from '../events';
import { subscribeEvents } from '../integrations/events';
import { forwardTargetKind } from '../integrations/forward';
import { Outbox, POLL_MS } from '../integrations/outbox';
import { integrationKey } from '../integrations/secret-box';
import type { TargetKind } from '../integrations/target';
import { startSweep } from '../lib/sweep';

declare module 'fastify' {
  interface FastifyInstance {
    /** The integrations' durable outbox and its dispatcher (src/server/integrations/); tests drain it. */
    outbox: Outbox;
  }
}

/**
 * Integrations (docs/integrations.md): the console's domain events go through one durable outbox
 * to every kind of target. Each kind is one entry of `kinds`: webhooks (src/entities/webhook/),
 * and the broker forwarding (src/server/integrations/forward/, targets in src/entities/forward-target/). Every replica dispatches: woken by its own writes, and
 * every POLL_MS for retries and the rows other replicas wrote (off in the test mode, where tests
 * drain on their clock; a write still wakes the dispatcher there).
 */
async function integrationsPlugin(app: FastifyInstance) {
  const { config } = app;
  const kinds: TargetKind<unknown>[] = [
    webhookKind({
      db: app.db,
      clock: app.clock,
      transport: new WebhookTransport({
        allowPrivate: config.webhookAllowPrivate,
        userAgent: `SafetyConsole-Webhook/${app.appVersion}`,
        clock: app.clock,
      }),
    }) as TargetKind<unknown>,
    forwardTargetKind({ db: app.db, clock: app.clock }) as TargetKind<unknown>,
  ];
  // The entity whose rows are each kind's targets (a change drops that kind's cached subscribers).
  const kindOfEntity = new Map([
    ['webhook', 'webhook'],
    ['forwardTarget', 'forward'],
  ]);
  const outbox = new Outbox({ db: app.db, clock: app.clock, log: app.log, kinds, priority: app.priority });
  app.decorate('outbox', outbox);
  const unsubscribe = subscribeEvents(app, outbox);
  const onChange = (c: ResourceChange) => {
    if (c.kind !== 'integration') return;
    for (const k of kinds) if (k.kind === kindOfEntity.get(c.name)) k.invalidate(c.tenantId);
  };
  app.events.on('resource.changed', onChange);
  // The key that seals secrets, read before the first write needs it inside a transaction.
  app.addHook('onReady', async () => {
    await integrationKey(app.db);
  });
  startSweep(app, 'integration outbox', POLL_MS, () => outbox.dispatch(), { runAtStart: true });
  app.addHook('onClose', async () => {
    unsubscribe();
    app.events.off('resource.changed', onChange);
    await outbox.close();
    await Promise.all(kinds.map((k) => k.transport.close()));
  });
}

export default fp(integrationsPlugin, {
  name: 'integrations',
  dependencies: ['db', 'alarms', 'devices', 'escalation'],
});
