import { appendFile } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';

/** A file sent with an e-mail (a scheduled report's XLSX). */
interface EmailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** What an e-mail may carry beyond its plain text: an HTML body and attachments. */
interface EmailExtras {
  html?: string;
  attachments?: readonly EmailAttachment[];
}

/** Sends an e-mail (an escalation's e-mail step, a scheduled report). */
export interface EmailProvider {
  readonly name: string;
  send(to: string, subject: string, text: string, extras?: EmailExtras): Promise<void>;
}

/** SMTP (SMTP_URL, e.g. smtp://user:pass@mail.example.com:587), through nodemailer. */
export function createSmtpEmailProvider(url: string, from: string): EmailProvider {
  const transport = createTransport(url);
  return {
    name: 'smtp',
    async send(to, subject, text, extras = {}) {
      await transport.sendMail({
        from,
        to,
        subject,
        text,
        ...(extras.html ? { html: extras.html } : {}),
        ...(extras.attachments?.length ? { attachments: extras.attachments.map((a) => ({ ...a })) } : {}),
      });
    },
  };
}

/**
 * The local provider, when no SMTP_URL is set: the message goes to the service log and, outside
 * production, to DATA_DIR/mail-outbox.log (one block per message) that people and tests can read.
 * An HTML body is not written (the text says the same); attachments are noted by name and size.
 */
export function createLocalEmailProvider(
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  outboxFile?: string,
): EmailProvider {
  return {
    async send(to, subject, text, extras = {}) {
      log.info({ email: 'local', to }, `e-mail to ${to}: ${subject}`);
      if (!outboxFile) return;
      const files = (extras.attachments ?? []).map((a) => `Attachment: ${a.filename} (${a.content.length} bytes)\n`);
      await appendFile(
        outboxFile,
        `${new Date().toISOString()} To: ${to}\nSubject: ${subject}\n${files.join('')}\n${text}\n---\n`,
      );
    },
    name: 'local',
  };
}
