import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { VOICE_WS_PATH, type VoiceNotice } from '../../shared/alarms/push';
import { resolveToken } from '../auth/sessions';

/** Close code for a missing, expired or revoked session (4000-4999 are the application's). */
export const VOICE_UNAUTHORIZED = 4401;
// A console tab or two per user is normal; more is a leak or abuse, and the oldest goes.
const MAX_SOCKETS_PER_USER = 8;
const MAX_FRAME_BYTES = 4096;
/** How long a new socket may take to send its auth frame. */
export const AUTH_WAIT_MS = 5_000;

interface Member {
  userId: number;
  tokenHash: string;
}

/**
 * The voice-broadcast sockets of this process (docs/requirements/realtime-broker.md#voice-broadcast-socket): who is
 * connected, by user, so critical alarms can be spoken on their consoles.
 */
export class VoiceSockets {
  private byUser = new Map<number, Set<WebSocket>>();
  private members = new Map<WebSocket, Member>();

  add(socket: WebSocket, member: Member): void {
    const set = this.byUser.get(member.userId) ?? new Set<WebSocket>();
    this.byUser.set(member.userId, set);
    set.add(socket);
    this.members.set(socket, member);
    if (set.size > MAX_SOCKETS_PER_USER) set.values().next().value?.close(1008, 'too many sockets');
  }

  remove(socket: WebSocket): void {
    const m = this.members.get(socket);
    if (!m) return;
    this.members.delete(socket);
    const set = this.byUser.get(m.userId);
    set?.delete(socket);
    if (set && set.size === 0) this.byUser.delete(m.userId);
  }

  /** Sends to every open socket of these users; returns how many sockets it reached. */
  send(userIds: Iterable<number>, notice: VoiceNotice): number {
    const text = JSON.stringify(notice);
    let n = 0;
    for (const id of userIds) {
      for (const socket of this.byUser.get(id) ?? []) {
        if (socket.readyState !== socket.OPEN) continue;
        socket.send(text);
        n++;
      }
    }
    return n;
  }

  /** A logout or a disabled user: their sockets close like an expired session. */
  drop(match: { userId?: number; tokenHash?: string }): void {
    for (const [socket, m] of this.members) {
      if (
        (match.userId !== undefined && m.userId === match.userId) ||
        (match.tokenHash && m.tokenHash === match.tokenHash)
      ) {
        socket.close(VOICE_UNAUTHORIZED, 'session ended');
      }
    }
  }

  get size(): number {
    return this.members.size;
  }

  closeAll(): void {
    for (const socket of this.members.keys()) socket.terminate();
  }
}

/** Whether a frame is the console's ping: JSON whose `type` is 'ping'. Anything else is ignored. */
function isPing(data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean): boolean {
  if (isBinary) return false;
  const buf = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
  if (buf.length > MAX_FRAME_BYTES) return false;
  try {
    const value: unknown = JSON.parse(buf.toString('utf8'));
    return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'ping';
  } catch {
    return false;
  }
}

/** The session token of the first frame, `{"type":"auth","token":"..."}`, or undefined. */
function authTokenOf(data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean): string | undefined {
  if (isBinary) return undefined;
  const buf = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
  if (buf.length > MAX_FRAME_BYTES) return undefined;
  try {
    const value = JSON.parse(buf.toString('utf8')) as { type?: unknown; token?: unknown } | null;
    return value?.type === 'auth' && typeof value.token === 'string' && value.token.length <= 512
      ? value.token
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * GET VOICE_WS_PATH: a WebSocket that carries voice notices and answers 'pong' to pings. Its first
 * frame must be `{"type":"auth","token":<session token>}` within AUTH_WAIT_MS: the token never
 * travels in the URL, where access logs and proxies would keep it. Anything else closes it 4401.
 */
export async function registerVoiceSocket(app: FastifyInstance, sockets: VoiceSockets): Promise<void> {
  // The embedded broker registers the WebSocket plugin for /mqtt; with an external broker nobody has.
  if (!app.hasDecorator('websocketServer')) await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  app.addHook('preClose', async () => sockets.closeAll());

  app.route({
    method: 'GET',
    url: VOICE_WS_PATH,
    schema: { hide: true },
    handler: (_request, reply) => reply.status(426).send({ code: 426, msg: 'WebSocket upgrade required', data: null }),
    wsHandler: (socket) => {
      let admitted: Promise<boolean> | undefined;
      const timer = setTimeout(() => {
        if (!admitted) socket.close(VOICE_UNAUTHORIZED, 'authenticate first');
      }, AUTH_WAIT_MS);
      const admit = (token: string | undefined) =>
        resolveToken(app, token).then(
          (live) => {
            if (!live || socket.readyState !== socket.OPEN) {
              socket.close(VOICE_UNAUTHORIZED, 'unauthorized');
              return false;
            }
            sockets.add(socket, { userId: live.userId, tokenHash: live.tokenHash });
            return true;
          },
          (err: unknown) => {
            app.log.error({ err }, 'voice socket authentication failed');
            socket.close(1011, 'server error');
            return false;
          },
        );
      socket.on('message', (data, isBinary) => {
        if (!admitted) {
          clearTimeout(timer);
          admitted = admit(authTokenOf(data, isBinary));
          return;
        }
        // Frames that arrive while the session is looked up are answered once it is known.
        void admitted.then((ok) => {
          if (ok && socket.readyState === socket.OPEN && isPing(data, isBinary)) socket.send('pong');
        });
      });
      socket.on('close', () => {
        clearTimeout(timer);
        sockets.remove(socket);
      });
      socket.on('error', () => socket.terminate());
    },
  });
}
