/**
 * The voice-broadcast socket (docs/requirements/realtime-broker.md#voice-broadcast-socket): session token in the first
 * frame or close 4401, 'pong'
 * for a ping, bad frames ignored, critical alarms spoken on the consoles of their recipients only.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { VOICE_WS_PATH, voiceNoticeSchema } from '../../../src/shared/alarms/push';
import { AUTH_WAIT_MS, VOICE_UNAUTHORIZED } from '../../../src/server/push/voice-socket';
import { addTenant, addUser, tenantId } from '../fixtures';
import { buildTestApp, login, post, type TestApp } from '../helper';
import { alarmContext, alarmRecord, sleep } from '../push-helper';

let t: TestApp;
let base: string;
let demoTenant: number;
const open: WebSocket[] = [];

beforeAll(async () => {
  t = await buildTestApp({ embeddedBroker: true });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${VOICE_WS_PATH}`;
  demoTenant = await tenantId(t.app, 'Demo Site');
  await addUser(t.app, { tenant: await addTenant(t.app, 'Elsewhere'), username: 'otheradmin', kind: 'admin' });
});
afterAll(async () => {
  for (const s of open) s.terminate();
  await t?.close();
});

/** A socket that records every text frame and how it closed; `auth` is sent as its first frame. */
function socket(auth?: string) {
  const ws = new WebSocket(base);
  if (auth !== undefined) ws.once('open', () => ws.send(auth));
  open.push(ws);
  const frames: string[] = [];
  ws.on('message', (data) => frames.push(data.toString()));
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const frame = async (n: number, ms = 3000) => {
    const until = Date.now() + ms;
    while (frames.length < n && Date.now() < until) await sleep(20);
    return frames[n - 1];
  };
  return { ws, frames, closed, opened, frame };
}

async function authed(username: string, password: string) {
  const { token } = await login(t.app, username, password);
  const s = socket(JSON.stringify({ type: 'auth', token }));
  await s.opened;
  // The session lookup runs after the upgrade: a ping round trip says it is done.
  s.ws.send(JSON.stringify({ type: 'ping' }));
  expect(await s.frame(1)).toBe('pong');
  s.frames.length = 0;
  return { ...s, token };
}

describe('voice socket', () => {
  it('closes with 4401 without a token, with a bad one, and after logout', async () => {
    expect(await socket(JSON.stringify({ type: 'auth', token: 'nonsense' })).closed).toBe(VOICE_UNAUTHORIZED);
    expect(await socket(JSON.stringify({ type: 'ping' })).closed).toBe(VOICE_UNAUTHORIZED);
    expect(await socket('not json').closed).toBe(VOICE_UNAUTHORIZED);
    // A token in the URL is not a way in: the socket still waits for its auth frame, then closes.
    const { token } = await login(t.app, 'demo', 'demo123');
    const viaUrl = new WebSocket(`${base}?token=${encodeURIComponent(token)}`);
    open.push(viaUrl);
    const started = Date.now();
    expect(await new Promise<number>((resolve) => viaUrl.on('close', (code) => resolve(code)))).toBe(
      VOICE_UNAUTHORIZED,
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(AUTH_WAIT_MS - 500);
    const s = await authed('demo', 'demo123');
    expect((await post(t.app, '/api/auth/auth/logout', undefined, { token: s.token })).code).toBe(0);
    expect(await s.closed).toBe(VOICE_UNAUTHORIZED);
  });

  it('answers pong to pings and ignores every other frame', async () => {
    const s = await authed('demo', 'demo123');
    for (const bad of ['hello', '{"type":"pong"}', '{"kind":"ping"}', 'null', '[1,2]', '{"type":', 'x'.repeat(10_000)])
      s.ws.send(bad);
    s.ws.send(Buffer.from([0xff, 0x00, 0x7b]), { binary: true });
    s.ws.send(JSON.stringify({ type: 'ping', at: 1 }));
    expect(await s.frame(1)).toBe('pong');
    await sleep(200);
    expect(s.frames).toEqual(['pong']);
    expect(s.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('speaks critical alarms on the consoles of their tenant only', async () => {
    const demo = await authed('demo', 'demo123');
    const other = await authed('otheradmin', 'secret1');
    t.app.alarmHub.emit(
      'raised',
      alarmRecord({ tenantId: demoTenant, imei: '869000000000001', type: 13, level: 2, title: '跌倒告警' }),
      alarmContext(),
    );
    const sos = alarmRecord({ tenantId: demoTenant, imei: '869000000000001' });
    t.app.alarmHub.emit('raised', sos, alarmContext());
    const frame = await demo.frame(1);
    expect(voiceNoticeSchema.parse(JSON.parse(frame!))).toEqual({
      msgContent: '紧急告警：Helmet 7 SOS求救',
      alarmId: sos.id,
      level: 3,
    });
    await sleep(200);
    expect(demo.frames).toHaveLength(1);
    expect(other.frames).toEqual([]);
  });

  it('answers a plain GET with 426', async () => {
    const res = await t.app.inject({ method: 'GET', url: VOICE_WS_PATH });
    expect(res.statusCode).toBe(426);
  });
});
