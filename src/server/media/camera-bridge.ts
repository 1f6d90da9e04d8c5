import { execFile } from 'node:child_process';
import { RtpPacket } from 'werift';
import { mediaToolMissing, mediaToolPath } from '../../shared/media-tools';
import { startRtpPipe, type RtpPipe } from '../../shared/ffmpeg-rtp';
import type { LocalPublisher, Sfu } from './sfu';

/**
 * Cameras on the monitoring wall (docs/decisions.md, "Cameras"): ffmpeg reads a camera's stream
 * (RTSP over TCP, or anything else ffmpeg opens by URL) and re-encodes it as VP8 at most 640
 * wide and 15 fps (plus its sound as Opus), written into an SFU room as a local publisher, so
 * every viewer is an ordinary subscriber. The bridge runs while someone watches: it starts at the
 * first viewer, stops IDLE_MS after the last one left, and restarts a dropped stream with growing
 * pauses while viewers wait (they stay subscribed and see the picture come back).
 */

/** The uid a camera publishes as in its room: a device's range (src/server/voice/provider.ts), so recordings keep its picture. */
export const CAMERA_UID = '2999999999';
const IDLE_MS = 20_000;
const FIRST_PICTURE_MS = 15_000;
const PROBE_MS = 12_000;
const RESTART_MS = [2_000, 5_000, 10_000, 30_000];

export class CameraError extends Error {
  override name = 'CameraError';
}

interface ProbeResult {
  video: { codec: string; width: number; height: number };
  audio?: { codec: string };
}

const socketTimeouts = new Map<string, Promise<string>>();

/**
 * The RTSP client's socket timeout option of this ffmpeg or ffprobe, read from its own help once:
 * `-timeout` since FFmpeg 5, `-stimeout` before, where `-timeout` instead makes it listen as an
 * RTSP server ("Unable to open RTSP for listening": the packaged ffmpeg is 4.1).
 */
function rtspSocketTimeout(bin: string): Promise<string> {
  let option = socketTimeouts.get(bin);
  if (!option) {
    option = new Promise((resolve) =>
      execFile(bin, ['-hide_banner', '-h', 'demuxer=rtsp'], { timeout: PROBE_MS }, (err, stdout) => {
        if (err && !stdout) socketTimeouts.delete(bin);
        resolve(`-${/^\s*-(\w+)\s.*socket.*I\/O/m.exec(stdout)?.[1] ?? 'timeout'}`);
      }),
    );
    socketTimeouts.set(bin, option);
  }
  return option;
}

/** The options of `bin` (ffmpeg or ffprobe) to open `url` as a live input, waiting at most 5 s for the network. */
async function inputOf(url: string, bin: string): Promise<string[]> {
  if (/^rtsps?:/i.test(url)) return ['-rtsp_transport', 'tcp', await rtspSocketTimeout(bin), '5000000', '-i', url];
  return ['-rw_timeout', '5000000', '-i', url];
}

/** What ffmpeg printed, as one line a user may read: the last line, with the URL's password hidden. */
export function cameraMessage(stderr: string, fallback: string): string {
  const line = stderr.trim().split('\n').filter(Boolean).at(-1)?.trim() ?? '';
  return (line || fallback).replace(/(\w+:\/\/[^:/@\s]*:)[^@\s]*@/g, '$1****@').slice(0, 300);
}

/** ffprobe's view of a stream: its first picture and sound, or a CameraError saying why not. */
export async function probeCamera(url: string, ffprobe = mediaToolPath('ffprobe')): Promise<ProbeResult> {
  const args = [
    '-v',
    'error',
    '-show_entries',
    'stream=codec_type,codec_name,width,height',
    '-of',
    'json',
    ...(await inputOf(url, ffprobe)).filter((a) => a !== '-i'),
  ];
  return new Promise((resolve, reject) => {
    execFile(ffprobe, args, { timeout: PROBE_MS, maxBuffer: 1 << 20 }, (err, stdout, stderr) => {
      if (err && (err as NodeJS.ErrnoException).code === 'ENOENT')
        return reject(new CameraError(mediaToolMissing('ffprobe', ffprobe)));
      if (err)
        return reject(
          new CameraError(
            cameraMessage(stderr, err.killed ? 'the camera did not answer in time' : 'the stream cannot be read'),
          ),
        );
      const streams =
        (
          JSON.parse(stdout || '{}') as {
            streams?: { codec_type: string; codec_name: string; width?: number; height?: number }[];
          }
        ).streams ?? [];
      const video = streams.find((s) => s.codec_type === 'video');
      if (!video) return reject(new CameraError('the stream has no picture'));
      const audio = streams.find((s) => s.codec_type === 'audio');
      resolve({
        video: { codec: video.codec_name, width: video.width ?? 0, height: video.height ?? 0 },
        audio: audio && { codec: audio.codec_name },
      });
    });
  });
}

interface Bridge {
  room: string;
  url: string;
  publisher?: LocalPublisher;
  pipe?: RtpPipe;
  /** Resolves at the first picture written into the room; rejects with why there is none. */
  firstPicture: Promise<void>;
  lastWatched: number;
  restarts: number;
  stopped: boolean;
  timer?: ReturnType<typeof setTimeout>;
  lastError?: string;
}

