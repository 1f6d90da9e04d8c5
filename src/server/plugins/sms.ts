import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createLocalSmsProvider, type SmsProvider } from '../auth/sms';
import { createAliyun } from '../notify/aliyun';
import { createTwilio } from '../notify/twilio';

/** The SMS provider chosen by SMS_PROVIDER (the local outbox, or Twilio or Aliyun once their keys are set) unless given. */
async function sms(app: FastifyInstance, opts: { provider?: SmsProvider }) {
  const { config } = app;
  const outbox = config.env === 'production' || config.memoryDb ? undefined : join(config.dataDir, 'sms-outbox.log');
  const chosen =
    config.smsProvider === 'twilio' && config.twilio
      ? createTwilio(config.twilio).sms
      : config.smsProvider === 'aliyun' && config.aliyun
        ? createAliyun(config.aliyun).sms
        : undefined;
  app.decorate('sms', opts.provider ?? chosen ?? createLocalSmsProvider(app.log, outbox, config.env === 'production'));
}

export default fp(sms, { name: 'sms', dependencies: ['db'] });
