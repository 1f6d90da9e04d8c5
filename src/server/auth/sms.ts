import { appendFile } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';

/** Sends a text message; real providers (Aliyun, Twilio ...) implement the same interface. */
export interface SmsProvider {
  readonly name: string;
  send(phone: string, text: string): Promise<void>;
}

/**
 * The clearly labelled local provider: the message goes to the service log instead of a phone
 * (in production at debug level only), and, outside production, also to an outbox file (DATA_DIR/sms-outbox.log) that people and
 * end-to-end tests can read without parsing JSON logs.
 */
export function createLocalSmsProvider(
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'debug'>,
  outboxFile?: string,
  production = false,
): SmsProvider {
  return {
    name: 'local',
    async send(phone, text) {
      // A login code in a production log is a login for whoever reads the logs: debug level only.
      if (production) {
        log.info({ sms: 'local', phone }, `SMS to ${phone} (local provider: the text is logged at debug level only)`);
        log.debug({ sms: 'local', phone }, `SMS to ${phone}: ${text}`);
      } else log.info({ sms: 'local', phone }, `SMS to ${phone}: ${text}`);
      if (!outboxFile) return;
      await appendFile(outboxFile, `${new Date().toISOString()} ${phone} ${text}\n`).catch((error: unknown) =>
        log.warn({ err: error }, 'could not write the local SMS outbox'),
      );
    },
  };
}
