/**
 * ffmpeg encoding a picture (VP8) and optionally a sound (Opus) as RTP to local UDP ports, whose
 * packets go to a callback: the simulator's test pattern (src/sim/media-source.ts) and the
 * cameras bridged into the SFU (./camera-bridge.ts). VP8 and Opus because the SFU forwards only
 * what every browser and door unit speaks (docs/decisions.md, "Media"). ffmpeg cannot answer a
 * picture-loss request, so it makes a key frame every `keyEvery` frames instead.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createSocket, type Socket } from 'node:dgram';
import { mediaToolMissing, mediaToolPath } from './media-tools';

export type RtpKind = 'audio' | 'video';

/** ffmpeg is missing or refused to start: one line for the log or the user. */
export class FfmpegError extends Error {
  override name = 'FfmpegError';
}

// An RTP muxer also sends RTCP sender reports; pointed at the RTP port, they arrive here too (RFC 5761).
const isRtcp = (packet: Buffer) => packet.length >= 2 && packet[1]! >= 192 && packet[1]! <= 223;

export interface RtpPipe {
  readonly pid: number | undefined;
  /** Resolves when ffmpeg has exited, however it ended, with the end of what it printed. */
  readonly exited: Promise<{ code: number | null; stderr: string }>;
  stop(): Promise<void>;
}

interface RtpPipeOptions {
  ffmpeg?: string;
  /** Everything before the outputs: `-re -f lavfi -i ...` or `-rtsp_transport tcp -i rtsp://...`. */
  input: string[];
  /** The input index and stream of the picture, e.g. `0:v:0`. */
  video: string;
  /** The sound's stream, e.g. `1:a` (none: the pipe sends a picture only). */
  audio?: string;
  /** A video filter (scale, drawtext ...). */
  filter?: string;
  fps: number;
  kbps: number;
  /** VP8 for the SFU (the default); H.264 for the simulator's cameras, as IP cameras send. */
  codec?: 'vp8' | 'h264';
  /** ffmpeg stops by itself after this many seconds, even if this process died without stopping it. */
  maxS?: number;
  onRtp: (kind: RtpKind, packet: Buffer) => void;
}

async function bindLoopback(onPacket: (packet: Buffer) => void): Promise<Socket> {
  const socket = createSocket('udp4');
  socket.on('message', (packet) => {
    if (!isRtcp(packet)) onPacket(packet);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', () => resolve());
  });
  return socket;
}

/** Starts ffmpeg; a missing ffmpeg rejects with FfmpegError, a bad input ends `exited` with its message. */
export async function startRtpPipe(o: RtpPipeOptions): Promise<RtpPipe> {
  const ffmpeg = o.ffmpeg ?? mediaToolPath('ffmpeg');
  const kinds: RtpKind[] = o.audio ? ['video', 'audio'] : ['video'];
  const sockets: Socket[] = [];
  try {
    for (const kind of kinds) sockets.push(await bindLoopback((packet) => o.onRtp(kind, packet)));
  } catch (err) {
    for (const s of sockets) s.close();
    throw err;
  }
  const rtp = (s: Socket) => `rtp://127.0.0.1:${s.address().port}?pkt_size=1200&rtcpport=${s.address().port}`;
  const limit = o.maxS ? ['-t', String(Math.ceil(o.maxS))] : [];
  const args = [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin'],
    ...o.input,
    ...limit,
    ...['-map', o.video, '-an'],
    ...(o.filter ? ['-vf', o.filter] : []),
    ...[
      '-r',
      String(o.fps),
      '-pix_fmt',
      'yuv420p',
      '-b:v',
      `${o.kbps}k`,
      '-g',
      String(o.fps),
      '-keyint_min',
      String(o.fps),
    ],
    ...(o.codec === 'h264'
      ? ['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-profile:v', 'baseline', '-bf', '0']
      : [
          '-c:v',
          'libvpx',
          '-deadline',
          'realtime',
          '-cpu-used',
          '8',
          '-auto-alt-ref',
          '0',
          '-lag-in-frames',
          '0',
          '-error-resilient',
          '1',
        ]),
    ...['-f', 'rtp', rtp(sockets[0]!)],
    ...(o.audio
      ? [
          ...limit,
          '-map',
          o.audio,
          '-vn',
          '-c:a',
          'libopus',
          '-b:a',
          '32k',
          '-ar',
          '48000',
          '-ac',
          '2',
          '-application',
          'voip',
          '-frame_duration',
          '20',
          '-f',
          'rtp',
          rtp(sockets[1]!),
        ]
      : []),
  ];
  const child: ChildProcess = spawn(ffmpeg, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => void (stderr = (stderr + chunk.toString()).slice(-2000)));
  let failedToStart: Error | undefined;
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) => {
    child.once('error', (err: NodeJS.ErrnoException) => {
      failedToStart = new FfmpegError(
        err.code === 'ENOENT' ? mediaToolMissing('ffmpeg', ffmpeg) : `ffmpeg: ${err.message}`,
      );
      resolve({ code: null, stderr: failedToStart.message });
    });
    child.once('exit', (code) => resolve({ code, stderr: stderr.trim() }));
  });
  void exited.then(() => sockets.forEach((s) => s.close()));
  const spawned = await Promise.race([
    new Promise<boolean>((r) => child.once('spawn', () => r(true))),
    exited.then(() => false),
  ]);
  if (!spawned && failedToStart) throw failedToStart;
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
