/**
 * A door unit's camera and microphone for the simulator: ffmpeg draws a test pattern (VP8) and a
 * tone (Opus) and sends each as RTP to a local UDP port, whose packets go to a callback
 * (src/shared/ffmpeg-rtp.ts, the same pipe the service's camera bridge uses).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { FfmpegError, startRtpPipe, type RtpKind, type RtpPipe } from '../shared/ffmpeg-rtp';
import { mediaToolMissing, mediaToolPath } from '../shared/media-tools';

export type MediaKind = RtpKind;
export type MediaSource = RtpPipe;

const FONTS = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
  '/usr/share/fonts/TTF/DejaVuSans.ttf',
];
const labels = new Map<string, Promise<string | undefined>>();

/** Runs ffmpeg briefly; resolves with its exit code, rejects when it cannot be started at all. */
function runOnce(ffmpeg: string, args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const p = spawn(ffmpeg, args, { stdio: 'ignore' });
    p.once('error', (err: NodeJS.ErrnoException) =>
      reject(new FfmpegError(err.code === 'ENOENT' ? mediaToolMissing('ffmpeg', ffmpeg) : `ffmpeg: ${err.message}`)),
    );
    p.once('exit', (code) => resolve(code ?? 1));
  });
}

/**
 * The drawtext options that work with this ffmpeg (a font file, else fontconfig's default), or
 * undefined when none does: the picture then goes without its label. Asked once per ffmpeg.
 */
export function labelFont(ffmpeg: string = mediaToolPath('ffmpeg')): Promise<string | undefined> {
  let found = labels.get(ffmpeg);
  if (!found) {
    found = (async () => {
      for (const font of [...FONTS.filter((f) => existsSync(f)).map((f) => `fontfile=${f}:`), '']) {
        const args = [
          '-hide_banner',
          '-loglevel',
          'error',
          '-nostdin',
          '-f',
          'lavfi',
          '-i',
          'testsrc2=size=64x48:rate=1',
          '-frames:v',
          '1',
        ];
        if ((await runOnce(ffmpeg, [...args, '-vf', `drawtext=${font}text=x`, '-f', 'null', '-'])) === 0) return font;
      }
      return undefined;
    })();
    labels.set(ffmpeg, found);
    found.catch(() => labels.delete(ffmpeg));
  }
  return found;
}

/** drawtext of `text` and the local time in the top corner, or no filter when no font works. */
export const labelFilter = (font: string | undefined, text: string): string | undefined =>
  font === undefined
    ? undefined
    : `drawtext=${font}text=${text.replace(/[^0-9A-Za-z _-]/g, '-')}  %{localtime}:fontsize=28:fontcolor=white:box=1:boxcolor=black@0.5:x=16:y=16`;

/**
 * Starts ffmpeg: 640x480 at 15 fps, VP8 at about 400 kbit/s, and a 440 Hz tone in Opus. `onRtp`
 * gets every RTP packet with its kind; `roomNo` labels the picture, with the time.
 */
export async function startMediaSource(opts: {
  ffmpeg?: string;
  roomNo: string;
  /** ffmpeg stops by itself after this long, even if this process died without stopping it. */
  maxS: number;
  onRtp: (kind: MediaKind, packet: Buffer) => void;
}): Promise<MediaSource> {
  const ffmpeg = opts.ffmpeg ?? mediaToolPath('ffmpeg');
  return startRtpPipe({
    ffmpeg,
    input: [
      '-re',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=640x480:rate=15',
      '-re',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:sample_rate=48000',
    ],
    video: '0:v',
    audio: '1:a',
    filter: labelFilter(await labelFont(ffmpeg), `Room ${opts.roomNo}`),
    fps: 15,
    kbps: 400,
    maxS: opts.maxS,
    onRtp: opts.onRtp,
  });
}
