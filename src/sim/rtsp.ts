/**
 * The simulator's test cameras: a small RTSP/1.0 server (RFC 2326) whose paths each serve an
 * H.264 test pattern labelled with the camera's name and the time, as IP cameras serve theirs. It
 * speaks what ffmpeg and VLC ask a camera: OPTIONS, DESCRIBE (SDP), SETUP with RTP interleaved
 * on the RTSP connection (TCP; UDP is refused with 461, so clients fall back), PLAY, TEARDOWN and
 * GET_PARAMETER as a keep-alive. ffmpeg encodes a camera only while someone plays it.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { startRtpPipe, type RtpPipe } from '../shared/ffmpeg-rtp';
import { labelFilter, labelFont } from './media-source';

interface SimCamera {
  /** The URL path, e.g. `/cam1`. */
  path: string;
  /** Drawn on the picture. */
  label: string;
}

export const SIM_CAMERAS: SimCamera[] = [
  { path: '/cam1', label: 'Gate camera' },
  { path: '/cam2', label: 'Yard camera' },
];

/** RTP payload type of the H.264 stream (ffmpeg's RTP muxer's first dynamic type). */
const PT = 96;
/** A camera nobody plays for this long stops encoding. */
const IDLE_MS = 10_000;
/** Bytes queued on a slow client before its packets are dropped rather than buffered. */
const MAX_QUEUE = 2 * 1024 * 1024;
const MAX_REQUEST = 16 * 1024;

interface Feed {
  camera: SimCamera;
  /** Playing connections and the interleaved channel each asked for. */
  players: Map<Socket, number>;
  pipe?: Promise<RtpPipe>;
  idle?: ReturnType<typeof setTimeout>;
}

interface Session {
  id: string;
  feed: Feed;
  channel: number;
}

export interface RtspServer {
  port: number;
  url(path: string): string;
  close(): Promise<void>;
}

const sdpOf = (camera: SimCamera) =>
  [
    'v=0',
    'o=- 0 0 IN IP4 127.0.0.1',
    `s=${camera.label}`,
    'c=IN IP4 0.0.0.0',
    't=0 0',
    'a=control:*',
    `m=video 0 RTP/AVP ${PT}`,
    `a=rtpmap:${PT} H264/90000`,
    `a=fmtp:${PT} packetization-mode=1`,
    'a=control:trackID=0',
    '',
  ].join('\r\n');

