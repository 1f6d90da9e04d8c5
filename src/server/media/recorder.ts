import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createSocket, type Socket } from 'node:dgram';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { mediaToolMissing, mediaToolPath } from '../../shared/media-tools';
import { boundUdpPorts, freePortPair } from './recorder-ports';
import { RecorderError, type Recorder, type RecordingDone, type RecordingStart } from './recorder-api';
import type { MediaKind, PublisherInfo, Sfu } from './sfu';

/** Payload types of the SDP ffmpeg reads; every packet is rewritten to them. */
const PT: Record<MediaKind, number> = { audio: 111, video: 96 };
/**
 * How long ffmpeg gets to open the ports of all its inputs; an input's RTP flows (and its key frame
 * is asked for) once ffmpeg listens on its ports, or after this long in any case.
 */
const FFMPEG_READY_MS = 10_000;
/** Where the ports ffmpeg listens on cannot be read (not Linux): the RTP flows after this long. */
const FFMPEG_READY_BLIND_MS = 1000;
/**
 * A browser makes a key frame only when asked, and ffmpeg learns the picture's size from one: the
 * picture's publisher is asked again at this pace until a key frame has gone to ffmpeg.
 */
const KEY_FRAME_RETRY_MS = 500;
const KEY_FRAME_TRIES = 20;
/** How long ffmpeg gets to write the file's end after SIGINT. */
const FINISH_MS = 10_000;
/**
 * A recording stopped before ffmpeg has written its first bytes (it is still reading its inputs for
 * their streams, waiting for a key frame, on a busy machine) keeps going this long for them:
 * stopped earlier, ffmpeg writes nothing and the user's recording is lost.
 */
const FIRST_BYTES_MS = 10_000;
/** ffmpeg starts this many times at most when a port chosen free was taken before it bound it. */
const PORT_TRIES = 3;
/** A WebM header alone is a few hundred bytes: below this, nothing arrived. */
const EMPTY_BYTES = 1024;

interface RecorderDeps {
  sfu: Sfu;
  /** Stores the finished file for the tenant (the engine's uploads: quota, storage, listing). */
  store: (tenantId: number, bytes: Buffer) => Promise<{ name: string; size: number }>;
  /** Where files are written while recording. */
  workDir: string;
  ffmpeg?: string;
  /** Chooses an input's RTP and RTCP ports (freePortPair unless a test says otherwise). */
  portPair?: () => Promise<number>;
  /** A recording is stopped by itself after this long (its file waits for stop()). */
  maxMs?: number;
  log?: { warn: (obj: object, msg: string) => void };
}

interface Input {
  uid: string;
  kinds: MediaKind[];
  ports: Partial<Record<MediaKind, number>>;
  untap?: () => void;
}

interface Recording {
  id: string;
  room: string;
  tenantId: number;
  fileKey: string;
  startedAt: number;
  out: string;
  sdps: string[];
  inputs: Input[];
  ffmpeg: ChildProcess;
  socket: Socket;
  exited: Promise<number | null>;
  stderr: string;
  cap?: ReturnType<typeof setTimeout>;
  keyFrameAsk?: ReturnType<typeof setInterval>;
}

/**
 * Whether an RTP packet of VP8 (RFC 7741) begins a key frame: true for a key frame's first packet,
 * false for another frame's, undefined for the rest of a frame or what cannot be read.
 */
export function vp8FrameStart(packet: Uint8Array): boolean | undefined {
  if (packet.length < 12) return undefined;
  let at = 12 + (packet[0]! & 0x0f) * 4;
  if (packet[0]! & 0x10) {
    if (packet.length < at + 4) return undefined;
    at += 4 + ((packet[at + 2]! << 8) | packet[at + 3]!) * 4;
  }
  const descriptor = packet[at];
  // S (start of a partition) with partition index 0.
  if (descriptor === undefined || (descriptor & 0x17) !== 0x10) return undefined;
  at += 1;
  if (descriptor & 0x80) {
    const extension = packet[at] ?? 0;
    at += 1;
    if (extension & 0x80) at += (packet[at] ?? 0) & 0x80 ? 2 : 1;
    if (extension & 0x40) at += 1;
    if (extension & 0x30) at += 1;
  }
  const header = packet[at];
  // The payload header's P bit is 0 for a key frame.
  return header === undefined ? undefined : (header & 0x01) === 0;
}

