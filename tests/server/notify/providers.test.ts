import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalEmailProvider, createSmtpEmailProvider } from '../../../src/server/notify/email';
import { createLocalVoiceCallProvider } from '../../../src/server/notify/voice-call';
import { createTwilio } from '../../../src/server/notify/twilio';
import { loadConfig } from '../../../src/server/config';
import { listeningSmtp } from '../smtp';

const dir = mkdtempSync(join(tmpdir(), 'notify-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const log = { info: () => {}, warn: () => {} };

describe('the local voice-call provider', () => {
  it('writes the spoken text as a WAV and a line in the outbox', async () => {
    const calls = createLocalVoiceCallProvider(log, dir);
    await calls.call('13900000001', 'SOS求救。张三。1号楼。', 'cn');
    const [file] = readdirSync(join(dir, 'voice-calls'));
    const wav = readFileSync(join(dir, 'voice-calls', file!));
    expect(wav.subarray(0, 4).toString()).toBe('RIFF');
    expect(wav.subarray(8, 12).toString()).toBe('WAVE');
    // Speech, not an empty header: at 22,050 samples a second, well over a second of it.
    expect(wav.length).toBeGreaterThan(44_100);
    expect(readFileSync(join(dir, 'voice-outbox.log'), 'utf8')).toMatch(
      new RegExp(`13900000001 voice-calls/${file} SOS求救。张三。1号楼。\\n$`),
    );
  }, 60_000);
});

describe('e-mail', () => {
  it('goes to the local outbox without SMTP_URL', async () => {
    const outbox = join(dir, 'mail-outbox.log');
    await createLocalEmailProvider(log, outbox).send('duty@example.com', 'SOS not acknowledged', 'Body text');
    expect(readFileSync(outbox, 'utf8')).toContain(
      'To: duty@example.com\nSubject: SOS not acknowledged\n\nBody text\n',
    );
  });

  it('notes attachments in the local outbox by name and size', async () => {
    const outbox = join(dir, 'mail-attachments.log');
    await createLocalEmailProvider(log, outbox).send('a@example.com', 'Report', 'Body', {
      html: '<p>Body</p>',
      attachments: [{ filename: 'r.xlsx', content: Buffer.alloc(1234), contentType: 'application/octet-stream' }],
    });
    expect(readFileSync(outbox, 'utf8')).toContain(
      'To: a@example.com\nSubject: Report\nAttachment: r.xlsx (1234 bytes)\n\nBody\n',
    );
  });

  it('is delivered to an SMTP server given by SMTP_URL', async () => {
    const { received, url, stop } = await listeningSmtp();
    try {
      const mail = createSmtpEmailProvider(url, 'Safety Console <alarms@example.com>');
      await mail.send('duty@example.com', 'SOS not acknowledged: Helmet 3', 'Raised at 05:40');
      expect(received).toHaveLength(1);
      expect(received[0]).toMatchObject({ from: 'alarms@example.com', to: ['duty@example.com'] });
      expect(received[0]!.data).toContain('Subject: SOS not acknowledged: Helmet 3');
      expect(received[0]!.data).toContain('Raised at 05:40');
    } finally {
      await stop();
    }
  });
});

describe('Twilio', () => {
  it('sends an SMS and places a call that speaks the text, as its REST API expects', async () => {
    const seen: { url: string; auth: string; form: URLSearchParams }[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c));
      req.on('end', () => {
        seen.push({ url: req.url ?? '', auth: req.headers.authorization ?? '', form: new URLSearchParams(body) });
        const refused = new URLSearchParams(body).get('To') === '+8613900000009';
        res.writeHead(refused ? 400 : 201, { 'content-type': 'application/json' });
        res.end(JSON.stringify(refused ? { code: 21211, message: "The 'To' number is not valid." } : { sid: 'SM1' }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const twilio = createTwilio({
        accountSid: 'AC123',
        authToken: 'secret',
        from: '+15005550006',
        apiUrl: `http://127.0.0.1:${port}`,
      });
      await twilio.sms.send('13900000001', '【安全控制台】SOS求救');
      await twilio.voiceCalls.call('13900000001', 'SOS <alarm> & more', 'en');
      expect(seen.map((s) => s.url)).toEqual([
        '/2010-04-01/Accounts/AC123/Messages.json',
        '/2010-04-01/Accounts/AC123/Calls.json',
      ]);
      expect(seen[0]!.auth).toBe(`Basic ${Buffer.from('AC123:secret').toString('base64')}`);
      expect(Object.fromEntries(seen[0]!.form)).toEqual({
        To: '+8613900000001',
        From: '+15005550006',
        Body: '【安全控制台】SOS求救',
      });
      expect(seen[1]!.form.get('Twiml')).toBe(
        '<Response><Say language="en-US">SOS &lt;alarm&gt; &amp; more</Say></Response>',
      );
      await expect(twilio.sms.send('13900000009', 'x')).rejects.toThrow(
        "Twilio Messages: HTTP 400 21211 The 'To' number is not valid.",
      );
    } finally {
      server.close();
    }
  });

  it('is refused at start without its keys', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'AC1' })).toThrow(
      'Missing TWILIO_AUTH_TOKEN, TWILIO_FROM: SMS_PROVIDER or VOICE_CALL_PROVIDER is twilio',
    );
  });
});