export class CameraBridge {
  private readonly bridges = new Map<string, Bridge>();
  private readonly sweep: ReturnType<typeof setInterval>;

  constructor(
    private readonly deps: {
      sfu: Sfu;
      ffmpeg?: string;
      ffprobe?: string;
      log?: { warn: (obj: object, msg: string) => void };
      idleMs?: number;
      now?: () => number;
    },
  ) {
    this.sweep = setInterval(() => this.stopIdle(), 5_000);
    this.sweep.unref();
  }

  private now = () => (this.deps.now ?? Date.now)();

  /**
   * Bridges `url` into `room` if it is not yet, and resolves once its picture is there (at most
   * FIRST_PICTURE_MS), or rejects with a CameraError a viewer can read.
   */
  async open(room: string, url: string): Promise<void> {
    let bridge = this.bridges.get(room);
    if (bridge && bridge.url !== url) {
      this.stop(bridge);
      bridge = undefined;
    }
    if (!bridge) {
      const created: Bridge = {
        room,
        url,
        lastWatched: this.now(),
        restarts: 0,
        stopped: false,
        firstPicture: Promise.resolve(),
      };
      created.firstPicture = this.start(created);
      created.firstPicture.catch(() => this.stop(created));
      this.bridges.set(room, created);
      bridge = created;
    }
    bridge.lastWatched = this.now();
    await bridge.firstPicture;
  }

  /** Rooms bridged now. */
  active(): string[] {
    return [...this.bridges.keys()];
  }

  /** Stops the bridge of `room` (the camera was changed or deleted). */
  close(room: string): void {
    const bridge = this.bridges.get(room);
    if (bridge) this.stop(bridge);
  }

  async closeAll(): Promise<void> {
    clearInterval(this.sweep);
    await Promise.all([...this.bridges.values()].map((b) => this.stop(b)));
  }

  private async start(bridge: Bridge): Promise<void> {
    const probe = await probeCamera(bridge.url, this.deps.ffprobe);
    if (bridge.stopped) throw new CameraError('the camera was closed');
    const ffmpeg = this.deps.ffmpeg ?? mediaToolPath('ffmpeg');
    const input = await inputOf(bridge.url, ffmpeg);
    if (bridge.stopped) throw new CameraError('the camera was closed');
    bridge.publisher = this.deps.sfu.publishLocal(
      bridge.room,
      CAMERA_UID,
      probe.audio ? ['audio', 'video'] : ['video'],
    );
    await this.run(bridge, { ffmpeg, input, audio: Boolean(probe.audio) });
  }

  /** One ffmpeg run; resolves at its first picture. When it ends while watched, the next run follows a pause. */
  private run(bridge: Bridge, how: { ffmpeg: string; input: string[]; audio: boolean }): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      let pictured = false;
      const timeout = setTimeout(
        () => reject(new CameraError(bridge.lastError ?? 'no picture from the camera in time')),
        FIRST_PICTURE_MS,
      );
      startRtpPipe({
        ffmpeg: how.ffmpeg,
        input: how.input,
        video: '0:v:0',
        audio: how.audio ? '0:a:0' : undefined,
        filter: "scale='min(640,iw)':-2",
        fps: 15,
        kbps: 600,
        onRtp: (kind, packet) => {
          let rtp: RtpPacket;
          try {
            rtp = RtpPacket.deSerialize(packet);
          } catch {
            return;
          }
          bridge.publisher?.write(kind, rtp);
          if (kind === 'video' && !pictured) {
            pictured = true;
            bridge.restarts = 0;
            clearTimeout(timeout);
            resolve();
          }
        },
      }).then(
        (pipe) => {
          bridge.pipe = pipe;
          void pipe.exited.then(({ code, stderr }) => {
            if (bridge.stopped) return;
            bridge.lastError = cameraMessage(stderr, `the stream ended (ffmpeg exit ${code})`);
            this.deps.log?.warn(
              { room: bridge.room, code, ffmpeg: bridge.lastError },
              'camera stream ended; restarting',
            );
            const pause = RESTART_MS[Math.min(bridge.restarts++, RESTART_MS.length - 1)]!;
            bridge.timer = setTimeout(() => {
              if (!bridge.stopped) this.run(bridge, how).catch(() => undefined);
            }, pause);
          });
        },
        (err: Error) => {
          clearTimeout(timeout);
          reject(new CameraError(err.message));
        },
      );
    });
  }

  private stopIdle(): void {
    const idleMs = this.deps.idleMs ?? IDLE_MS;
    for (const bridge of this.bridges.values()) {
      if ((bridge.publisher?.subscribers() ?? 0) > 0) bridge.lastWatched = this.now();
      else if (this.now() - bridge.lastWatched > idleMs) void this.stop(bridge);
    }
  }

  private async stop(bridge: Bridge): Promise<void> {
    bridge.stopped = true;
    clearTimeout(bridge.timer);
    if (this.bridges.get(bridge.room) === bridge) this.bridges.delete(bridge.room);
    bridge.publisher?.close();
    await bridge.pipe?.stop();
  }
}