/**
 * Whether ffmpeg ended because a port chosen free was taken before it bound it (another process's
 * port 0, another replica's recording).
 */
async function portTaken(rec: Recording): Promise<boolean> {
  if (rec.ffmpeg.exitCode === null) return false;
  const stderr = rec.ffmpeg.stderr!;
  if (!stderr.closed) await new Promise((r) => stderr.once('close', r));
  return /bind failed|address already in use/i.test(rec.stderr);
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function sdpOf(input: Input): string {
  const lines = ['v=0', 'o=- 0 0 IN IP4 127.0.0.1', 's=recording', 'c=IN IP4 127.0.0.1', 't=0 0'];
  if (input.ports.audio)
    lines.push(`m=audio ${input.ports.audio} RTP/AVP ${PT.audio}`, `a=rtpmap:${PT.audio} opus/48000/2`);
  if (input.ports.video)
    lines.push(`m=video ${input.ports.video} RTP/AVP ${PT.video}`, `a=rtpmap:${PT.video} VP8/90000`);
  return `${lines.join('\r\n')}\r\n`;
}

/** Door units and other devices (uids from 3,000,000,000, src/server/voice/provider.ts) are the picture worth keeping. */
function pictureSource(publishers: PublisherInfo[]): PublisherInfo | undefined {
  const withVideo = publishers.filter((p) => p.kinds.includes('video'));
  return withVideo.find((p) => Number(p.uid) >= 3_000_000_000) ?? withVideo[0];
}

/**
 * Records an SFU room with ffmpeg (docs/decisions.md, "Media"): the sound of every publisher
 * present at the start, mixed, and the picture of one (a device's first), copied without
 * re-encoding into WebM. The SFU hands the publishers' RTP to a tap; the tap rewrites payload
 * types and sends it over loopback UDP to ffmpeg, which reads one SDP per publisher. Publishers
 * who join later are not in the file.
 */
export class FfmpegRecorder implements Recorder {
  private readonly recordings = new Map<string, Recording>();

  constructor(private readonly deps: RecorderDeps) {}

  async start(opts: RecordingStart): Promise<{ id: string }> {
    if ([...this.recordings.values()].some((r) => r.room === opts.room))
      throw new RecorderError('busy', `${opts.room} is already being recorded`);
    const publishers = this.deps.sfu.room(opts.room);
    const picture = opts.video ? pictureSource(publishers) : undefined;
    const inputs: Input[] = [];
    for (const p of publishers) {
      const kinds: MediaKind[] = [];
      if (p.kinds.includes('audio')) kinds.push('audio');
      if (p === picture) kinds.push('video');
      if (kinds.length) inputs.push({ uid: p.uid, kinds, ports: {} });
    }
    if (!inputs.length) throw new RecorderError('empty', `nobody publishes in ${opts.room}`);

    const id = randomUUID();
    await mkdir(this.deps.workDir, { recursive: true });
    for (let attempt = 1; ; attempt++) {
      const rec = await this.launch(opts, inputs, id);
      if (attempt >= PORT_TRIES || !(await portTaken(rec))) {
        if (this.deps.maxMs) rec.cap = setTimeout(() => this.finish(rec), this.deps.maxMs);
        return { id };
      }
      // Other ports, and ffmpeg again.
      this.recordings.delete(id);
      clearInterval(rec.keyFrameAsk);
      for (const input of inputs) input.untap?.();
      rec.socket.close();
      await this.cleanUp(rec);
    }
  }

  /** ffmpeg started on free ports for the inputs, and their RTP flowing to it once it listens. */
  private async launch(opts: RecordingStart, inputs: Input[], id: string): Promise<Recording> {
    for (const input of inputs)
      for (const kind of input.kinds) input.ports[kind] = await (this.deps.portPair ?? freePortPair)();
    const sdps = inputs.map((_, i) => join(this.deps.workDir, `${id}-${i}.sdp`));
    await Promise.all(inputs.map((input, i) => writeFile(sdps[i]!, sdpOf(input))));
    const out = join(this.deps.workDir, `${id}.webm`);

    const args = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'];
    for (const sdp of sdps)
      args.push(
        '-protocol_whitelist',
        'file,udp,rtp',
        '-analyzeduration',
        '5000000',
        '-probesize',
        '2000000',
        '-reorder_queue_size',
        '64',
        '-i',
        sdp,
      );
    const audio = inputs.flatMap((input, i) => (input.kinds.includes('audio') ? [i] : []));
    const video = inputs.findIndex((input) => input.kinds.includes('video'));
    if (audio.length > 1) {
      // The voices summed: amix divides each by their count, volume gives it back (amix's
      // normalize=0 would say so itself, but only from FFmpeg 4.4 on; the packaged build is 4.1).
      args.push(
        '-filter_complex',
        `${audio.map((i) => `[${i}:a]`).join('')}amix=inputs=${audio.length},volume=${audio.length}[a]`,
        '-map',
        '[a]',
      );
    } else if (audio.length === 1) {
      args.push('-map', `${audio[0]}:a`);
    }
    if (audio.length) args.push('-c:a', 'libopus', '-b:a', '48k');
    if (video >= 0) args.push('-map', `${video}:v`, '-c:v', 'copy');
    // Written as it comes, so the file's size says when media has arrived (firstBytes).
    args.push('-flush_packets', '1', '-f', 'webm', out);

    const bin = this.deps.ffmpeg ?? mediaToolPath('ffmpeg');
    const ffmpeg = spawn(bin, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    const socket = createSocket('udp4');
    const rec: Recording = {
      id,
      room: opts.room,
      tenantId: opts.tenantId,
      fileKey: opts.fileKey,
      startedAt: Date.now(),
      out,
      sdps,
      inputs,
      ffmpeg,
      socket,
      stderr: '',
      exited: new Promise((resolve) => {
        ffmpeg.once('exit', (code) => resolve(code));
        ffmpeg.once('error', () => resolve(-1));
      }),
    };
    ffmpeg.stderr!.on('data', (chunk: Buffer) => (rec.stderr = (rec.stderr + chunk.toString()).slice(-2000)));
    const spawned = await Promise.race([
      new Promise<boolean>((r) => ffmpeg.once('spawn', () => r(true))),
      rec.exited.then(() => false),
    ]);
    if (!spawned) {
      socket.close();
      await this.cleanUp(rec);
      throw new RecorderError('ffmpeg', mediaToolMissing('ffmpeg', bin));
    }
    this.recordings.set(id, rec);
    // ffmpeg opens its inputs one after another, each once the one before has shown its streams
    // (for the picture: a key frame), so each input's RTP flows as soon as ffmpeg listens for it.
    const deadline = Date.now() + FFMPEG_READY_MS;
    await Promise.all(
      inputs.map(async (input) => {
        await this.listening(rec, input, deadline);
        if (this.recordings.has(id)) this.tapInput(rec, input);
      }),
    );
    return rec;
  }

  /** Resolves when ffmpeg listens on the input's ports, has exited, or the deadline passed. */
  private async listening(rec: Recording, input: Input, deadline: number): Promise<void> {
    const wanted = Object.values(input.ports).flatMap((port) => [port, port + 1]);
    while (Date.now() < deadline && rec.ffmpeg.exitCode === null && this.recordings.has(rec.id)) {
      const bound = await boundUdpPorts(rec.ffmpeg.pid);
      if (!bound) return sleep(FFMPEG_READY_BLIND_MS);
      if (wanted.every((port) => bound.has(port))) return;
      await sleep(50);
    }
  }

  /** Sends the input's RTP to ffmpeg; for the picture, asks for key frames until one went. */
  private tapInput(rec: Recording, input: Input): void {
    let keyFrameSent = !input.kinds.includes('video');
    try {
      input.untap = this.deps.sfu.tap(rec.room, input.uid, (kind, packet) => {
        const port = input.ports[kind];
        if (port === undefined) return;
        if (!keyFrameSent && kind === 'video' && vp8FrameStart(packet)) keyFrameSent = true;
        const copy = Buffer.from(packet);
        copy[1] = (copy[1]! & 0x80) | PT[kind];
        try {
          rec.socket.send(copy, port, '127.0.0.1', () => undefined);
        } catch {
          // The recording is closing: its socket is gone.
        }
      });
    } catch {
      // Left while ffmpeg started: the others are still recorded.
      return;
    }
    if (keyFrameSent) return;
    let tries = 0;
    rec.keyFrameAsk = setInterval(() => {
      if (keyFrameSent || ++tries > KEY_FRAME_TRIES) return clearInterval(rec.keyFrameAsk);
      this.deps.sfu.keyFrame(rec.room, input.uid);
    }, KEY_FRAME_RETRY_MS);
  }

  /**
   * Lets ffmpeg close the file. One SIGINT ends it cleanly, but it only notices between packets,
   * so the RTP keeps flowing until it exits; a second SIGINT interrupts a read that waits for
   * packets that no longer come (everyone left).
   */
  private finish(rec: Recording): void {
    clearInterval(rec.keyFrameAsk);
    if (rec.ffmpeg.exitCode !== null) return;
    rec.ffmpeg.kill('SIGINT');
    const again = setTimeout(() => rec.ffmpeg.kill('SIGINT'), 2000);
    void rec.exited.then(() => {
      clearTimeout(again);
      for (const input of rec.inputs) input.untap?.();
    });
  }

  async stop(id: string): Promise<RecordingDone> {
    const rec = this.recordings.get(id);
    if (!rec) throw new RecorderError('noSuchRecording', `no recording ${id}`);
    this.recordings.delete(id);
    clearTimeout(rec.cap);
    await this.firstBytes(rec, Date.now() + FIRST_BYTES_MS);
    this.finish(rec);
    const durationMs = Date.now() - rec.startedAt;
    const timer = setTimeout(() => rec.ffmpeg.kill('SIGKILL'), FINISH_MS);
    await rec.exited;
    clearTimeout(timer);
    rec.socket.close();
    try {
      const bytes = await readFile(rec.out).catch(() => Buffer.alloc(0));
      if (bytes.length < EMPTY_BYTES) {
        this.deps.log?.warn({ room: rec.room, ffmpeg: rec.stderr.trim() }, 'recording came out empty');
        throw new RecorderError('empty', 'nothing was recorded');
      }
      const saved = await this.deps.store(rec.tenantId, bytes);
      return { file: saved.name, size: saved.size, durationMs };
    } finally {
      await this.cleanUp(rec);
    }
  }

  /** Resolves when ffmpeg has written media into the file, has exited, or the deadline passed. */
  private async firstBytes(rec: Recording, deadline: number): Promise<void> {
    while (Date.now() < deadline && rec.ffmpeg.exitCode === null) {
      const size = await stat(rec.out).then(
        (s) => s.size,
        () => 0,
      );
      if (size >= EMPTY_BYTES) return;
      await sleep(100);
    }
  }

  /** Rooms being recorded now. */
  active(): string[] {
    return [...this.recordings.values()].map((r) => r.room);
  }

  /** Stops every recording without keeping it (the service is closing). */
  async close(): Promise<void> {
    await Promise.all(
      [...this.recordings.values()].map(async (rec) => {
        this.recordings.delete(rec.id);
        clearTimeout(rec.cap);
        this.finish(rec);
        rec.ffmpeg.kill('SIGKILL');
        await rec.exited;
        rec.socket.close();
        await this.cleanUp(rec);
      }),
    );
  }

  private async cleanUp(rec: Pick<Recording, 'out' | 'sdps'>): Promise<void> {
    await Promise.all([rec.out, ...rec.sdps].map((f) => rm(f, { force: true })));
  }
}
