import { appendFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Places a phone call that speaks a text (an escalation's voice step). Real providers (Aliyun
 * voice notification, Twilio) implement the same interface once their keys are set (docs/alarms.md).
 */
export interface VoiceCallProvider {
  readonly name: string;
  call(phone: string, text: string, lang: string): Promise<void>;
}

/** espeak-ng voices by console language (its Mandarin voice is "cmn"). */
const VOICE: Record<string, string> = { cn: 'cmn', en: 'en', es: 'es', fr: 'fr', de: 'de', ru: 'ru', ar: 'ar' };

type Espeak = (opts: { arguments: string[] }) => Promise<{ FS: { readFile(path: string): Uint8Array } }>;
let engine: Promise<Espeak> | undefined;

/**
 * The text spoken as a WAV, by eSpeak NG compiled to WebAssembly (the `espeak-ng` package: no
 * system binary, no network). Loaded on the first call; about half a second per call.
 */
async function speakToWav(text: string, lang: string): Promise<Buffer> {
  engine ??= import('espeak-ng').then((m) => m.default);
  const run = await engine;
  const out = 'call.wav';
  const instance = await run({ arguments: ['-w', out, '-v', VOICE[lang] ?? 'cmn', text.replace(/\s+/g, ' ')] });
  return Buffer.from(instance.FS.readFile(out));
}

/**
 * The local provider: nobody's phone rings. The call is written as the WAV a real call would play
 * (DATA_DIR/voice-calls/) and a line in DATA_DIR/voice-outbox.log (and the service log), so that
 * people and end-to-end tests can hear and read what would have been said.
 */
export function createLocalVoiceCallProvider(
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  dir?: string,
  speak: typeof speakToWav = speakToWav,
): VoiceCallProvider {
  let seq = 0;
  return {
    name: 'local',
    async call(phone, text, lang) {
      log.info({ voiceCall: 'local', phone }, `voice call to ${phone}: ${text}`);
      if (!dir) return;
      const at = new Date().toISOString();
      const file = `${at.replace(/[:.]/g, '-')}-${++seq}-${phone.replace(/\D/g, '')}.wav`;
      await mkdir(join(dir, 'voice-calls'), { recursive: true });
      await writeFile(join(dir, 'voice-calls', file), await speak(text, lang));
      await appendFile(join(dir, 'voice-outbox.log'), `${at} ${phone} voice-calls/${file} ${text}\n`);
    },
  };
}
