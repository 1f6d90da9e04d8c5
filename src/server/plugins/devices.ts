import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AlarmHub } from '../alarms/hub';
import { DeviceCache } from '../devices/cache';
import { DeadLetters } from '../devices/dead-letters';
import { DeviceHub } from '../devices/hub';
import { UplinkPipeline } from '../ingest/pipeline';
import { emptyStats } from '../ingest/stats';
import { PriorityGate } from '../lib/priority';

/** What the broker, the ingest and the device routes share about devices in this process. */
async function devicesPlugin(app: FastifyInstance) {
  app.decorate('deviceHub', new DeviceHub());
  const uplinks = new UplinkPipeline(app.log);
  app.decorate('uplinks', uplinks);
  app.decorate('deviceCache', new DeviceCache(app.db, app.clock));
  app.decorate('ingestStats', emptyStats());
  app.decorate('alarmHub', new AlarmHub());
  app.decorate('priority', new PriorityGate());
  const deadLetters = new DeadLetters(app.db, app.log);
  app.decorate('deadLetters', deadLetters);
  // After the ingest, alarm engine and fence evaluator have drained (their poison goes here).
  app.addHook('onClose', () => deadLetters.close());
}

export default fp(devicesPlugin, { name: 'devices', dependencies: ['db'] });
