import { spawn } from 'node:child_process';
import { access, constants } from 'node:fs/promises';
import { delimiter, join } from 'node:path';

/**
 * Text-to-speech for pubMusic pushes. A provider says what a device is sent for a text and may
 * render a preview the console plays before sending. The local provider needs no network: the
 * device synthesises the text itself (broadcast `{text}`); when Debian's `espeak-ng` is on the
 * PATH it also renders a WAV preview. A cloud provider would answer an audio URL instead.
 */
export interface TtsProvider {
  readonly name: string;
  /** The broadcast command's parameters that make a device speak `text`. */
  deviceParams(text: string): Promise<Record<string, unknown>>;
  /** A WAV rendering of `text`, or undefined when this server cannot synthesise. */
  preview(text: string, lang: string): Promise<Buffer | undefined>;
}

/** The first executable `name` on the PATH, or undefined. */
async function onPath(name: string, path = process.env.PATH ?? ''): Promise<string | undefined> {
  for (const dir of path.split(delimiter).filter(Boolean)) {
    const file = join(dir, name);
    try {
      await access(file, constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** espeak-ng voices by console language (zh is its Mandarin voice "cmn"). */
const ESPEAK_VOICE: Record<string, string> = { cn: 'cmn', en: 'en', es: 'es', fr: 'fr', de: 'de', ru: 'ru', ar: 'ar' };
const PREVIEW_TIMEOUT_MS = 10_000;
const PREVIEW_MAX_BYTES = 8 * 1024 * 1024;

export class LocalTtsProvider implements TtsProvider {
  readonly name = 'local';
  private binary?: Promise<string | undefined>;

  constructor(private readonly find: () => Promise<string | undefined> = () => onPath('espeak-ng')) {}

  async deviceParams(text: string): Promise<Record<string, unknown>> {
    return { text };
  }

  async preview(text: string, lang: string): Promise<Buffer | undefined> {
    this.binary ??= this.find();
    const bin = await this.binary;
    if (!bin) return undefined;
    return new Promise((resolve) => {
      // The text goes on stdin, never on the command line.
      const child = spawn(bin, ['-v', ESPEAK_VOICE[lang.toLowerCase()] ?? 'cmn', '--stdin', '--stdout'], {
        stdio: ['pipe', 'pipe', 'ignore'],
      });
      const chunks: Buffer[] = [];
      let size = 0;
      const timer = setTimeout(() => child.kill('SIGKILL'), PREVIEW_TIMEOUT_MS);
      child.stdout.on('data', (c: Buffer) => {
        size += c.length;
        if (size > PREVIEW_MAX_BYTES) child.kill('SIGKILL');
        else chunks.push(c);
      });
      child.on('error', () => resolve(undefined));
      child.on('close', (code) => {
        clearTimeout(timer);
        resolve(code === 0 && size > 44 && size <= PREVIEW_MAX_BYTES ? Buffer.concat(chunks) : undefined);
      });
      child.stdin.on('error', () => {});
      child.stdin.end(text);
    });
  }
}
