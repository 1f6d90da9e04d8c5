import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ResourceChange } from '../events';
import { FenceEvaluator } from '../fences/evaluator';
import { FenceIndex } from '../fences/fence-index';

declare module 'fastify' {
  interface FastifyInstance {
    /** Enabled fences per tenant (fences/fence-index.ts); fence routes rebuild it on change. */
    fenceIndex: FenceIndex;
    /** Fence evaluation on ingested locations (fences/evaluator.ts); tests drain it. */
    fenceEvaluator: FenceEvaluator;
  }
}

/** Another replica's fence changes reach this one's index within this time. */
const FENCE_REFRESH_MS = 30_000;

/** Changes to these move devices between groups a fence may watch, or change what a record copies. */
const DEVICE_RESOURCES = new Set(['device', 'deviceGroup']);

/**
 * Geofences on the service (docs/fences.md): the index, loaded before the first message, then
 * refreshed periodically so replicas converge, and the evaluator on the uplink pipeline's 'fences' stage.
 */
async function fencesPlugin(app: FastifyInstance) {
  const index = new FenceIndex(app.db);
  await index.reload();
  const profiles = app.deviceProfiles;
  const evaluator = new FenceEvaluator({
    db: app.db,
    index,
    clock: app.clock,
    log: app.log,
    announce: (rows) => app.alarmEngine.announce(rows),
    profiles,
    deadLetters: app.deadLetters,
    dwellS: app.config.fenceDwellS,
    priority: app.priority,
  });
  app.decorate('fenceIndex', index);
  app.decorate('fenceEvaluator', evaluator);
  evaluator.start(app.uplinks);

  const refresh = () =>
    index
      .reload()
      .catch((err: unknown) => app.log.warn({ err }, 'fence index refresh failed; keeping the previous one'));
  const timer = setInterval(refresh, FENCE_REFRESH_MS);
  timer.unref();

  // An import announces every row; one reload after the burst is enough.
  let queued: Promise<void> | undefined;
  const onChange = (c: ResourceChange) => {
    if (c.kind !== 'device' || !DEVICE_RESOURCES.has(c.name) || (c.name === 'deviceGroup' && c.action !== 'delete'))
      return;
    profiles.invalidate();
    if (index.size.fences === 0 || queued) return;
    queued = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      queued = undefined;
      return refresh();
    });
  };
  app.events.on('resource.changed', onChange);
  app.addHook('onClose', async () => {
    app.events.off('resource.changed', onChange);
    await queued;
  });
  // Like the alarm engine: after the ingest's final drain, before the database closes.
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await evaluator.close();
  });
}

export default fp(fencesPlugin, { name: 'fences', dependencies: ['db', 'devices', 'ingest', 'alarms'] });
