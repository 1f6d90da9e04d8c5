import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AlarmEngine } from '../alarms/engine';
import { DeviceProfiles } from '../alarms/profiles';
import type { ResourceChange } from '../events';

declare module 'fastify' {
  interface FastifyInstance {
    /** Alarms from device traffic (alarms/engine.ts); tests drain it. */
    alarmEngine: AlarmEngine;
    /** The one device-profile cache, read by the alarm engine and the fence evaluator. */
    deviceProfiles: DeviceProfiles;
  }
}

/**
 * The alarm engine on the uplink pipeline's 'alarms' stage and the device hub's presence events
 * (after the ingest stored them). Its device profiles
 * are dropped when this process saves a device's settings or fields; other replicas refresh
 * theirs within the profile TTL.
 */
async function alarmsPlugin(app: FastifyInstance) {
  const profiles = new DeviceProfiles(app.db, app.clock);
  app.decorate('deviceProfiles', profiles);
  const engine = new AlarmEngine({
    db: app.db,
    clock: app.clock,
    log: app.log,
    deviceHub: app.deviceHub,
    alarmHub: app.alarmHub,
    profiles,
    deadLetters: app.deadLetters,
    priority: app.priority,
  });
  app.decorate('alarmEngine', engine);
  engine.start();
  const release = app.uplinks.use('alarms', engine.uplink);

  // What the rules read (limits, alarmDuration) or a record copies (name, person) changed.
  const onSettings = ({ imei }: { imei: string }) => profiles.invalidate({ imei });
  const onDevice = (c: ResourceChange) =>
    c.kind === 'device' && c.name === 'device' && profiles.invalidate({ id: c.id });
  app.events.on('device.changed', onSettings);
  app.events.on('resource.changed', onDevice);
  app.addHook('onClose', async () => {
    app.events.off('device.changed', onSettings);
    app.events.off('resource.changed', onDevice);
  });
  // onClose runs after every preClose (the ingest's final drain) and before the database closes.
  app.addHook('onClose', () => {
    release();
    return engine.close();
  });
}

export default fp(alarmsPlugin, { name: 'alarms', dependencies: ['db', 'devices', 'ingest'] });
