import { execFile } from 'node:child_process';
import { connect } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaToolPath } from '../../src/shared/media-tools';
import { startRtspServer, type RtspServer } from '../../src/sim/rtsp';

const run = promisify(execFile);

/** One RTSP request on a fresh connection; resolves with the status line. */
async function statusOf(port: number, request: string): Promise<string> {
  const socket = connect(port, '127.0.0.1');
  socket.write(request);
  const text = await new Promise<string>((resolve, reject) => {
    socket.once('data', (d) => resolve(d.toString('latin1')));
    socket.once('error', reject);
  });
  socket.destroy();
  return text.split('\r\n')[0]!;
}

describe("the simulator's RTSP test cameras", () => {
  let server: RtspServer;
  beforeAll(async () => {
    server = await startRtspServer({ port: 0 });
  });
  afterAll(async () => {
    await server.close();
  });

  it('serve an H.264 640x480 picture that ffprobe reads over RTSP', async () => {
    const { stdout } = await run(
      mediaToolPath('ffprobe'),
      [
        '-v',
        'error',
        '-rtsp_transport',
        'tcp',
        '-show_entries',
        'stream=codec_name,width,height',
        '-of',
        'json',
        server.url('/cam1'),
      ],
      { timeout: 30_000 },
    );
    expect(JSON.parse(stdout).streams).toEqual([{ codec_name: 'h264', width: 640, height: 480 }]);
  }, 40_000);

  it('decode to frames with ffmpeg on both paths', async () => {
    for (const path of ['/cam1', '/cam2']) {
      const { stdout } = await run(
        mediaToolPath('ffprobe'),
        [
          '-v',
          'error',
          '-rtsp_transport',
          'tcp',
          '-count_frames',
          '-read_intervals',
          '%+2',
          '-select_streams',
          'v',
          '-show_entries',
          'stream=nb_read_frames',
          '-of',
          'csv=p=0',
          server.url(path),
        ],
        { timeout: 30_000 },
      );
      expect(Number(stdout.trim())).toBeGreaterThan(5);
    }
  }, 60_000);

  it('answer an unknown path 404, UDP transport 461 and a broken request 400', async () => {
    expect(await statusOf(server.port, `DESCRIBE ${server.url('/nope')} RTSP/1.0\r\nCSeq: 2\r\n\r\n`)).toBe(
      'RTSP/1.0 404 Not Found',
    );
    expect(
      await statusOf(
        server.port,
        `SETUP ${server.url('/cam1')}/trackID=0 RTSP/1.0\r\nCSeq: 3\r\nTransport: RTP/AVP;unicast;client_port=5000-5001\r\n\r\n`,
      ),
    ).toBe('RTSP/1.0 461 Unsupported Transport');
    expect(await statusOf(server.port, 'hello there\r\n\r\n')).toBe('RTSP/1.0 400 Bad Request');
    expect(
      await statusOf(server.port, `PLAY ${server.url('/cam1')} RTSP/1.0\r\nCSeq: 4\r\nSession: nope\r\n\r\n`),
    ).toBe('RTSP/1.0 454 Session Not Found');
  });

  it('refuse a taken port with one line', async () => {
    await expect(startRtspServer({ port: server.port })).rejects.toThrow(`RTSP port ${server.port} is taken`);
  });
});
