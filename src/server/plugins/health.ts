import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ComponentHealth } from '../../shared/health';
import { HealthMonitor } from '../health/monitor';

declare module 'fastify' {
  interface FastifyInstance {
    /** What /api/health reports (health/monitor.ts, docs/reliability.md "Health"). */
    health: HealthMonitor;
  }
}

/**
 * The service's own view of whether it can store: the database, the broker link, the data disk,
 * the ingest queue and the device listeners. The ingest stops acknowledging while the data disk
 * is under its low-water mark, so a device keeps its message rather than the service taking it
 * and then failing to write it.
 */
async function healthPlugin(app: FastifyInstance) {
  const monitor = new HealthMonitor({
    db: app.db,
    dataDir: resolve(app.config.dataDir),
    lowWaterBytes: app.config.diskLowWaterMb * 1_048_576,
    ingest: app.ingest,
    stats: app.ingestStats,
    broker: () => brokerHealth(app),
    listeners: () => app.protocols.listeners(),
    now: () => Date.now(),
  });
  app.decorate('health', monitor);
  app.ingest.refuseWhile(() => monitor.diskLow());
}

/** A probe this late says the shared subscription may not deliver (the link heals itself meanwhile). */
const PROBE_LATE_MS = 15_000;

/**
 * The embedded broker runs in this process: ok while it answers at all. An external one: down
 * while not connected (devices' messages reach no one here), degraded while its subscriptions are
 * not all in place or its probe has not come back lately (docs/reliability.md "Broker restart").
 */
function brokerHealth(app: FastifyInstance): ComponentHealth {
  if (app.broker.kind === 'embedded') return { state: 'ok' };
  const link = app.broker.link();
  if (!link.connected) return { state: 'down', detail: `not connected to ${link.url}` };
  if (!link.subscribed) return { state: 'degraded', detail: 'connected, subscribing again' };
  if (link.lastProbeAt !== null && Date.now() - link.lastProbeAt > PROBE_LATE_MS)
    return { state: 'degraded', detail: `no probe back for ${Math.round((Date.now() - link.lastProbeAt) / 1000)} s` };
  return { state: 'ok' };
}

export default fp(healthPlugin, { name: 'health', dependencies: ['db', 'broker', 'ingest', 'protocols'] });