/** Starts the server on `port` (0: any free port); a taken port rejects with one line saying so. */
export async function startRtspServer(opts: {
  port: number;
  host?: string;
  cameras?: SimCamera[];
  ffmpeg?: string;
  log?: (line: string) => void;
}): Promise<RtspServer> {
  const host = opts.host ?? '127.0.0.1';
  const feeds = new Map(
    (opts.cameras ?? SIM_CAMERAS).map((camera): [string, Feed] => [camera.path, { camera, players: new Map() }]),
  );
  const log = opts.log ?? (() => undefined);

  const sockets = new Set<Socket>();
  const encode = async (camera: SimCamera, onRtp: (packet: Buffer) => void) => {
    const font = await labelFont(opts.ffmpeg);
    return startRtpPipe({
      ffmpeg: opts.ffmpeg,
      input: ['-re', '-f', 'lavfi', '-i', 'testsrc2=size=640x480:rate=15'],
      video: '0:v',
      filter: labelFilter(font, camera.label),
      codec: 'h264',
      fps: 15,
      kbps: 600,
      onRtp: (_kind, packet) => onRtp(packet),
    });
  };

  const play = (feed: Feed, socket: Socket, channel: number) => {
    clearTimeout(feed.idle);
    feed.players.set(socket, channel);
    feed.pipe ??= encode(feed.camera, (packet) => {
      for (const [player, ch] of feed.players) {
        if (player.writableLength > MAX_QUEUE) continue;
        const head = Buffer.from([0x24, ch, packet.length >> 8, packet.length & 0xff]);
        player.write(Buffer.concat([head, packet]));
      }
    }).then(
      (pipe) => {
        void pipe.exited.then(({ code, stderr }) => {
          if (feed.pipe)
            log(
              `camera ${feed.camera.path}: ffmpeg stopped (exit ${code})${stderr ? `: ${stderr.split('\n').at(-1)}` : ''}`,
            );
          feed.pipe = undefined;
        });
        return pipe;
      },
      (err: Error) => {
        log(`camera ${feed.camera.path}: ${err.message}`);
        feed.pipe = undefined;
        throw err;
      },
    );
  };

  const leave = (feed: Feed, socket: Socket) => {
    if (!feed.players.delete(socket) || feed.players.size) return;
    feed.idle = setTimeout(() => {
      const pipe = feed.pipe;
      feed.pipe = undefined;
      void pipe?.then((p) => p.stop()).catch(() => undefined);
    }, IDLE_MS);
    feed.idle.unref();
  };

  const server: Server = createServer((socket) => {
    sockets.add(socket);
    let buffer = Buffer.alloc(0);
    const sessions = new Map<string, Session>();
    const reply = (cseq: string | undefined, status: string, headers: Record<string, string> = {}, body = '') => {
      const lines = [
        `RTSP/1.0 ${status}`,
        `CSeq: ${cseq ?? '0'}`,
        'Server: safety-console-sim',
        ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
      ];
      if (body) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
      socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
    };
    const feedOf = (url: string) => {
      let path: string;
      try {
        path = new URL(url).pathname.replace(/\/trackID=\d+$/, '').replace(/\/$/, '');
      } catch {
        return undefined;
      }
      return feeds.get(path);
    };
    const handle = (method: string, url: string, headers: Map<string, string>) => {
      const cseq = headers.get('cseq');
      const session = sessions.get((headers.get('session') ?? '').split(';')[0]!.trim());
      switch (method) {
        case 'OPTIONS':
          return reply(cseq, '200 OK', { Public: 'OPTIONS, DESCRIBE, SETUP, PLAY, TEARDOWN, GET_PARAMETER' });
        case 'DESCRIBE': {
          const feed = feedOf(url);
          if (!feed) return reply(cseq, '404 Not Found');
          return reply(
            cseq,
            '200 OK',
            { 'Content-Base': `${url.replace(/\/$/, '')}/`, 'Content-Type': 'application/sdp' },
            sdpOf(feed.camera),
          );
        }
        case 'SETUP': {
          const feed = feedOf(url);
          if (!feed) return reply(cseq, '404 Not Found');
          const transport = headers.get('transport') ?? '';
          const interleaved = /RTP\/AVP\/TCP/i.test(transport) ? /interleaved=(\d+)/i.exec(transport) : null;
          if (!interleaved) return reply(cseq, '461 Unsupported Transport');
          const channel = Math.min(Number(interleaved[1]), 254);
          const id = session?.id ?? randomBytes(8).toString('hex');
          sessions.set(id, { id, feed, channel });
          return reply(cseq, '200 OK', {
            Transport: `RTP/AVP/TCP;unicast;interleaved=${channel}-${channel + 1}`,
            Session: `${id};timeout=60`,
          });
        }
        case 'PLAY':
          if (!session) return reply(cseq, '454 Session Not Found');
          reply(cseq, '200 OK', { Session: session.id, Range: 'npt=0.000-' });
          return play(session.feed, socket, session.channel);
        case 'TEARDOWN':
          if (session) {
            sessions.delete(session.id);
            leave(session.feed, socket);
          }
          return reply(cseq, '200 OK');
        case 'GET_PARAMETER':
          return reply(cseq, '200 OK', session ? { Session: session.id } : {});
        default:
          return reply(cseq, '405 Method Not Allowed', {
            Allow: 'OPTIONS, DESCRIBE, SETUP, PLAY, TEARDOWN, GET_PARAMETER',
          });
      }
    };
    socket.on('data', (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        // A client's RTCP reports come interleaved on the same connection: skipped.
        if (buffer[0] === 0x24) {
          if (buffer.length < 4) return;
          const length = 4 + buffer.readUInt16BE(2);
          if (buffer.length < length) return;
          buffer = buffer.subarray(length);
          continue;
        }
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) {
          if (buffer.length > MAX_REQUEST) socket.destroy();
          return;
        }
        const [requestLine = '', ...lines] = buffer.subarray(0, end).toString('latin1').split('\r\n');
        const headers = new Map(
          lines.map(
            (l) => [l.slice(0, l.indexOf(':')).trim().toLowerCase(), l.slice(l.indexOf(':') + 1).trim()] as const,
          ),
        );
        const bodyLength = Number(headers.get('content-length') ?? 0) || 0;
        if (buffer.length < end + 4 + bodyLength) return;
        buffer = buffer.subarray(end + 4 + bodyLength);
        const [method = '', url = ''] = requestLine.split(' ');
        if (!/^RTSP\/1\.0$/.test(requestLine.split(' ')[2] ?? '')) {
          socket.end('RTSP/1.0 400 Bad Request\r\n\r\n');
          return;
        }
        handle(method.toUpperCase(), url, headers);
      }
    });
    const gone = () => {
      sockets.delete(socket);
      for (const s of sessions.values()) leave(s.feed, socket);
      sessions.clear();
    };
    socket.on('close', gone);
    socket.on('error', () => socket.destroy());
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        new Error(
          err.code === 'EADDRINUSE'
            ? `RTSP port ${opts.port} is taken (set SIM_RTSP_PORT to a free port, or 0 to turn the test cameras off)`
            : `RTSP server: ${err.message}`,
        ),
      ),
    );
    server.listen(opts.port, host, () => resolve());
  });
  const port = (server.address() as { port: number }).port;
  return {
    port,
    url: (path) => `rtsp://${host}:${port}${path}`,
    async close() {
      for (const feed of feeds.values()) {
        clearTimeout(feed.idle);
        const pipe = feed.pipe;
        feed.pipe = undefined;
        await pipe?.then((p) => p.stop()).catch(() => undefined);
      }
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
