// An SMTP server in the test process (smtp-server), and what a test reads of the raw messages it
// received: the decoded parts, the subject, an attachment.
import { SMTPServer } from 'smtp-server';

export interface Mail {
  from: string;
  to: string[];
  data: string;
}

/** An SMTP server in the test process; `refuse` makes it answer 550 to every sender. */
export function smtp() {
  const received: Mail[] = [];
  const state = { refuse: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onMailFrom(_address, _session, done) {
      if (!state.refuse) return done();
      const err = Object.assign(new Error('Mailbox unavailable: relay refused'), { responseCode: 550 });
      done(err);
    },
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        done();
      });
    },
  });
  return { server, received, state };
}

/** `smtp()` listening on a free port of 127.0.0.1, with its URL and a stop. */
export async function listeningSmtp() {
  const s = smtp();
  await new Promise<void>((resolve) => s.server.listen(0, '127.0.0.1', resolve));
  const { port } = s.server.server.address() as { port: number };
  return { ...s, url: `smtp://127.0.0.1:${port}`, stop: () => new Promise<void>((r) => s.server.close(() => r())) };
}

/** A MIME body decoded from its transfer encoding. */
function decodeBody(body: string, encoding: string): string {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8');
  if (/quoted-printable/i.test(encoding))
    return Buffer.from(
      body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  return body;
}

/** The decoded part of a raw MIME message whose Content-Type starts with `type`. */
export function partOf(raw: string, type: string): string {
  const start = raw.indexOf(`Content-Type: ${type}`);
  if (start < 0) throw new Error(`no ${type} part`);
  const headEnd = raw.indexOf('\r\n\r\n', start);
  const head = raw.slice(start, headEnd);
  const end = raw.indexOf('\r\n--', headEnd);
  const body = decodeBody(raw.slice(headEnd + 4, end), /Content-Transfer-Encoding: (\S+)/.exec(head)?.[1] ?? '7bit');
  return body.replace(/\r\n/g, '\n');
}

/** The message's Subject, its encoded words decoded. */
export function subjectOf(raw: string): string {
  const line = /^Subject: (.*(?:\r\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
  return line
    .replace(/\r\n[ \t]/g, ' ')
    .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=\s*/gi, (_m, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeBody(text.replace(/_/g, ' '), 'quoted-printable'),
    );
}

/** The base64 attachment of a raw MIME message, decoded. */
export function attachmentOf(raw: string): { name: string; bytes: Buffer } {
  const part = /Content-Type:\s+application\/vnd\.openxmlformats[^]*?\r\n\r\n([A-Za-z0-9+/=\r\n]+?)\r\n--/.exec(raw);
  const name = /filename="?([^";\r\n]+)"?/.exec(raw);
  if (!part || !name) throw new Error('no attachment');
  return { name: name[1]!, bytes: Buffer.from(part[1]!.replace(/\s/g, ''), 'base64') };
}
