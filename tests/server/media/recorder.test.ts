import { execFile } from 'node:child_process';
import { createSocket, type Socket } from 'node:dgram';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaStreamTrack, RtpPacket, type RTCPeerConnection } from 'werift';
import { FfmpegRecorder, vp8FrameStart } from '../../../src/server/media/recorder';
import { freePortPair } from '../../../src/server/media/recorder-ports';
import { Sfu, type MediaKind } from '../../../src/server/media/sfu';
import { mediaToolPath } from '../../../src/shared/media-tools';
import { startMediaSource, type MediaSource } from '../../../src/sim/media-source';
import { until } from '../ingest-helper';
import { connected, localSdp, loopbackPeer } from '../media-helper';

const run = promisify(execFile);
const DOOR = '3000000001';
const CONSOLE = '7';

describe('recording an SFU room with ffmpeg', () => {
  const open: RTCPeerConnection[] = [];
  const sfu = new Sfu({ extraHostAddresses: ['127.0.0.1'] });
  const stored: Buffer[] = [];
  let dir: string;
  let source: MediaSource;
  let recorder: FfmpegRecorder;
  /** Where the source's packets go besides the two publishers of room 'r'. */
  let relay: ((kind: MediaKind, packet: Buffer) => void) | undefined;

  /** A publisher in room `r` whose tracks carry whatever the test writes. */
  async function publisher(uid: string) {
    const pc = loopbackPeer(open);
    const tracks: Record<MediaKind, MediaStreamTrack> = {
      audio: new MediaStreamTrack({ kind: 'audio' }),
      video: new MediaStreamTrack({ kind: 'video' }),
    };
    pc.addTransceiver(tracks.audio, { direction: 'sendonly' });
    pc.addTransceiver(tracks.video, { direction: 'sendonly' });
    await pc.setLocalDescription(await pc.createOffer());
    const { sdp } = await sfu.publish('r', uid, await localSdp(pc));
    await pc.setRemoteDescription({ type: 'answer', sdp });
    await connected(pc);
    return tracks;
  }

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'recorder-test-'));
    // ffmpeg's last lines reach the output when a recording comes out empty (the log says why).
    recorder = new FfmpegRecorder({
      sfu,
      workDir: dir,
      log: { warn: (obj, msg) => console.warn(msg, obj) },
      store: async (_tenant, bytes) => (stored.push(bytes), { name: `rec-${stored.length}.webm`, size: bytes.length }),
    });
    // A door unit and a console, both sending the simulator's picture and tone.
    const door = await publisher(DOOR);
    const operator = await publisher(CONSOLE);
    source = await startMediaSource({
      roomNo: '0101',
      maxS: 60,
      onRtp: (kind, packet) => {
        door[kind].writeRtp(RtpPacket.deSerialize(packet));
        operator[kind].writeRtp(RtpPacket.deSerialize(packet));
        relay?.(kind, packet);
      },
    });
    // Generous: on a loaded machine (the whole suite runs beside it) ffmpeg and two connections take a while.
    await until(() => (sfu.stats('r').find((s) => s.uid === DOOR)?.forwarded.video ?? 0) > 20, 60_000);
  }, 90_000);

  afterAll(async () => {
    await source?.stop();
    await recorder.close();
    await sfu.close();
    await Promise.all(open.map((pc) => pc.close().catch(() => undefined)));
    await rm(dir, { recursive: true, force: true });
  });

  it('writes the door unit picture and both voices into one WebM, refuses a second recording of the room, and forgets a stopped one', async () => {
    const { id } = await recorder.start({ room: 'r', tenantId: 1, video: true, fileKey: 'web_1' });
    expect(recorder.active()).toEqual(['r']);
    await expect(recorder.start({ room: 'r', tenantId: 1, video: true, fileKey: 'web_2' })).rejects.toMatchObject({
      key: 'busy',
    });
    await new Promise((r) => setTimeout(r, 4000));
    const done = await recorder.stop(id);
    expect(done).toMatchObject({ file: 'rec-1.webm', size: stored[0]!.length });
    expect(done.durationMs).toBeGreaterThanOrEqual(4000);
    expect(recorder.active()).toEqual([]);

    const file = join(dir, 'check.webm');
    await writeFile(file, stored[0]!);
    const { stdout } = await run(mediaToolPath('ffprobe'), [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_type,codec_name,width,height:format=duration',
      '-of',
      'json',
      file,
    ]);
    const probe = JSON.parse(stdout) as {
      streams: { codec_type: string; codec_name: string; width?: number; height?: number }[];
      format: { duration?: string };
    };
    expect(probe.streams).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ codec_type: 'video', codec_name: 'vp8', width: 640, height: 480 }),
        expect.objectContaining({ codec_type: 'audio', codec_name: 'opus' }),
      ]),
    );
    expect(probe.streams).toHaveLength(2);
    // ffmpeg's start eats into the 4 s on a busy machine (1.47 s of media from 3 s was seen with
    // two test workers): at least a second and a half of picture and sound is what is asked.
    expect(Number(probe.format.duration)).toBeGreaterThan(1.5);

    await expect(recorder.stop(id)).rejects.toMatchObject({ key: 'noSuchRecording' });
  }, 60_000);

  it('asks again for a key frame until one reaches ffmpeg, as a browser makes one only when asked', async () => {
    // A door unit whose key frames are lost until it has been asked three times.
    let asked = 0;
    const door = sfu.publishLocal('r2', DOOR, ['audio', 'video'], () => (asked += 1));
    let inKeyFrame = false;
    let keyFrames = 0;
    relay = (kind, packet) => {
      if (kind === 'video') {
        const start = vp8FrameStart(packet);
        if (start !== undefined) inKeyFrame = start;
        if (start) keyFrames += 1;
        if (inKeyFrame && asked < 3) return;
      }
      door.write(kind, RtpPacket.deSerialize(packet));
    };
    try {
      const { id } = await recorder.start({ room: 'r2', tenantId: 1, video: true, fileKey: 'web_5' });
      await new Promise((r) => setTimeout(r, 4000));
      await recorder.stop(id);
      // The source makes a key frame every second (src/shared/ffmpeg-rtp.ts), so the parser saw some.
      expect(keyFrames).toBeGreaterThan(2);
      expect(asked).toBeGreaterThanOrEqual(3);
      const file = join(dir, 'asked.webm');
      await writeFile(file, stored.at(-1)!);
      const { stdout } = await run(mediaToolPath('ffprobe'), [
        '-v',
        'error',
        '-select_streams',
        'v',
        '-show_entries',
        'stream=width,height',
        '-of',
        'csv=p=0',
        file,
      ]);
      expect(stdout.trim()).toBe('640,480');
    } finally {
      relay = undefined;
      door.close();
    }
  }, 30_000);

  it('keeps a recording stopped before its first picture reached ffmpeg going until it did', async () => {
    // A door unit whose picture arrives only a second and a half after the stop was pressed (a busy
    // machine, a slow key frame): stopped there, ffmpeg would write nothing.
    const door = sfu.publishLocal('r3', DOOR, ['audio', 'video']);
    let pictureFrom = Infinity;
    relay = (kind, packet) => {
      if (kind === 'video' && Date.now() < pictureFrom) return;
      door.write(kind, RtpPacket.deSerialize(packet));
    };
    try {
      const { id } = await recorder.start({ room: 'r3', tenantId: 1, video: true, fileKey: 'web_6' });
      pictureFrom = Date.now() + 1500;
      const done = await recorder.stop(id);
      expect(done.size).toBeGreaterThan(1024);
      const file = join(dir, 'late.webm');
      await writeFile(file, stored.at(-1)!);
      const { stdout } = await run(mediaToolPath('ffprobe'), [
        '-v',
        'error',
        '-select_streams',
        'v',
        '-show_entries',
        'stream=width,height',
        '-of',
        'csv=p=0',
        file,
      ]);
      expect(stdout.trim()).toBe('640,480');
    } finally {
      relay = undefined;
      door.close();
    }
  }, 30_000);

  it('records sound only when asked, and refuses a room where nobody publishes', async () => {
    const { id } = await recorder.start({ room: 'r', tenantId: 1, video: false, fileKey: 'web_3' });
    await new Promise((r) => setTimeout(r, 2000));
    await recorder.stop(id);
    const file = join(dir, 'audio.webm');
    await writeFile(file, stored.at(-1)!);
    const { stdout } = await run(mediaToolPath('ffprobe'), [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_type',
      '-of',
      'csv=p=0',
      file,
    ]);
    expect(stdout.trim().split('\n')).toEqual(['audio']);
    await expect(recorder.start({ room: 'empty', tenantId: 1, video: true, fileKey: 'web_4' })).rejects.toMatchObject({
      key: 'empty',
    });
  }, 30_000);

  it('starts ffmpeg again on other ports when another process took a chosen one before ffmpeg bound it', async () => {
    // The first pair chosen is held by another socket by the time ffmpeg binds it (a port 0 of
    // another process, another replica's recording), as happened under a full test run.
    const base = await freePortPair();
    const held: Socket[] = [];
    for (const port of [base, base + 1]) {
      const socket = createSocket('udp4');
      await new Promise<void>((resolve) => socket.bind(port, '127.0.0.1', () => resolve()));
      held.push(socket);
    }
    const chosen: number[] = [];
    const taken = new FfmpegRecorder({
      sfu,
      workDir: dir,
      portPair: async () => {
        const port = chosen.length === 0 ? base : await freePortPair();
        chosen.push(port);
        return port;
      },
      store: async (_tenant, bytes) => (stored.push(bytes), { name: 'taken.webm', size: bytes.length }),
    });
    try {
      const { id } = await taken.start({ room: 'r', tenantId: 1, video: false, fileKey: 'web_7' });
      await new Promise((r) => setTimeout(r, 2000));
      const done = await taken.stop(id);
      expect(done.size).toBeGreaterThan(1024);
      expect(chosen.length).toBeGreaterThan(1);
      expect(chosen.slice(1)).not.toContain(base);
    } finally {
      await taken.close();
      held.forEach((s) => s.close());
    }
  }, 30_000);
});
