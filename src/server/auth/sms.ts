import type { FastifyBaseLogger } from 'fastify';

/** Sends a text message; real providers (Aliyun, Twilio ...) implement the same interface. */
export interface SmsProvider {
  readonly name: string;
  send(phone: string, text: string): Promise<void>;
}

/** The clearly labelled local provider: the message goes to the service log instead of a phone. */
export function createLocalSmsProvider(log: Pick<FastifyBaseLogger, 'info'>): SmsProvider {
  return {
    name: 'local',
    async send(phone, text) {
      log.info({ sms: 'local', phone }, `SMS to ${phone}: ${text}`);
    },
  };
}
