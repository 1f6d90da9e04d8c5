import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AlarmEvents } from '../alarms/hub';
import type { Job } from '../../shared/jobs';
import { DashboardPublisher } from '../push/dashboard';
import { PositionsPublisher } from '../push/positions';
import { RecipientCache } from '../push/recipients';
import { PushService } from '../push/service';
import { voiceSink } from '../push/voice-fanout';
import { registerVoiceSocket, VoiceSockets } from '../push/voice-socket';
import { createVoiceProvider, type VoiceProvider } from '../voice';
import { loadDutyRoster, onDutyFrom } from '../escalation/roster';
import type { ResourceChange } from '../events';
import { TenantCache } from '../lib/tenant-cache';
import { SupervisorWatchers } from '../supervision';
import { vapidKeys, type VapidKeys } from '../webpush/keys';
import { AckLinks } from '../notify/ack-link';
import { PhonePushes } from '../webpush/phones';
import { WebPush } from '../webpush/sender';

declare module 'fastify' {
  interface FastifyInstance {
    /** Pushes to consoles (push/service.ts). */
    push: PushService;
    /** Intercom channel tokens (voice/). */
    voice: VoiceProvider;
    /** Voice-broadcast sockets of this process. */
    voiceSockets: VoiceSockets;
    /** Web Push to the users' subscribed phones and browsers (webpush/). */
    webPush: WebPush;
    /** Alarms, escalation steps and door calls to patrol phones (webpush/phones.ts). */
    phonePushes: PhonePushes;
    /** The service's VAPID keys (made at first start, kept in the settings). */
    webPushKeys: () => Promise<VapidKeys>;
  }
}

/** How long a company's duty roster is reused; changes on this replica apply at once. */
const DUTY_TTL_MS = 30_000;
/** The resources whose changes may move a door unit's community or who is on duty there. */
const DUTY_RESOURCES = new Set(['propertyStaff', 'user', 'community', 'building', 'unit', 'device']);

/**
 * Server-side push to consoles (src/server/push/): alarm events of the alarm hub and door calls
 * and cards (the uplink pipeline's 'push' stage) go to `acm/{userId}/web`; critical alarms are also spoken through
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
  let keys: Promise<VapidKeys> | undefined;
  const webPushKeys = () =>
    (keys ??= vapidKeys(app.db, app.config).catch((err: unknown) => {
      keys = undefined;
      throw err;
    }));
  const webPush = new WebPush({ db: app.db, keys: webPushKeys, log: app.log, now: () => app.clock.now() });
  app.decorate('webPush', webPush);
  const phones = new PhonePushes({
    db: app.db,
    webPush,
    clock: app.clock,
    log: app.log,
    timeZone: app.config.timeZone,
    // The Acknowledge action's link: the path only, the service worker posts to its own origin.
    links: new AckLinks(app.db, '', () => app.clock.now()),
  });
  app.decorate('phonePushes', phones);
  app.decorate('webPushKeys', webPushKeys);
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
    // Critical alarms also go to the recipients' phones (docs/alarms.md "Push to phones").
    phones: (userIds, alarm, context, forced) =>
      void phones
        .alarm(userIds, alarm, context, { forced })
        .catch((err: unknown) => app.log.error({ err, alarmId: alarm.id }, 'phone push failed')),
    doorPhones: (tenantId, userIds, imei, roomNo) =>
      void phones
        .doorCall(tenantId, userIds, {
          imei,
          device: imei,
          place: roomNo || null,
          at: new Date(app.clock.now()).toISOString(),
        })
        .catch((err: unknown) => app.log.error({ err, imei }, 'door call phone push failed')),
  });
  app.decorate('voice', voice);
  app.decorate('voiceSockets', sockets);
  app.decorate('push', push);

  const onRaised = (...[alarm, context]: AlarmEvents['raised']) => push.raised(alarm, context);
  const onUpdated = (...[tenantId, ids, patch]: AlarmEvents['updated']) => push.updated(tenantId, ids, patch);
  app.alarmHub.on('raised', onRaised);
  app.alarmHub.on('updated', onUpdated);
  const releasePush = app.uplinks.use('push', (device, message) => push.uplink(device, message));
  const onJob = ({ userId, job }: { userId: number; job: Job }) => push.job(userId, job);
  app.events.on('job.changed', onJob);
  const positions = new PositionsPublisher({ broker: app.broker, log: app.log, now: Date.now }).start(
    app.deviceHub,
    app.uplinks,
  );
  const dashboard = new DashboardPublisher({ broker: app.broker, log: app.log, now: Date.now }).start(
    app.deviceHub,
    app.alarmHub,
    app.uplinks,
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
    releasePush();
    app.events.off('job.changed', onJob);
  });

  // A revoked session's voice sockets go with its MQTT connections (the broker plugin drops those).
  const onRevoked = (match: { userId?: number; tokenHash?: string }) => sockets.drop(match);
  app.events.on('sessions.revoked', onRevoked);
  app.addHook('onClose', async () => {
    app.events.off('sessions.revoked', onRevoked);
  });

  await registerVoiceSocket(app, sockets);
}

export default fp(pushPlugin, { name: 'push', dependencies: ['db', 'broker', 'devices', 'ingest'] });
