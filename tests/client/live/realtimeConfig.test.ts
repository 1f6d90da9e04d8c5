import { describe, expect, it } from 'vitest';
import { fetchRealtimeConfig, wsUrl } from '../../../src/client/live/realtimeConfig';

const https = { protocol: 'https:', host: 'console.example:8443' };
const http = { protocol: 'http:', host: 'localhost:8080' };
const answer = (body: unknown, status = 200) =>
  (async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

describe('realtime config', () => {
  it('a null broker URL means this host over wss on https', async () => {
    const config = await fetchRealtimeConfig('tok', answer({ mqttUrl: null, voicePath: '/api/voice/ws' }), https);
    expect(config).toEqual({
      mqttUrl: 'wss://console.example:8443/mqtt',
      voiceUrl: 'wss://console.example:8443/api/voice/ws',
    });
  });

  it('a failed call falls back to this host over ws on http', async () => {
    const failing = (async () => {
      throw new TypeError('offline');
    }) as unknown as typeof fetch;
    expect(await fetchRealtimeConfig('tok', failing, http)).toEqual({
      mqttUrl: 'ws://localhost:8080/mqtt',
      voiceUrl: 'ws://localhost:8080/api/voice/ws',
    });
    expect((await fetchRealtimeConfig('tok', answer({}, 500), http)).mqttUrl).toBe('ws://localhost:8080/mqtt');
  });

  it('takes an external broker URL from the bare answer or the envelope, and sends the token', async () => {
    let auth: string | undefined;
    const spy = (async (_url: string, init?: RequestInit) => {
      auth = (init?.headers as Record<string, string>).Authorization;
      return new Response(
        JSON.stringify({ code: 0, msg: 'ok', data: { mqttUrl: 'wss://broker.example/mqtt', voicePath: '/voice' } }),
      );
    }) as unknown as typeof fetch;
    expect(await fetchRealtimeConfig('tok', spy, http)).toEqual({
      mqttUrl: 'wss://broker.example/mqtt',
      voiceUrl: 'ws://localhost:8080/voice',
    });
    expect(auth).toBe('tok');
  });

  it('wsUrl keeps absolute URLs and roots relative paths', () => {
    expect(wsUrl('ws://x/y', https)).toBe('ws://x/y');
    expect(wsUrl('mqtt', http)).toBe('ws://localhost:8080/mqtt');
  });
});
