import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AlarmEngine } from '../alarms/engine';
import { DeviceProfiles } from '../alarms/profiles';

declare module 'fastify' {
  interface FastifyInstance {
    /** Alarms from device traffic (alarms/engine.ts); tests drain it. */
    alarmEngine: AlarmEngine;
    /** The one device-profile cache, read by the alarm engine and the fence evaluator. */
    deviceProfiles: DeviceProfiles;
  }
}

/** Routes that change what the rules read (limits, alarmDuration) or what a record copies (name, person). */
const DEVICE_CHANGES: Record<string, 'imei' | 'id'> = {
  '/api/device/settings/save': 'imei',
  '/api/device/device/update': 'id',
};

/**
 * The alarm engine on the device hub's events (after the ingest stored them). Its device profiles
 * are dropped when this process saves a device's settings or fields; other replicas refresh
 * theirs within the profile TTL.
 */
async function alarmsPlugin(app: FastifyInstance) {
  const profiles = new DeviceProfiles(app.db, app.clock);
  app.decorate('deviceProfiles', profiles);
  const engine = new AlarmEngine({ db: app.db, clock: app.clock, log: app.log, deviceHub: app.deviceHub, alarmHub: app.alarmHub, profiles, deadLetters: app.deadLetters });
  app.decorate('alarmEngine', engine);
  engine.start();

  app.addHook('onResponse', async (request) => {
    const field = DEVICE_CHANGES[request.routeOptions.url ?? ''];
    if (!field) return;
    const value = (request.body as Record<string, unknown> | undefined)?.[field];
    if (field === 'imei' && typeof value === 'string') profiles.invalidate({ imei: value });
    else if (field === 'id' && typeof value === 'number') profiles.invalidate({ id: value });
  });
  // onClose runs after every preClose (the ingest's final drain) and before the database closes.
  app.addHook('onClose', () => engine.close());
}

export default fp(alarmsPlugin, { name: 'alarms', dependencies: ['db', 'devices', 'ingest'] });
