import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AlarmEvents } from '../alarms/hub';
import type { ResourceChange } from '../events';
import { EscalationService, SWEEP_MS } from '../escalation';
import { startSweep } from '../lib/sweep';
import { createLocalEmailProvider, createSmtpEmailProvider, type EmailProvider } from '../notify/email';
import { AckLinks, ACK_LINK_PATH } from '../notify/ack-link';
import ackRoutes from '../notify/ack-routes';
import { createAliyun } from '../notify/aliyun';
import { createTwilio } from '../notify/twilio';
import { createLocalVoiceCallProvider, type VoiceCallProvider } from '../notify/voice-call';

declare module 'fastify' {
  interface FastifyInstance {
    /** Escalation of unacknowledged critical alarms (src/server/escalation/); tests drain it. */
    escalation: EscalationService;
    /** Phone calls that speak a text (an escalation's voice step). */
    voiceCalls: VoiceCallProvider;
    /** E-mail (an escalation's e-mail step). */
    email: EmailProvider;
  }
}

export interface EscalationPluginOptions {
  voiceCalls?: VoiceCallProvider;
  email?: EmailProvider;
}

const POLICY_RESOURCES = new Set(['escalationPolicy', 'escalationStep']);

/**
 * Acknowledgement and escalation (docs/alarms.md#acknowledgement-and-escalation): every raised
 * critical alarm opens its company's policy; the sweep fires due steps on every replica (once
 * each, through the database). The voice-call and e-mail providers are the local ones unless
 * VOICE_CALL_PROVIDER or SMTP_URL is set; outside production their outboxes are files in DATA_DIR.
 * SMS and e-mail carry a reply link whose page (/api/ack/<token>) takes the alarm.
 */
async function escalationPlugin(app: FastifyInstance, opts: EscalationPluginOptions) {
  const { config } = app;
  const files = config.env === 'production' || config.memoryDb ? undefined : config.dataDir;
  const voiceCalls =
    opts.voiceCalls ??
    (config.voiceCallProvider === 'twilio' && config.twilio
      ? createTwilio(config.twilio).voiceCalls
      : config.voiceCallProvider === 'aliyun' && config.aliyun?.voice
        ? createAliyun(config.aliyun).voiceCalls!
        : createLocalVoiceCallProvider(app.log, files));
  const email =
    opts.email ??
    (config.smtpUrl
      ? createSmtpEmailProvider(config.smtpUrl, config.mailFrom)
      : createLocalEmailProvider(app.log, files && join(files, 'mail-outbox.log')));
  app.decorate('voiceCalls', voiceCalls);
  app.decorate('email', email);
  const escalation = new EscalationService({
    db: app.db,
    clock: app.clock,
    log: app.log,
    timeZone: config.timeZone,
    push: app.push,
    sms: app.sms,
    voiceCalls,
    email,
    // Never the request's Host header: links are built from PUBLIC_URL (the service's own address without it).
    links: new AckLinks(app.db, config.publicUrl ?? `http://localhost:${config.port}`, () => app.clock.now()),
    phones: app.phonePushes,
    priority: app.priority,
    onSteps: (fired) => {
      for (const f of fired) app.alarmHub.emit('escalated', f.tenantId, f.alarmId, f.steps, f.at);
    },
  });
  app.decorate('escalation', escalation);
  await app.register(ackRoutes, { prefix: ACK_LINK_PATH });
  const onRaised = (...[alarm]: AlarmEvents['raised']) => escalation.raised(alarm);
  const onChange = (c: ResourceChange) => POLICY_RESOURCES.has(c.name) && escalation.invalidate(c.tenantId);
  app.alarmHub.on('raised', onRaised);
  app.events.on('resource.changed', onChange);
  // A starting replica first opens what a crash left unopened, then sweeps with the others (off in
  // the service's test mode, where tests sweep on their own clock).
  app.addHook('onReady', async () => {
    if (config.env !== 'test')
      await escalation.recover().catch((err: unknown) => app.log.error({ err }, 'escalation recovery failed'));
  });
  startSweep(app, 'escalation', SWEEP_MS, () => escalation.sweep());
  app.addHook('onClose', async () => {
    app.alarmHub.off('raised', onRaised);
    app.events.off('resource.changed', onChange);
    await escalation.close();
  });
}

export default fp(escalationPlugin, { name: 'escalation', dependencies: ['db', 'sms', 'alarms', 'push'] });
