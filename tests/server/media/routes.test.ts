/**
 * The SFU's signalling under /api/media: a door unit and a console, each with the call token of
 * the channel, publish and receive through HTTP; a wrong or foreign token, a broken offer and an
 * absent publisher get their messages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaStreamTrack, RtpHeader, RtpPacket, type RTCPeerConnection } from 'werift';
import type { MediaRoomAnswer, MediaSessionAnswer } from '../../../src/shared/media';
import { callChannel, consoleUid, deviceUid } from '../../../src/server/voice';
import { buildTestApp, post, type TestApp } from '../helper';
import { until } from '../ingest-helper';
import { localSdp, loopbackPeer } from '../media-helper';

let t: TestApp;
const peers: RTCPeerConnection[] = [];
const IMEI = '860000000000042';
const channel = callChannel(IMEI, '0302');
const door = deviceUid(IMEI);
const operator = consoleUid(7);

beforeAll(async () => {
  // A TURN relay with coturn's shared secret: each caller gets credentials of its own (the SFU's own side has none, so it gathers as before).
  t = await buildTestApp({
    config: {
      media: { iceServers: [{ urls: ['turn:127.0.0.1:3478'] }], turnSecret: 'coturn-shared-secret', hostAddresses: [] },
    },
  });
});
afterAll(async () => {
  await Promise.all(peers.map((pc) => pc.close().catch(() => undefined)));
  await t.close();
});

const auth = (uid: string, ch = channel) => ({ channel: ch, uid, token: t.app.voice.buildToken(ch, uid).token });

const peer = () => loopbackPeer(peers);

describe('/api/media', () => {
  it('a door unit publishes and a console receives its audio and video through the signalling routes', async () => {
    const unit = peer();
    const tracks = { audio: new MediaStreamTrack({ kind: 'audio' }), video: new MediaStreamTrack({ kind: 'video' }) };
    unit.addTransceiver(tracks.audio, { direction: 'sendonly' });
    unit.addTransceiver(tracks.video, { direction: 'sendonly' });
    await unit.setLocalDescription(await unit.createOffer());
    const published = await post<MediaSessionAnswer>(t.app, '/api/media/publish', {
      ...auth(door),
      sdp: await localSdp(unit),
    });
    expect(published.code).toBe(0);
    await unit.setRemoteDescription({ type: 'answer', sdp: published.data.sdp });

    const room = await post<MediaRoomAnswer>(t.app, '/api/media/room', auth(operator));
    expect(room.data.publishers.map((p) => p.uid)).toEqual([door]);
    expect(room.data.iceServers).toEqual([
      {
        urls: ['turn:127.0.0.1:3478'],
        username: expect.stringMatching(new RegExp(`^\\d{10}:${operator}$`)),
        credential: expect.stringMatching(/^[A-Za-z0-9+/]{27}=$/),
      },
    ]);

    const consolePc = peer();
    const got = { audio: 0, video: 0 };
    consolePc.onTrack.subscribe((track) =>
      track.onReceiveRtp.subscribe(() => void (got[track.kind as 'audio' | 'video'] += 1)),
    );
    const offer = await post<MediaSessionAnswer>(t.app, '/api/media/subscribe', { ...auth(operator), publisher: door });
    expect(offer.code).toBe(0);
    await consolePc.setRemoteDescription({ type: 'offer', sdp: offer.data.sdp });
    await consolePc.setLocalDescription(await consolePc.createAnswer());
    const accepted = await post(t.app, '/api/media/accept', {
      ...auth(operator),
      id: offer.data.id,
      sdp: await localSdp(consolePc),
    });
    expect(accepted.code).toBe(0);

    let seq = 0;
    await until(
      () => {
        for (const kind of ['audio', 'video'] as const) {
          if (unit.connectionState === 'connected')
            tracks[kind].writeRtp(
              new RtpPacket(new RtpHeader({ sequenceNumber: seq++, timestamp: seq * 960 }), Buffer.from('x')),
            );
        }
        return got.audio > 2 && got.video > 2;
      },
      15_000,
      "the door unit's media at the console",
    );
    // The publisher learns how many receive it (a device on the wall leaves when nobody does); a mere reader of the room has none.
    expect((await post<MediaRoomAnswer>(t.app, '/api/media/room', auth(door))).data.watchers).toBe(1);
    expect((await post<MediaRoomAnswer>(t.app, '/api/media/room', auth(operator))).data.watchers).toBe(0);

    // A valid token of another channel neither answers nor ends these sessions.
    const elsewhere = auth(operator, callChannel('860000000000099', '0101'));
    const stolen = await post(t.app, '/api/media/accept', { ...elsewhere, id: offer.data.id, sdp: 'v=0' });
    expect([stolen.code, stolen.key]).toEqual([400, 'mediaNoSession']);
    await post(t.app, '/api/media/leave', { ...elsewhere, id: published.data.id });
    expect(
      (await post<MediaRoomAnswer>(t.app, '/api/media/room', auth(operator))).data.publishers.map((p) => p.uid),
    ).toEqual([door]);

    expect((await post(t.app, '/api/media/leave', auth(door))).code).toBe(0);
    expect((await post<MediaRoomAnswer>(t.app, '/api/media/room', auth(operator))).data.publishers).toEqual([]);
  }, 40_000);

  it('refuses a wrong token, a token of another channel, a broken offer and an absent publisher', async () => {
    const wrong = await post(t.app, '/api/media/room', { ...auth(operator), token: 'L1.9999999999.' + 'A'.repeat(43) });
    expect([wrong.code, wrong.key]).toEqual([403, 'mediaToken']);
    const foreign = auth(operator, callChannel('860000000000099', '0101'));
    const crossed = await post(t.app, '/api/media/room', { ...foreign, channel });
    expect([crossed.code, crossed.key]).toEqual([403, 'mediaToken']);

    const broken = await post(t.app, '/api/media/publish', { ...auth(door), sdp: 'v=0\r\nnot an offer' });
    expect([broken.code, broken.key]).toEqual([400, 'mediaBadSdp']);
    const absent = await post(t.app, '/api/media/subscribe', { ...auth(operator), publisher: door });
    expect([absent.code, absent.key]).toEqual([400, 'mediaNoPublisher']);
    const badUid = await post(t.app, '/api/media/room', { ...auth(operator), uid: 'admin' });
    expect(badUid.code).toBe(400);
  });
});
