import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { speak, startVoiceSocket, type SocketLike } from '../../../src/client/features/realtime/voiceSocket';

class FakeSocket implements SocketLike {
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  sent: string[] = [];
  closed = false;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
  }
}

describe('voice broadcast socket', () => {
  let sockets: FakeSocket[];
  let spoken: string[];
  let stop: () => void;
  const start = () =>
    startVoiceSocket({
      url: 'ws://console.test/api/voice/ws',
      token: 'a b',
      open: (url) => {
        const socket = new FakeSocket(url);
        sockets.push(socket);
        return socket;
      },
      speak: (text) => spoken.push(text),
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
    });

  beforeEach(() => {
    vi.useFakeTimers();
    sockets = [];
    spoken = [];
    stop = start();
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('opens without the token in the URL, sends it as the first frame, and speaks msgContent, ignoring pong and unparsable frames', () => {
    expect(sockets.map((s) => s.url)).toEqual(['ws://console.test/api/voice/ws']);
    const ws = sockets[0]!;
    ws.onopen?.({});
    expect(ws.sent[0]).toBe(JSON.stringify({ type: 'auth', token: 'a b' }));
    for (const data of ['pong', 'not json', '{"nothing":1}', '{"msgContent":""}', '{"msgContent":"三号楼烟雾告警"}'])
      ws.onmessage?.({ data });
    expect(spoken).toEqual(['三号楼烟雾告警']);
  });

  it('pings after 25 s of silence, and traffic postpones the ping', () => {
    const ws = sockets[0]!;
    ws.onopen?.({});
    vi.advanceTimersByTime(20_000);
    ws.onmessage?.({ data: 'pong' });
    vi.advanceTimersByTime(24_999);
    expect(ws.sent.slice(1)).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ws.sent.slice(1)).toEqual(['{"type":"ping"}']);
  });

  it('a pong keeps the socket; no reply within 25 s more closes it and reconnects 6 s later', () => {
    const ws = sockets[0]!;
    ws.onopen?.({});
    vi.advanceTimersByTime(25_000);
    ws.onmessage?.({ data: 'pong' });
    vi.advanceTimersByTime(25_000 + 24_999);
    expect(ws.closed).toBe(false);
    // The auth frame, then two pings.
    expect(ws.sent).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(ws.closed).toBe(true);
    vi.advanceTimersByTime(5_999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
  });

  it('error then close is one reconnect attempt, 6 s later', () => {
    const ws = sockets[0]!;
    ws.onerror?.({});
    ws.onclose?.({});
    vi.advanceTimersByTime(6_000);
    expect(sockets).toHaveLength(2);
    // The new socket failing at once waits another 6 s, never a burst.
    sockets[1]!.onclose?.({});
    vi.advanceTimersByTime(5_999);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
  });

  it('stopping closes the socket and cancels a pending reconnect', () => {
    sockets[0]!.onclose?.({});
    stop();
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });
});

describe('speech', () => {
  it('speaks Chinese at volume 0.6, rate 2, pitch 1', () => {
    const said: SpeechSynthesisUtterance[] = [];
    class Utterance {
      lang = '';
      volume = 1;
      rate = 1;
      pitch = 0;
      constructor(readonly text: string) {}
    }
    speak('注意', { speak: (u) => void said.push(u) }, Utterance as unknown as typeof SpeechSynthesisUtterance);
    expect(said).toEqual([expect.objectContaining({ text: '注意', lang: 'zh-CN', volume: 0.6, rate: 2, pitch: 1 })]);
  });

  it('is silent where the browser has no speech engine', () => {
    expect(() => speak('注意', undefined, undefined)).not.toThrow();
  });
});
