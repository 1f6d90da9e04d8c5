import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createLocalSmsProvider, type SmsProvider } from '../auth/sms';

/** The SMS provider chosen by SMS_PROVIDER (only the local, log-only one for now) unless given. */
async function sms(app: FastifyInstance, opts: { provider?: SmsProvider }) {
  const { config } = app;
  const outbox = config.env === 'production' || config.memoryDb ? undefined : join(config.dataDir, 'sms-outbox.log');
  app.decorate('sms', opts.provider ?? createLocalSmsProvider(app.log, outbox, config.env === 'production'));
}

export default fp(sms, { name: 'sms', dependencies: ['db'] });
