/**
 * A door unit's own call media: its token through `voiceNet/deviceToken` with its MQTT
 * credentials, and the simulator's door unit (src/sim/media.ts) publishing ffmpeg's VP8 and Opus
 * into the service's SFU, hearing a werift "operator" and leaving when the operator hangs up.
 */
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaStreamTrack, RtpHeader, RtpPacket, type RTCPeerConnection, type RtpPacket as Rtp } from 'werift';
import type { BuildTokenAnswer } from '../../src/shared/alarms/api';
import type { MediaRoomAnswer, MediaSessionAnswer } from '../../src/shared/media';
import type { EmbeddedBroker } from '../../src/server/broker/types';
import { deviceEvents } from '../../src/server/db/schema';
import { consoleUid, deviceUid } from '../../src/server/voice';
import { Fleet } from '../../src/sim/fleet';
import { startCallMedia, type CallMedia } from '../../src/sim/media';
import { toSimDevice } from '../../src/sim/roster';
import { buildTestApp, post, type TestApp } from '../server/helper';
import { addDevices, until, type TestDevice } from '../server/ingest-helper';
import { connected, localSdp, loopbackPeer } from '../server/media-helper';

let t: TestApp;
let door: TestDevice;
let helmet: TestDevice;
let httpBase: string;
let mqttUrl: string;
const peers: RTCPeerConnection[] = [];
const calls: CallMedia[] = [];

beforeAll(async () => {
  t = await buildTestApp({ embeddedBroker: true });
  mqttUrl = `mqtt://127.0.0.1:${await (t.app.broker as EmbeddedBroker).listenTcp(0, '127.0.0.1')}`;
  [door] = (await addDevices(t.app, 1, { kind: 'doorUnit' })) as [TestDevice];
  [helmet] = (await addDevices(t.app, 1)) as [TestDevice];
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  httpBase = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  await Promise.all(calls.map((c) => c.stop()));
  await Promise.all(peers.map((pc) => pc.close().catch(() => undefined)));
  await t?.close();
});

const basic = (imei: string, secret: string) => `Basic ${Buffer.from(`${imei}:${secret}`).toString('base64')}`;

async function deviceToken(body: unknown, authorization?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/device/voiceNet/deviceToken',
    payload: body as object,
    headers: authorization ? { authorization } : {},
  });
  return res.json<{ code: number; key?: string; data: BuildTokenAnswer }>();
}

describe('voiceNet/deviceToken', () => {
  it("answers the door unit's own uid, token and channel to its MQTT credentials", async () => {
    const res = await deviceToken({ roomNo: '0302' }, basic(door.imei, door.secret));
    expect(res.code).toBe(0);
    expect(res.data).toEqual({
      deviceUid: deviceUid(door.imei),
      deviceToken: expect.any(String),
      channel: `${door.imei}_0302`,
      appId: 'local',
    });
    expect(t.app.voice.verify!(res.data.deviceToken, res.data.channel, res.data.deviceUid)).toBe(true);
  });

  it('refuses a wrong secret, no credentials, a device that is not a door unit and a bad body', async () => {
    expect(await deviceToken({ roomNo: '0302' }, basic(door.imei, 'wrong-secret'))).toMatchObject({
      code: 208,
      key: 'badCredentials',
    });
    expect(await deviceToken({ roomNo: '0302' }, basic('869999999999999', door.secret))).toMatchObject({
      code: 208,
      key: 'badCredentials',
    });
    expect(await deviceToken({ roomNo: '0302' })).toMatchObject({ code: 208, key: 'badCredentials' });
    expect(await deviceToken({ roomNo: '0302' }, basic(helmet.imei, helmet.secret))).toMatchObject({
      code: 400,
      key: 'noCommand',
    });
    expect((await deviceToken({}, basic(door.imei, door.secret))).code).toBe(400);
    expect((await deviceToken({ roomNo: 'x'.repeat(33) }, basic(door.imei, door.secret))).code).toBe(400);
  });
});

