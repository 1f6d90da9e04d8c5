import { REALTIME, voiceNoticeSchema } from '../../../shared/alarms/push';

/** The part of a WebSocket the voice socket uses; tests hand in a fake. */
export interface SocketLike {
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(): void;
}

interface VoiceSocketDeps {
  url: string;
  token: string;
  open: (url: string) => SocketLike;
  speak: (text: string) => void;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (id: unknown) => void;
}

/**
 * Voice-broadcast socket (docs/requirements/realtime-broker.md#voice-broadcast-socket): pings after 25 s without
 * traffic, closes if the ping gets no answer in 25 s more, reconnects 6 s after a close or error, one
 * attempt at a time, and speaks every notice's msgContent.
 */
export function startVoiceSocket(deps: VoiceSocketDeps): () => void {
  let socket: SocketLike | undefined;
  let idle: unknown;
  let pongWait: unknown;
  let retry: unknown;
  let stopped = false;

  const clearHeartbeat = () => {
    if (idle !== undefined) deps.clearTimeout(idle);
    if (pongWait !== undefined) deps.clearTimeout(pongWait);
    idle = pongWait = undefined;
  };

  const armIdle = (ws: SocketLike) => {
    clearHeartbeat();
    idle = deps.setTimeout(() => {
      idle = undefined;
      ws.send(JSON.stringify({ type: 'ping' }));
      pongWait = deps.setTimeout(() => {
        pongWait = undefined;
        ws.close();
        // Some sockets never fire close after close() on a dead link; do not wait for it.
        lost(ws);
      }, REALTIME.voicePongWaitMs);
    }, REALTIME.voiceIdleMs);
  };

  const lost = (ws: SocketLike) => {
    if (ws !== socket) return;
    ws.onopen = ws.onmessage = ws.onclose = ws.onerror = null;
    socket = undefined;
    clearHeartbeat();
    if (stopped || retry !== undefined) return;
    retry = deps.setTimeout(() => {
      retry = undefined;
      connect();
    }, REALTIME.voiceReconnectMs);
  };

  const onMessage = (ws: SocketLike, data: unknown) => {
    armIdle(ws);
    if (data === 'pong' || typeof data !== 'string') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      return;
    }
    const notice = voiceNoticeSchema.safeParse(parsed);
    if (notice.success) deps.speak(notice.data.msgContent);
  };

  function connect(): void {
    if (stopped) return;
    let ws: SocketLike;
    try {
      // The token goes in the first frame, never in the URL (access logs keep URLs).
      ws = deps.open(deps.url);
    } catch {
      retry = deps.setTimeout(() => {
        retry = undefined;
        connect();
      }, REALTIME.voiceReconnectMs);
      return;
    }
    socket = ws;
    ws.onopen = () => {
      ws.send(JSON.stringify({ type: 'auth', token: deps.token }));
      armIdle(ws);
    };
    ws.onmessage = (event) => onMessage(ws, event.data);
    ws.onclose = () => lost(ws);
    ws.onerror = () => lost(ws);
  }

  connect();
  return () => {
    stopped = true;
    if (retry !== undefined) deps.clearTimeout(retry);
    clearHeartbeat();
    const ws = socket;
    socket = undefined;
    if (ws) {
      ws.onopen = ws.onmessage = ws.onclose = ws.onerror = null;
      ws.close();
    }
  };
}

type Synth = Pick<SpeechSynthesis, 'speak'>;
type UtteranceCtor = new (text: string) => SpeechSynthesisUtterance;

/**
 * Speaks `text` in Chinese at the volume, rate and pitch of docs/requirements/constants.md#sockets; silent where
 * speech is missing.
 */
export function speak(
  text: string,
  synth: Synth | undefined = globalThis.speechSynthesis,
  Utterance: UtteranceCtor | undefined = globalThis.SpeechSynthesisUtterance,
): void {
  if (!synth || !Utterance) return;
  try {
    const utterance = new Utterance(text);
    utterance.lang = REALTIME.speech.lang;
    utterance.volume = REALTIME.speech.volume;
    utterance.rate = REALTIME.speech.rate;
    utterance.pitch = REALTIME.speech.pitch;
    synth.speak(utterance);
  } catch {
    // A refused or broken speech engine must not break the socket.
  }
}
