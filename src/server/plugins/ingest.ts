import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { applyAck } from '../devices/commands';
import { Ingest, upTopicImei } from '../ingest/ingest';

declare module 'fastify' {
  interface FastifyInstance {
    /** Device traffic into the database (ingest/ingest.ts). */
    ingest: Ingest;
  }
}

/**
 * Device traffic into the database (src/server/ingest/). The embedded broker hands over every
 * publish with its publisher; on an external broker the service reads `sfwatch/+/up` through
 * a shared subscription, so the replicas of one INGEST_GROUP split the traffic between them.
 */
async function ingestPlugin(app: FastifyInstance) {
  const ingest = new Ingest({
    db: app.db,
    clock: app.clock,
    log: app.log,
    deviceCache: app.deviceCache,
    deviceHub: app.deviceHub,
    uplinks: app.uplinks,
    stats: app.ingestStats,
    deadLetters: app.deadLetters,
    ratePerS: app.config.deviceRate.perS,
    rateBurst: app.config.deviceRate.burst,
    timeoutS: app.config.deviceTimeoutS,
    timeZone: app.config.timeZone,
    priority: app.priority,
  });
  app.decorate('ingest', ingest);
  // A command's or settings push's ack, once stored (ingest/pipeline.ts 'commands').
  const releaseCommands = app.uplinks.use('commands', (device, m, receivedAt) => {
    if (m.kind !== 'ack') return;
    applyAck(app, device, { ref: m.ref, ok: m.ok, msg: m.msg }, receivedAt).catch((err: unknown) =>
      app.log.error({ err, imei: device.imei }, 'ack failed'),
    );
  });
  const broker = app.broker;
  if (broker.kind === 'embedded') {
    // Device uplinks (and their wills) before the PUBACK; the service's own publishes after.
    broker.onUplink(
      (topic) => upTopicImei(topic) !== undefined,
      (topic, payload, publisher, settle) => ingest.handle(topic, payload, publisher, settle),
    );
    broker.onPublished((topic, payload, publisher) => {
      if (upTopicImei(topic) !== undefined) ingest.handle(topic, payload, publisher);
    });
    broker.onConnection((principal, connected) => {
      if (principal.kind === 'device') ingest.connection(principal.imei, connected);
    });
  } else {
    broker.backpressure(() => ingest.room());
    // Not awaited: an unreachable broker must not hold up start-up (mqtt.js subscribes once connected).
    ingest.subscribed = broker
      .subscribe(
        `$share/${app.config.ingestGroup}/sfwatch/+/up`,
        (topic, payload, settle) => {
          ingest.handle(topic, payload, null, settle);
          return true;
        },
        { qos: 1 },
      )
      .then(
        () => {},
        (err: unknown) => app.log.error({ err }, 'ingest subscription failed'),
      );
  }
  ingest.start();
  // Before the database and the broker close: what is queued gets written.
  app.addHook('preClose', () => ingest.close());
  app.addHook('onClose', async () => releaseCommands());
}

export default fp(ingestPlugin, { name: 'ingest', dependencies: ['db', 'broker', 'devices'] });
