import { readFileSync } from 'node:fs';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { SmsProvider } from './auth/sms';
import { loadConfig, type Config } from './config';
import { DomainEvents } from './events';
import { systemClock, type Clock } from './lib/clock';
import authPlugin from './plugins/auth';
import brokerPlugin from './plugins/broker';
import dbPlugin from './plugins/db';
import type { Database } from './db/driver';
import devicesPlugin from './plugins/devices';
import errorsPlugin, { clientErrorHandler } from './plugins/errors';
import fencesPlugin from './plugins/fences';
import attendanceSourcesPlugin from './attendance-sources/plugin';
import housekeepingPlugin from './plugins/housekeeping';
import ingestPlugin from './plugins/ingest';
import protocolsPlugin from './plugins/protocols';
import healthPlugin from './plugins/health';
import jobsPlugin from './plugins/jobs';
import paymentsPlugin from './plugins/payments';
import auditPlugin from './plugins/audit';
import alarmsPlugin from './plugins/alarms';
import escalationPlugin, { type EscalationPluginOptions } from './plugins/escalation';
import integrationsPlugin from './plugins/integrations';
import pushPlugin from './plugins/push';
import mediaPlugin from './plugins/media';
import smsPlugin from './plugins/sms';
import storagePlugin from './plugins/storage';
import staticPlugin from './plugins/static';
import swaggerPlugin from './plugins/swagger';
import securityHeadersPlugin from './plugins/security-headers';
import { redactingLogger } from './auth/log-redact';
import routes from './routes';
import './types';

interface BuildOptions {
  /** Overrides on top of the environment (tests: memoryDb, cheap argon2, ...). */
  config?: Partial<Config>;
  env?: NodeJS.ProcessEnv;
  clock?: Clock;
  sms?: SmsProvider;
  /** Voice-call and e-mail providers instead of the configured ones (tests capture what is sent). */
  notify?: EscalationPluginOptions;
  logger?: FastifyServerOptions['logger'];
  /** An opened, migrated database to use instead of the configured one; the app closes it. */
  database?: Database;
}

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/**
 * The whole service as a Fastify instance, ready but not listening. Tiers as in fastify/demo:
 * external (config, errors, db, swagger), app (auth, sms, broker), routes (/api), then the PWA.
 */
export async function buildApp(opts: BuildOptions = {}): Promise<FastifyInstance> {
  const config: Config = { ...loadConfig(opts.env ?? process.env), ...opts.config };
  const app = Fastify({
    logger: redactingLogger(opts.logger ?? { level: config.logLevel }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Requests Node cannot parse are answered with the envelope too, not Fastify's "Client Error".
    clientErrorHandler,
    // Opening and migrating PGlite can take well over Fastify's default 10 s on a busy 2-core machine.
    pluginTimeout: 120_000,
  });
  try {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorate('config', config);
    app.decorate('clock', opts.clock ?? systemClock);
    app.decorate('appVersion', version);
    app.decorate('events', new DomainEvents());

    await app.register(errorsPlugin);
    await app.register(dbPlugin, { database: opts.database });
    await app.register(securityHeadersPlugin);
    if (config.env !== 'production' || config.apiDocs) await app.register(swaggerPlugin);

    await app.register(authPlugin);
    await app.register(smsPlugin, { provider: opts.sms });
    await app.register(storagePlugin);
    await app.register(devicesPlugin);
    await app.register(brokerPlugin);
    await app.register(ingestPlugin);
    await app.register(protocolsPlugin);
    await app.register(healthPlugin);
    await app.register(alarmsPlugin);
    await app.register(fencesPlugin);
    await app.register(attendanceSourcesPlugin);
    await app.register(pushPlugin);
    await app.register(escalationPlugin, opts.notify ?? {});
    await app.register(integrationsPlugin);
    await app.register(mediaPlugin);
    await app.register(housekeepingPlugin);
    await app.register(jobsPlugin);
    await app.register(paymentsPlugin);
    await app.register(auditPlugin);

    await app.register(routes, { prefix: '/api' });
    await app.register(staticPlugin);
    await app.ready();
    return app;
  } catch (err) {
    // Whatever opened (the database lock, the broker) must be released before the caller exits.
    await app.close().catch(() => {});
    throw err;
  }
}
