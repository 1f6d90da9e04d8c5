/**
 * A door unit's camera and microphone for the simulator: ffmpeg draws a test pattern (VP8) and a
 * tone (Opus) and sends each as RTP to a local UDP port, whose packets go to a callback. ffmpeg
 * cannot answer a picture-loss request, so it makes a key frame every second instead.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createSocket, type Socket } from 'node:dgram';
import { existsSync } from 'node:fs';

export type MediaKind = 'audio' | 'video';

/** ffmpeg is missing or refused to start: one line for the log. */
export class MediaSourceError extends Error {
  override name = 'MediaSourceError';
}

export const ffmpegPath = (env: NodeJS.ProcessEnv = process.env): string => env.FFMPEG_PATH?.trim() || 'ffmpeg';

const FONTS = ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf', '/usr/share/fonts/TTF/DejaVuSans.ttf'];
const labels = new Map<string, Promise<string | undefined>>();

/** Runs ffmpeg briefly; resolves with its exit code, rejects when it cannot be started at all. */
function runOnce(ffmpeg: string, args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const p = spawn(ffmpeg, args, { stdio: 'ignore' });
    p.once('error', (err: NodeJS.ErrnoException) =>
      reject(new MediaSourceError(err.code === 'ENOENT' ? `ffmpeg not found ("${ffmpeg}"; install it or set FFMPEG_PATH)` : `ffmpeg: ${err.message}`)),
    );
    p.once('exit', (code) => resolve(code ?? 1));
  });
}

/**
 * The drawtext options that work with this ffmpeg (a font file, else fontconfig's default), or
 * undefined when none does: the picture then goes without its label. Asked once per ffmpeg.
 */
function labelFont(ffmpeg: string): Promise<string | undefined> {
  let found = labels.get(ffmpeg);
  if (!found) {
    found = (async () => {
      for (const font of [...FONTS.filter((f) => existsSync(f)).map((f) => `fontfile=${f}:`), '']) {
        const args = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-f', 'lavfi', '-i', 'testsrc2=size=64x48:rate=1', '-frames:v', '1'];
        if ((await runOnce(ffmpeg, [...args, '-vf', `drawtext=${font}text=x`, '-f', 'null', '-'])) === 0) return font;
      }
      return undefined;
    })();
    labels.set(ffmpeg, found);
    found.catch(() => labels.delete(ffmpeg));
  }
  return found;
}

// An RTP muxer also sends RTCP sender reports; pointed at the RTP port, they arrive here too (RFC 5761).
const isRtcp = (packet: Buffer) => packet.length >= 2 && packet[1]! >= 192 && packet[1]! <= 223;

export interface MediaSource {
  readonly pid: number | undefined;
  /** Resolves when ffmpeg has exited, however it ended. */
  readonly exited: Promise<{ code: number | null; stderr: string }>;
  stop(): Promise<void>;
}

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
  const ffmpeg = opts.ffmpeg ?? ffmpegPath();
  const font = await labelFont(ffmpeg);
  const sockets: Record<MediaKind, Socket> = { audio: createSocket('udp4'), video: createSocket('udp4') };
  const closeSockets = () => {
    for (const s of Object.values(sockets)) s.close();
  };
  const ports = { audio: 0, video: 0 };
  try {
    for (const kind of ['audio', 'video'] as const) {
      const socket = sockets[kind];
      socket.on('message', (packet) => {
        if (!isRtcp(packet)) opts.onRtp(kind, packet);
      });
      await new Promise<void>((resolve, reject) => {
        socket.once('error', reject);
        socket.bind(0, '127.0.0.1', () => resolve());
      });
      ports[kind] = socket.address().port;
    }
  } catch (err) {
    closeSockets();
    throw err;
  }
  const label = opts.roomNo.replace(/[^0-9A-Za-z _-]/g, '-');
  const rtp = (port: number) => `rtp://127.0.0.1:${port}?pkt_size=1200&rtcpport=${port}`;
  const args = [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin'],
    ...['-re', '-f', 'lavfi', '-i', 'testsrc2=size=640x480:rate=15'],
    ...['-re', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
    ...['-t', String(Math.ceil(opts.maxS)), '-map', '0:v'],
    ...(font === undefined ? [] : ['-vf', `drawtext=${font}text=Room ${label}  %{localtime}:fontsize=28:fontcolor=white:box=1:boxcolor=black@0.5:x=16:y=16`]),
    ...['-pix_fmt', 'yuv420p', '-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '400k', '-g', '15', '-keyint_min', '15'],
    ...['-auto-alt-ref', '0', '-lag-in-frames', '0', '-error-resilient', '1', '-f', 'rtp', rtp(ports.video)],
    ...['-t', String(Math.ceil(opts.maxS)), '-map', '1:a', '-c:a', 'libopus', '-b:a', '32k', '-ac', '2', '-application', 'voip', '-frame_duration', '20', '-f', 'rtp', rtp(ports.audio)],
  ];
  const child: ChildProcess = spawn(ffmpeg, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => void (stderr = (stderr + chunk.toString()).slice(-2000)));
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) => {
    child.once('error', (err) => resolve({ code: null, stderr: err.message }));
    child.once('exit', (code) => resolve({ code, stderr: stderr.trim() }));
  });
  void exited.then(closeSockets);
  return {
    pid: child.pid,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 2000);
        await exited;
        clearTimeout(timer);
      }
      await exited;
    },
  };
}
