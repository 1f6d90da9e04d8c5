import { appendFile } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';

/** Sends an e-mail (an escalation's e-mail step). */
export interface EmailProvider {
  readonly name: string;
  send(to: string, subject: string, text: string): Promise<void>;
}

/** SMTP (SMTP_URL, e.g. smtp://user:pass@mail.example.com:587), through nodemailer. */
export function createSmtpEmailProvider(url: string, from: string): EmailProvider {
  const transport = createTransport(url);
  return {
    name: 'smtp',
    async send(to, subject, text) {
      await transport.sendMail({ from, to, subject, text });
    },
  };
}

/**
 * The local provider, when no SMTP_URL is set: the message goes to the service log and, outside
 * production, to DATA_DIR/mail-outbox.log (one block per message) that people and tests can read.
 */
export function createLocalEmailProvider(
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  outboxFile?: string,
): EmailProvider {
  return {
    name: 'local',
    async send(to, subject, text) {
      log.info({ email: 'local', to }, `e-mail to ${to}: ${subject}`);
      if (!outboxFile) return;
      await appendFile(outboxFile, `${new Date().toISOString()} To: ${to}\nSubject: ${subject}\n\n${text}\n---\n`);
    },
  };
}
