import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HealthMonitor, type ComponentHealth } from '../health/monitor';

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

/** The embedded broker runs in this process; an external one says how its link stands, where it can. */
function brokerHealth(app: FastifyInstance): ComponentHealth {
  const link = app.broker as { health?: () => ComponentHealth };
  return typeof link.health === 'function' ? link.health() : { state: 'ok' };
}

export default fp(healthPlugin, { name: 'health', dependencies: ['db', 'broker', 'ingest', 'protocols'] });
