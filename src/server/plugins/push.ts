import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AlarmEvents } from '../alarms/hub';
import type { HubEvents } from '../devices/hub';
import type { Job } from '../../shared/jobs';
import { DashboardPublisher } from '../push/dashboard';
import { PositionsPublisher } from '../push/positions';
import { RecipientCache } from '../push/recipients';
import { PushService } from '../push/service';
import { voiceSink } from '../push/voice-fanout';
import { registerVoiceSocket, VoiceSockets } from '../push/voice-socket';
import { createVoiceProvider, type VoiceProvider } from '../voice';
import { loadDutyRoster, onDutyFrom } from '../../entities/property-staff';
import type { ResourceChange } from '../events';
import { TenantCache } from '../lib/tenant-cache';
import { SupervisorWatchers } from '../supervision';

declare module 'fastify' {
  interface FastifyInstance {
    /** Pushes to consoles (push/service.ts). */
    push: PushService;
    /** Intercom channel tokens (voice/). */
    voice: VoiceProvider;
    /** Voice-broadcast sockets of this process. */
    voiceSockets: VoiceSockets;
  }
}

/** How long a company's duty roster is reused; changes on this replica apply at once. */
const DUTY_TTL_MS = 30_000;
/** The resources whose changes may move a door unit's community or who is on duty there. */
const DUTY_RESOURCES = new Set(['propertyStaff', 'user', 'community', 'building', 'unit', 'device']);

/**
 * Server-side push to consoles (src/server/push/): alarm events of the alarm hub and door calls
 * and cards of the device hub go to `acm/{userId}/web`; critical alarms are also spoken through
 * the voice-broadcast socket. Live positions (9020) and dashboard notices (9040) go to tenant topics.
 */
async function pushPlugin(app: FastifyInstance) {
  const voice = await createVoiceProvider(app.config, app.db, app.clock);
  const sockets = new VoiceSockets();
  const watchers = new SupervisorWatchers(app.db, () => app.clock.now(), app.events);
  // Door units' communities and the staff on duty, per company: read once per DUTY_TTL_MS (ahead
  // of expiry) instead of per call or SOS, and forgotten when any of it changes on this replica.
  const roster = new TenantCache((tenantId) => loadDutyRoster(app.db, tenantId), app.clock, DUTY_TTL_MS);
  const onRosterChange = (c: ResourceChange) => {
    if (DUTY_RESOURCES.has(c.name)) roster.invalidate(c.tenantId);
  };
  const onDoorUnits = ({ tenantId }: { tenantId: number }) => roster.invalidate(tenantId);
  app.events.on('resource.changed', onRosterChange);
  app.events.on('doorUnits.changed', onDoorUnits);
  const push = new PushService({
    broker: app.broker,
    recipients: new RecipientCache(app.db, app.clock),
    voice,
    sockets: await voiceSink(app.broker, sockets, app.log),
    log: app.log,
    now: () => app.clock.now(),
    duty: async (tenantId, imei, what) => onDutyFrom(await roster.get(tenantId), imei, what, new Date(app.clock.now())),
    watchers: (tenantId, imei) => watchers.get(tenantId, imei),
    priority: app.priority,
  });
  app.decorate('voice', voice);
  app.decorate('voiceSockets', sockets);
  app.decorate('push', push);

  const onRaised = (...[alarm, context]: AlarmEvents['raised']) => push.raised(alarm, context);
  const onUpdated = (...[tenantId, ids, patch]: AlarmEvents['updated']) => push.updated(tenantId, ids, patch);
  const onUplink = (...[device, message]: HubEvents['uplink']) => push.uplink(device, message);
  app.alarmHub.on('raised', onRaised);
  app.alarmHub.on('updated', onUpdated);
  app.deviceHub.on('uplink', onUplink);
  const onJob = ({ userId, job }: { userId: number; job: Job }) => push.job(userId, job);
  app.events.on('job.changed', onJob);
  const positions = new PositionsPublisher({ broker: app.broker, log: app.log, now: Date.now }).start(app.deviceHub);
  const dashboard = new DashboardPublisher({ broker: app.broker, log: app.log, now: Date.now }).start(
    app.deviceHub,
    app.alarmHub,
  );
  app.addHook('onClose', async () => {
    watchers.close();
    push.close();
    app.events.off('resource.changed', onRosterChange);
    app.events.off('doorUnits.changed', onDoorUnits);
    positions.close();
    dashboard.close();
    app.alarmHub.off('raised', onRaised);
    app.alarmHub.off('updated', onUpdated);
    app.deviceHub.off('uplink', onUplink);
    app.events.off('job.changed', onJob);
  });

  // Logout and disabling a user already drop that session's MQTT connections through the broker;
  // the voice sockets of the same session must go with them.
  const dropMqtt = app.broker.dropSessions.bind(app.broker);
  app.broker.dropSessions = (match) => {
    dropMqtt(match);
    sockets.drop(match);
  };

  await registerVoiceSocket(app, sockets);
}

export default fp(pushPlugin, { name: 'push', dependencies: ['db', 'broker', 'devices', 'ingest'] });