/** The first bytes of a VP8 key frame's payload: width and height, or undefined for anything else (RFC 7741). */
function vp8KeyFrameSize(payload: Buffer): { width: number; height: number } | undefined {
  let i = 1;
  if (payload[0]! & 0x80) {
    const x = payload[i++]!;
    if (x & 0x80) i += payload[i]! & 0x80 ? 2 : 1;
    if (x & 0x40) i++;
    if (x & 0x30) i++;
  }
  const start = (payload[0]! & 0x10) !== 0 && (payload[0]! & 0x07) === 0;
  if (!start || payload[i]! & 0x01 || payload.readUIntBE(i + 3, 3) !== 0x9d012a) return undefined;
  return { width: payload.readUInt16LE(i + 6) & 0x3fff, height: payload.readUInt16LE(i + 8) & 0x3fff };
}

describe("the simulator's door unit carries the call's media", () => {
  it('publishes VP8 and Opus, hears the operator, and leaves when the operator hangs up', async () => {
    const lines: string[] = [];
    const call = startCallMedia({
      httpBase,
      imei: door.imei,
      secret: door.secret,
      roomNo: '0302',
      holdS: 60,
      log: (l) => lines.push(l),
      heardAfter: 20,
    });
    calls.push(call);
    expect(await call.published).toBe(true);

    const channel = `${door.imei}_0302`;
    const operator = consoleUid(7);
    const auth = { channel, uid: operator, token: t.app.voice.buildToken(channel, operator).token };
    const room = await post<MediaRoomAnswer>(t.app, '/api/media/room', auth);
    expect(room.data.publishers).toMatchObject([
      { uid: deviceUid(door.imei), kinds: expect.arrayContaining(['audio', 'video']) },
    ]);

    // The operator receives the door unit: a VP8 key frame of the 640x480 test pattern, Opus in 20 ms packets.
    const got = { audio: [] as Rtp[], video: [] as Rtp[], codecs: new Set<string>() };
    const offer = await post<MediaSessionAnswer>(t.app, '/api/media/subscribe', {
      ...auth,
      publisher: deviceUid(door.imei),
    });
    expect(offer.code, offer.msg).toBe(0);
    const rtpmap = new Map(
      [...offer.data.sdp.matchAll(/^a=rtpmap:(\d+) ([^/\s]+)/gm)].map((m) => [Number(m[1]), m[2]!.toLowerCase()]),
    );
    const receiving = loopbackPeer(peers);
    receiving.onTrack.subscribe((track) => {
      track.onReceiveRtp.subscribe((rtp) => {
        got.codecs.add(`${track.kind}/${rtpmap.get(rtp.header.payloadType)}`);
        got[track.kind as 'audio' | 'video'].push(rtp);
      });
    });
    await receiving.setRemoteDescription({ type: 'offer', sdp: offer.data.sdp });
    await receiving.setLocalDescription(await receiving.createAnswer());
    expect(
      (await post(t.app, '/api/media/accept', { ...auth, id: offer.data.id, sdp: await localSdp(receiving) })).code,
    ).toBe(0);
    const keyFrame = await until(
      () => got.video.map((p) => vp8KeyFrameSize(p.payload)).find(Boolean),
      10_000,
      'a VP8 key frame from the door unit',
    );
    expect(keyFrame).toEqual({ width: 640, height: 480 });
    await until(() => got.audio.length >= 10, 5_000, 'Opus from the door unit');
    expect(got.codecs).toEqual(new Set(['audio/opus', 'video/vp8']));
    const steps = got.audio.slice(1, 10).map((p, i) => (p.header.timestamp - got.audio[i]!.header.timestamp) >>> 0);
    expect(steps.filter((s) => s === 960).length).toBeGreaterThanOrEqual(6);

    // The operator publishes a microphone; the door unit subscribes and says it heard them.
    const sending = loopbackPeer(peers);
    const mic = new MediaStreamTrack({ kind: 'audio' });
    sending.addTransceiver(mic, { direction: 'sendonly' });
    await sending.setLocalDescription(await sending.createOffer());
    const published = await post<MediaSessionAnswer>(t.app, '/api/media/publish', {
      ...auth,
      sdp: await localSdp(sending),
    });
    expect(published.code, published.msg).toBe(0);
    await sending.setRemoteDescription({ type: 'answer', sdp: published.data.sdp });
    await connected(sending);
    let seq = 0;
    const talking = setInterval(
      () =>
        mic.writeRtp(
          new RtpPacket(new RtpHeader({ sequenceNumber: seq++, timestamp: seq * 960 }), Buffer.alloc(60, 0xfc)),
        ),
      20,
    );
    try {
      const heard = await Promise.race([call.heard, call.ended.then((why) => `ended: ${why}`)]);
      expect(heard).toMatchObject({ uid: operator, audioPackets: 20, audioBytes: 20 * 60 });
    } finally {
      clearInterval(talking);
    }
    expect(lines.some((l) => l.includes(`heard the operator (uid ${operator}): 20 audio packets`))).toBe(true);

    // The operator hangs up: the door unit leaves the room and its ffmpeg is gone.
    const pid = call.ffmpegPid();
    expect(pid).toBeGreaterThan(0);
    expect((await post(t.app, '/api/media/leave', auth)).code).toBe(0);
    expect(await Promise.race([call.ended, new Promise((r) => setTimeout(() => r('still running'), 5_000))])).toBe(
      'hungUp',
    );
    expect(() => process.kill(pid!, 0)).toThrow();
    expect((await post<MediaRoomAnswer>(t.app, '/api/media/room', auth)).data.publishers).toEqual([]);
    expect(call.sent().video).toBeGreaterThan(10);
  }, 30_000);

  it('a missing ffmpeg is one logged line and a clean end, not a crash', async () => {
    const lines: string[] = [];
    const call = startCallMedia({
      httpBase,
      imei: door.imei,
      secret: door.secret,
      roomNo: '0303',
      holdS: 30,
      log: (l) => lines.push(l),
      ffmpeg: '/nonexistent/ffmpeg',
    });
    calls.push(call);
    expect(await call.ended).toBe('failed');
    expect(await call.published).toBe(false);
    expect(lines.join('\n')).toMatch(/ffmpeg not found/);
    const channel = `${door.imei}_0303`;
    const auth = { channel, uid: consoleUid(7), token: t.app.voice.buildToken(channel, consoleUid(7)).token };
    expect((await post<MediaRoomAnswer>(t.app, '/api/media/room', auth)).data.publishers).toEqual([]);
  });

  it('a wrong secret ends the call with the refusal logged', async () => {
    const lines: string[] = [];
    const call = startCallMedia({
      httpBase,
      imei: door.imei,
      secret: 'wrong',
      roomNo: '0304',
      holdS: 30,
      log: (l) => lines.push(l),
    });
    calls.push(call);
    expect(await call.ended).toBe('failed');
    expect(lines.join('\n')).toMatch(/deviceToken: /);
  });

  it("a running fleet's door unit places a demo call: it rings and publishes, and stopping the fleet ends it", async () => {
    const [unit] = (await addDevices(t.app, 1, { kind: 'doorUnit' })) as [TestDevice];
    const lines: string[] = [];
    const fleet = new Fleet([{ device: toSimDevice({ imei: unit.imei, kind: 'doorUnit' })!, secret: unit.secret }], {
      url: mqttUrl,
      intervalS: 3600,
      httpBase,
      log: (l) => lines.push(l),
      callEveryS: 1,
    });
    try {
      await fleet.start();
      const channel = await until(
        () => lines.map((l) => /publishing .* in channel (\S+)/.exec(l)?.[1]).find(Boolean),
        15_000,
        'the demo call',
      );
      const rang = () =>
        t.app.db
          .select()
          .from(deviceEvents)
          .where(and(eq(deviceEvents.deviceId, unit.id), eq(deviceEvents.type, 'call')));
      const event = await until(async () => (await rang())[0], 5_000, 'the call uplink');
      expect(channel).toBe(`${unit.imei}_${(event!.data as { roomNo: string }).roomNo}`);
      const auth = {
        channel: channel!,
        uid: consoleUid(7),
        token: t.app.voice.buildToken(channel!, consoleUid(7)).token,
      };
      expect((await post<MediaRoomAnswer>(t.app, '/api/media/room', auth)).data.publishers.map((p) => p.uid)).toEqual([
        deviceUid(unit.imei),
      ]);
    } finally {
      await fleet.stop();
    }
    expect(lines.some((l) => l.includes('left the call (stopped)'))).toBe(true);
  }, 30_000);
});
